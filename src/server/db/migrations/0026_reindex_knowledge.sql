-- Issue 26, decision 037: the German analyser changed (function words stopwords-iso lacks, numbers
-- with thousands separators as one number), so postings written before would not meet the terms of
-- new questions. The index is emptied here and rebuilt from the stored passages at the next start
-- (knowledge.jobs.ts: indexLegacyKnowledge indexes every ready file whose term_total is 0); the
-- passages, files and vectors stay untouched.
DELETE FROM "knowledge_postings";--> statement-breakpoint
DELETE FROM "knowledge_terms";--> statement-breakpoint
UPDATE "knowledge_files" SET "term_total" = 0, "needs_resplit" = false WHERE "term_total" > 0;
--> statement-breakpoint
-- Each posting names its passage's file: the file level of two-level BM25 reads it without a join.
ALTER TABLE "knowledge_postings" ADD COLUMN "file_id" integer NOT NULL;
--> statement-breakpoint
-- The trigram index on the vocabulary moves onto lower(term) (terms are lower case already): on the
-- plain column PostgreSQL also used it for "term = …" (pg_trgm ≥ 1.6 serves equality), about 25 ms
-- per looked-up word instead of the primary key's fraction of a millisecond. Only the trigram
-- fallback (retrieval.ts: similarTerms, "lower(term) % …") reads it now.
DROP INDEX IF EXISTS "knowledge_terms_trgm_idx";--> statement-breakpoint
CREATE INDEX "knowledge_terms_trgm_idx" ON "knowledge_terms" USING gin (lower("term") gin_trgm_ops);
