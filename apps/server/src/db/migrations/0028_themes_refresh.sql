-- Issue 26: tagging a folder whose subtree holds 10,000 folders within a second (the bench's
-- target; docs/decisions.md, "Themes: tagging a large subtree").
-- The refresh of effective themes runs without JIT: the planner's estimate of the recursive walk
-- is several times the rows it visits, and compiling the plan cost more than running it.
ALTER FUNCTION folder_effective_themes_refresh(integer, integer) SET jit = off;
--> statement-breakpoint
-- One refresh per folder and statement, not per tag row: changing several tags of a folder at
-- once (or a theme's deletion untagging many folders) walks each subtree once.
DROP TRIGGER folder_themes_effective ON folder_themes;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_themes_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folder_effective_themes_refresh(c.accounting_firm_id, c.folder_id)
    FROM (SELECT DISTINCT accounting_firm_id, folder_id FROM changed) c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER folder_themes_effective_added AFTER INSERT ON folder_themes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folder_themes_rows_changed();
--> statement-breakpoint
CREATE TRIGGER folder_themes_effective_removed AFTER DELETE ON folder_themes
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION folder_themes_rows_changed();
--> statement-breakpoint
-- A change of folders announces its client files once per statement, not once per row: the
-- refresh of a large subtree's effective themes updates every folder of it in one statement.
-- Inserts and deletions keep their row trigger (one row each, as the tree service writes them).
DROP TRIGGER folders_reads_changed ON folders;
--> statement-breakpoint
CREATE TRIGGER folders_reads_changed AFTER INSERT OR DELETE ON folders
  FOR EACH ROW EXECUTE FUNCTION portal_reads_documents_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_reads_folders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_reads', k.accounting_firm_id::text || ':documents:' || k.vendor_id::text)
    FROM (SELECT accounting_firm_id, vendor_id FROM old_rows
          UNION SELECT accounting_firm_id, vendor_id FROM new_rows) k;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER folders_reads_updated AFTER UPDATE ON folders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_reads_folders_updated();
