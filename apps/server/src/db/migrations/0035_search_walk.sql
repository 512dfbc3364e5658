-- Search at a million documents (issue 28): the index row carries its document's client file and
-- folder, so a search checks the access rule on the rows it walks and joins only the page's hits.
ALTER TABLE "document_search" ADD COLUMN "vendor_id" integer;--> statement-breakpoint
ALTER TABLE "document_search" ADD COLUMN "folder_id" integer;--> statement-breakpoint
UPDATE "document_search" s SET "vendor_id" = d."vendor_id", "folder_id" = d."folder_id"
  FROM "documents" d WHERE d."accounting_firm_id" = s."accounting_firm_id" AND d."id" = s."document_id";--> statement-breakpoint
ALTER TABLE "document_search" ALTER COLUMN "vendor_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_search" ALTER COLUMN "folder_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "folders_themed_idx" ON "folders" USING btree ("accounting_firm_id","vendor_id") WHERE cardinality("folders"."effective_theme_ids") > 0;--> statement-breakpoint
CREATE INDEX "document_search_vendor_idx" ON "document_search" USING btree ("accounting_firm_id","vendor_id","document_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_search_refresh(firm integer, doc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_search (accounting_firm_id, document_id, vendor_id, folder_id, tsv)
  SELECT d.accounting_firm_id, d.id, d.vendor_id, d.folder_id,
         setweight(to_tsvector(c.cfg, regexp_replace(d.name, '[_./\\-]+', ' ', 'g')), 'A')
         || setweight(to_tsvector(c.cfg, left(coalesce(t.content, ''), 200000)), 'B')
    FROM documents d
    JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
    LEFT JOIN document_texts t ON t.source_key = v.blob_key
    CROSS JOIN LATERAL (SELECT (CASE WHEN t.language = 'english' THEN 'portal_english'
                                     ELSE 'portal_french' END)::regconfig AS cfg) c
   WHERE d.accounting_firm_id = firm AND d.id = doc AND d.deleted_at IS NULL
  ON CONFLICT (accounting_firm_id, document_id)
  DO UPDATE SET tsv = excluded.tsv, vendor_id = excluded.vendor_id, folder_id = excluded.folder_id;
  IF NOT FOUND THEN
    DELETE FROM document_search WHERE accounting_firm_id = firm AND document_id = doc;
  END IF;
END $$;--> statement-breakpoint
-- A move keeps the text: only the row's place follows (no new tsvector).
CREATE FUNCTION document_search_on_place() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_search SET vendor_id = NEW.vendor_id, folder_id = NEW.folder_id
   WHERE accounting_firm_id = NEW.accounting_firm_id AND document_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_search_place
  AFTER UPDATE OF folder_id, vendor_id ON documents
  FOR EACH ROW WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.vendor_id IS DISTINCT FROM NEW.vendor_id)
  EXECUTE FUNCTION document_search_on_place();
