-- How a file was read (extract.ts's FILE_READING when it was indexed): a file read by an older
-- reading, of a format whose reading has changed since, is read again in the background
-- (knowledge.jobs.ts, docs/knowledge.md). Files indexed before this column were read by reading 1.
ALTER TABLE "knowledge_files" ADD COLUMN "reading" smallint NOT NULL DEFAULT 1;
