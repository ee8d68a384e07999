CREATE TABLE "knowledge_postings" (
	"passage_id" integer NOT NULL,
	"assistant_id" integer NOT NULL,
	"term" text NOT NULL,
	"tf" real NOT NULL,
	"exact" boolean NOT NULL,
	"length" real NOT NULL,
	CONSTRAINT "knowledge_postings_passage_id_term_pk" PRIMARY KEY("passage_id","term")
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"assistant_id" integer NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	"exact_df" integer NOT NULL,
	CONSTRAINT "knowledge_terms_assistant_id_term_pk" PRIMARY KEY("assistant_id","term")
);
--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "term_total" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "needs_resplit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_postings" ADD CONSTRAINT "knowledge_postings_passage_id_knowledge_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."knowledge_passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_postings_term_idx" ON "knowledge_postings" USING btree ("assistant_id","term");--> statement-breakpoint
CREATE INDEX "knowledge_terms_prefix_idx" ON "knowledge_terms" USING btree ("assistant_id","term" text_pattern_ops);--> statement-breakpoint
-- Retrieval ranks by BM25 over knowledge_postings and knowledge_terms (features/knowledge/
-- postings.ts); misspelt words are matched against the vocabulary by trigrams. The german tsvector
-- and the trigram index over passage text are no longer read. Passages indexed before this
-- migration get their postings at the next start (knowledge.jobs.ts: indexLegacyKnowledge).
CREATE INDEX "knowledge_terms_trgm_idx" ON "knowledge_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "knowledge_passages_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "knowledge_passages_search_idx";--> statement-breakpoint
ALTER TABLE "knowledge_passages" DROP COLUMN IF EXISTS "search";
