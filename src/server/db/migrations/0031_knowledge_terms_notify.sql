-- Every instance keeps the vocabulary of the Mikas it answers for in memory (knowledge/term-cache.ts:
-- compound splitting and head expansion of a question without a round trip). A change of an
-- assistant's terms — a file indexed, re-split or deleted, the assistant or its team erased —
-- tells every instance at once, once per statement and assistant, on 'mika_knowledge' (payload:
-- the assistant id; pg_notify folds repeats within a transaction and sends at commit).
CREATE OR REPLACE FUNCTION mika_knowledge_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('mika_knowledge', a::text) FROM (SELECT DISTINCT assistant_id AS a FROM old_terms) s;
  ELSE
    PERFORM pg_notify('mika_knowledge', a::text) FROM (SELECT DISTINCT assistant_id AS a FROM new_terms) s;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_inserted AFTER INSERT ON "knowledge_terms" REFERENCING NEW TABLE AS new_terms FOR EACH STATEMENT EXECUTE FUNCTION mika_knowledge_terms_changed();
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_updated AFTER UPDATE ON "knowledge_terms" REFERENCING NEW TABLE AS new_terms FOR EACH STATEMENT EXECUTE FUNCTION mika_knowledge_terms_changed();
--> statement-breakpoint
CREATE TRIGGER knowledge_terms_deleted AFTER DELETE ON "knowledge_terms" REFERENCING OLD TABLE AS old_terms FOR EACH STATEMENT EXECUTE FUNCTION mika_knowledge_terms_changed();
