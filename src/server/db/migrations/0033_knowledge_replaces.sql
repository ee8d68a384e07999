-- An upload that replaces an earlier file of the same Mika (a new version of «Preisliste.pdf"): the
-- earlier file goes in the same transaction in which the new one becomes ready, so the Mika never
-- knows both versions and never neither (docs/knowledge.md). NULL: replaces nothing.
ALTER TABLE "knowledge_files" ADD COLUMN "replaces_file_id" integer REFERENCES "knowledge_files"("id") ON DELETE SET NULL;
