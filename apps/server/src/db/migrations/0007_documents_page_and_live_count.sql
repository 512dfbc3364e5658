ALTER TABLE "folders" ADD COLUMN "live_documents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_page_idx" ON "documents" USING btree ("accounting_firm_id","folder_id","start_date","id") WHERE "documents"."deleted_at" IS NULL;--> statement-breakpoint
-- Live documents per folder (the nodes page's total without counting): statement triggers add
-- the live rows a statement brought into each folder and take away those it moved out.
CREATE FUNCTION "documents_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE folders f SET live_documents = f.live_documents + c.n
      FROM (SELECT accounting_firm_id, folder_id, count(*) AS n FROM new_rows
             WHERE deleted_at IS NULL GROUP BY 1, 2) c
     WHERE f.accounting_firm_id = c.accounting_firm_id AND f.id = c.folder_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE folders f SET live_documents = f.live_documents - c.n
      FROM (SELECT accounting_firm_id, folder_id, count(*) AS n FROM old_rows
             WHERE deleted_at IS NULL GROUP BY 1, 2) c
     WHERE f.accounting_firm_id = c.accounting_firm_id AND f.id = c.folder_id;
  ELSE
    UPDATE folders f SET live_documents = f.live_documents + c.n
      FROM (SELECT accounting_firm_id, folder_id, sum(n) AS n FROM (
              SELECT accounting_firm_id, folder_id, -1 AS n FROM old_rows WHERE deleted_at IS NULL
              UNION ALL
              SELECT accounting_firm_id, folder_id, 1 AS n FROM new_rows WHERE deleted_at IS NULL) x
             GROUP BY 1, 2 HAVING sum(n) <> 0) c
     WHERE f.accounting_firm_id = c.accounting_firm_id AND f.id = c.folder_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "documents_count_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_live"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_update" AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_live"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_delete" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_live"();
--> statement-breakpoint
UPDATE "folders" f SET "live_documents" = (SELECT count(*) FROM "documents" d
  WHERE d.accounting_firm_id = f.accounting_firm_id AND d.folder_id = f.id AND d.deleted_at IS NULL);
