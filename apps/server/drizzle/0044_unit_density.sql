-- A unit's density: the mean cosine similarity of its ten nearest other units among its owner's
-- units of the same embedder. Search subtracts part of it, so a unit near everything (a hub) stops
-- answering every question. kth_similarity is the tenth neighbour's, what a new unit must beat to
-- change it. Null until indexing computes them (a job queued at start for vectors from before).
ALTER TABLE "knowledge_vectors" ADD COLUMN "density" real;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD COLUMN "kth_similarity" real;
