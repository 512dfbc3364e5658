ALTER TABLE "document_uploads" ADD COLUMN "written_chunks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions open at the upgrade: their chunks already on disk.
UPDATE "document_uploads" u SET "written_chunks" = (
  SELECT count(*) FROM "document_upload_chunks" c
   WHERE c."accounting_firm_id" = u."accounting_firm_id" AND c."upload_id" = u."id" AND c."writing_since" IS NULL);
