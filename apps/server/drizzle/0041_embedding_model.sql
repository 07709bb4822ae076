-- The admin's choice of embedding model (null: the built-in one), and why building a new model's
-- vectors stopped, shown while search keeps the previous set.
ALTER TABLE "instance_settings" ADD COLUMN "embedding_model" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_embedders" ADD COLUMN "error" text;
