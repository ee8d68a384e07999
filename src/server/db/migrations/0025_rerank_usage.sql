-- Reranking knowledge candidates is booked as usage like embeddings (docs/decisions/035-rerank-and-tables.md).
ALTER TABLE "usage_records" DROP CONSTRAINT "usage_records_capability_check";--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_capability_check" CHECK ("usage_records"."capability" in ('chat', 'task', 'speech', 'transcription', 'image', 'embedding', 'rerank'));
