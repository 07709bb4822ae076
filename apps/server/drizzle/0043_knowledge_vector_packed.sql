-- The exact fallback (no pgvector) reads every unit into the server at start: from real[] text that
-- took over a minute per 100,000 units, from these int8 bytes about a second. Filled at indexing and,
-- for units stored before, by the first load. added_at lets each process read in only what others added.
ALTER TABLE "knowledge_vectors" ADD COLUMN "packed" bytea;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "knowledge_vectors_added_at_idx" ON "knowledge_vectors" USING btree ("embedder","added_at");
