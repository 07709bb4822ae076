-- A chunk is embedded as several units (paragraphs, or a few sentences of a long one), each a row.
ALTER TABLE "knowledge_vectors" ADD COLUMN "unit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" DROP CONSTRAINT "knowledge_vectors_chunk_id_embedder_pk";--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD CONSTRAINT "knowledge_vectors_chunk_id_embedder_unit_pk" PRIMARY KEY("chunk_id","embedder","unit");--> statement-breakpoint
-- Documents embedded whole are indexed again by units; search reads their old vectors meanwhile.
UPDATE "documents" SET "index_state" = 'pending', "index_progress" = 0 WHERE "index_state" = 'ready';
