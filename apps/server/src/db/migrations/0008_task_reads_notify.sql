-- The answers of the task lists and counters, the document pages and the client list are cached per firm in each server process
-- (platform/cache/read-cache.ts). Every change to a row they show notifies `portal_reads` with the
-- firm's id at commit (identical notifications of one transaction are sent once), so each process
-- drops that firm's answers; who sees what is announced on `portal_access` (migration 0002).
CREATE OR REPLACE FUNCTION portal_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_reads', OLD.accounting_firm_id::text);
  ELSE
    PERFORM pg_notify('portal_reads', NEW.accounting_firm_id::text);
    IF TG_OP = 'UPDATE' AND OLD.accounting_firm_id IS DISTINCT FROM NEW.accounting_firm_id THEN
      PERFORM pg_notify('portal_reads', OLD.accounting_firm_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_reads_changed AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER task_items_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_items
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER task_members_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_members
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
-- The client list shows these columns (an edit of the notes or the fiscal data notifies nothing).
CREATE TRIGGER vendors_reads_changed AFTER INSERT OR DELETE OR UPDATE OF company, corporate_name, client_code,
  siren, siret, identifier_type, identifier, status, deactivated_at, accounting_firm_id ON vendors
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER folders_reads_changed AFTER INSERT OR UPDATE OR DELETE ON folders
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER documents_reads_changed AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER document_versions_reads_changed AFTER INSERT OR UPDATE OR DELETE ON document_versions
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER document_reads_reads_changed AFTER INSERT OR UPDATE OR DELETE ON document_reads
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
