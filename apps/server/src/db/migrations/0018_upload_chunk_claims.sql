ALTER TABLE "document_upload_chunks" ADD COLUMN "writing_since" timestamp with time zone;--> statement-breakpoint
-- Unfinished uploads kept their chunks as one file each; the chunks now sit in one file per upload:
-- those uploads start again from their first chunk (the client asks which chunks the server has).
DELETE FROM "document_upload_chunks" c USING "document_uploads" u
 WHERE u."accounting_firm_id" = c."accounting_firm_id" AND u."id" = c."upload_id" AND u."status" <> 'done';
