CREATE TABLE "document_search" (
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "document_search_accounting_firm_id_document_id_pk" PRIMARY KEY("accounting_firm_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "document_texts" (
	"source_key" text PRIMARY KEY NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'french' NOT NULL,
	"method" text NOT NULL,
	"pages" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_accounting_firm_id_document_id_documents_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "document_search_tsv_idx" ON "document_search" USING gin ("tsv");--> statement-breakpoint
-- Full-text search (issue 28): French and English configurations that match without accents
-- ("facture" finds "Facturé"); the tsvector is stored because unaccent is not immutable.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION portal_french (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION portal_french
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION portal_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION portal_english
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
-- One document's row of the index: its name (weight A) and its current content's text (B), in
-- the text's language; none when it is trashed or has no version.
CREATE FUNCTION document_search_refresh(firm integer, doc integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_search (accounting_firm_id, document_id, tsv)
  SELECT d.accounting_firm_id, d.id,
         setweight(to_tsvector(c.cfg, regexp_replace(d.name, '[_./\\-]+', ' ', 'g')), 'A')
         || setweight(to_tsvector(c.cfg, left(coalesce(t.content, ''), 200000)), 'B')
    FROM documents d
    JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
    LEFT JOIN document_texts t ON t.source_key = v.blob_key
    CROSS JOIN LATERAL (SELECT (CASE WHEN t.language = 'english' THEN 'portal_english'
                                     ELSE 'portal_french' END)::regconfig AS cfg) c
   WHERE d.accounting_firm_id = firm AND d.id = doc AND d.deleted_at IS NULL
  ON CONFLICT (accounting_firm_id, document_id) DO UPDATE SET tsv = excluded.tsv;
  IF NOT FOUND THEN
    DELETE FROM document_search WHERE accounting_firm_id = firm AND document_id = doc;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION document_search_on_document() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_search_refresh(NEW.accounting_firm_id, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_search_document
  AFTER INSERT OR UPDATE OF name, current_version_id, deleted_at ON documents
  FOR EACH ROW EXECUTE FUNCTION document_search_on_document();--> statement-breakpoint
-- A content's text arrives (or is read again): every live document whose current version it is.
CREATE FUNCTION document_search_on_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_search_refresh(d.accounting_firm_id, d.id)
     FROM document_versions v
     JOIN documents d ON d.accounting_firm_id = v.accounting_firm_id AND d.current_version_id = v.id
    WHERE v.blob_key = NEW.source_key AND d.deleted_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_search_text
  AFTER INSERT OR UPDATE ON document_texts
  FOR EACH ROW EXECUTE FUNCTION document_search_on_text();--> statement-breakpoint
-- The documents filed before: their names are found at once, their contents once the backfill
-- job has read them.
SELECT document_search_refresh(accounting_firm_id, id) FROM documents
 WHERE deleted_at IS NULL AND current_version_id IS NOT NULL;
