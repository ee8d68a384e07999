-- Rows store storage keys (e.g. `logos/abc.png`), not URLs: the file may live on local disk or in
-- an S3 bucket, and the URL is made when the row is sent (platform/storage.ts publicUrl).
UPDATE "assistants" SET "image" = substr("image", 10) WHERE "image" LIKE '/storage/%';--> statement-breakpoint
UPDATE "assistants" SET "logo" = substr("logo", 10) WHERE "logo" LIKE '/storage/%';
