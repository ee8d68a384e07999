-- Issue 33, decision 045: a question's meaning (projected embedding) for topics by vectors.
ALTER TABLE "asked_questions" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "asked_questions" ADD COLUMN "embedding_model" text;
