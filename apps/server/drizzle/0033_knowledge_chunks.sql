-- Documents split into chunks, each with a full-text vector and, per embedding model, an embedding.
-- Embeddings are stored as real[] on every database: pgvector, where the server has it, is set up at
-- start (knowledge/vector-store.ts) with an HNSW index over a cast of this column, so the same
-- migration runs on PGlite and on a PostgreSQL server without the extension.
ALTER TABLE "documents" ADD COLUMN "index_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "index_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "index_error" text;--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text NOT NULL,
	"heading" text,
	"page" integer,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title || ' ' || coalesce(heading, '')), 'A') || setweight(to_tsvector('english', content), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_chunks_document_ordinal_idx" ON "knowledge_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_user_idx" ON "knowledge_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search");--> statement-breakpoint
CREATE TABLE "knowledge_embedders" (
	"id" text PRIMARY KEY NOT NULL,
	"dims" integer NOT NULL,
	"status" text DEFAULT 'building' NOT NULL,
	"chunks_done" integer DEFAULT 0 NOT NULL,
	"chunks_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "knowledge_vectors" (
	"chunk_id" uuid NOT NULL,
	"embedder" text NOT NULL,
	"dims" integer NOT NULL,
	"embedding" real[] NOT NULL,
	CONSTRAINT "knowledge_vectors_chunk_id_embedder_pk" PRIMARY KEY("chunk_id","embedder")
);
--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD CONSTRAINT "knowledge_vectors_chunk_id_knowledge_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."knowledge_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_vectors_embedder_idx" ON "knowledge_vectors" USING btree ("embedder");
