-- The `portal_reads` notifications carry the kind of data that changed, and the client file or
-- person it concerns where one does: `firm:kind[:scope]` (platform/cache/read-cache.ts). Each
-- process drops only the cached answers that show that kind (a read mark no longer drops the
-- firm's task lists, client list and start-up data). The kinds:
--   tasks      tasks, task items, task members, themes, task themes
--   vendors    the client list's columns of client files
--   documents  folders, documents, versions, scoped by client file
--   reads      read marks, scoped by the person who read
--   people     a person's shown columns (all the firms they belong to)
--   modules    a firm's and its client files' modules (the platform's catalogue still sends '*')
--   firm       the firm's row, white labels, identity providers
-- Identical notifications of one transaction are still sent once.
CREATE OR REPLACE FUNCTION portal_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  suffix text := COALESCE(':' || TG_ARGV[0], '');
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_reads', OLD.accounting_firm_id::text || suffix);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_reads', NEW.accounting_firm_id::text || suffix);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION portal_reads_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_reads', OLD.accounting_firm_id::text || ':documents:' || OLD.vendor_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_reads', NEW.accounting_firm_id::text || ':documents:' || NEW.vendor_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A version has no client file of its own: its document's (when the document is gone, as in a
-- cascade, every client file of the firm).
CREATE FUNCTION portal_reads_version_of(firm integer, document integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT firm::text || ':documents' || COALESCE((SELECT ':' || d.vendor_id::text FROM documents d
    WHERE d.accounting_firm_id = firm AND d.id = document), '')
$$;
--> statement-breakpoint
CREATE FUNCTION portal_reads_versions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_reads', portal_reads_version_of(OLD.accounting_firm_id, OLD.document_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_reads', portal_reads_version_of(NEW.accounting_firm_id, NEW.document_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION portal_reads_marks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_reads', OLD.accounting_firm_id::text || ':reads:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_reads', NEW.accounting_firm_id::text || ':reads:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_reads_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  firm integer;
BEGIN
  FOR firm IN
    SELECT accounting_firm_id FROM accounting_firm_memberships WHERE user_id = NEW.id
    UNION
    SELECT accounting_firm_id FROM vendor_memberships WHERE user_id = NEW.id
  LOOP
    PERFORM pg_notify('portal_reads', firm::text || ':people');
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_reads_firm_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_reads', OLD.id::text || ':firm');
  ELSE
    PERFORM pg_notify('portal_reads', NEW.id::text || ':firm');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER tasks_reads_changed ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_reads_changed AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('tasks');
--> statement-breakpoint
DROP TRIGGER task_items_reads_changed ON task_items;
--> statement-breakpoint
CREATE TRIGGER task_items_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_items
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('tasks');
--> statement-breakpoint
DROP TRIGGER task_members_reads_changed ON task_members;
--> statement-breakpoint
CREATE TRIGGER task_members_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_members
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('tasks');
--> statement-breakpoint
DROP TRIGGER themes_reads_changed ON themes;
--> statement-breakpoint
CREATE TRIGGER themes_reads_changed AFTER INSERT OR UPDATE OR DELETE ON themes
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('tasks');
--> statement-breakpoint
DROP TRIGGER task_themes_reads_changed ON task_themes;
--> statement-breakpoint
CREATE TRIGGER task_themes_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_themes
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('tasks');
--> statement-breakpoint
DROP TRIGGER vendors_reads_changed ON vendors;
--> statement-breakpoint
CREATE TRIGGER vendors_reads_changed AFTER INSERT OR DELETE OR UPDATE OF company, corporate_name, client_code,
  siren, siret, identifier_type, identifier, status, deactivated_at, accounting_firm_id ON vendors
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('vendors');
--> statement-breakpoint
DROP TRIGGER folders_reads_changed ON folders;
--> statement-breakpoint
CREATE TRIGGER folders_reads_changed AFTER INSERT OR UPDATE OR DELETE ON folders
  FOR EACH ROW EXECUTE FUNCTION portal_reads_documents_changed();
--> statement-breakpoint
DROP TRIGGER documents_reads_changed ON documents;
--> statement-breakpoint
CREATE TRIGGER documents_reads_changed AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION portal_reads_documents_changed();
--> statement-breakpoint
DROP TRIGGER document_versions_reads_changed ON document_versions;
--> statement-breakpoint
CREATE TRIGGER document_versions_reads_changed AFTER INSERT OR UPDATE OR DELETE ON document_versions
  FOR EACH ROW EXECUTE FUNCTION portal_reads_versions_changed();
--> statement-breakpoint
DROP TRIGGER document_reads_reads_changed ON document_reads;
--> statement-breakpoint
CREATE TRIGGER document_reads_reads_changed AFTER INSERT OR UPDATE OR DELETE ON document_reads
  FOR EACH ROW EXECUTE FUNCTION portal_reads_marks_changed();
--> statement-breakpoint
DROP TRIGGER accounting_firm_modules_reads_changed ON accounting_firm_modules;
--> statement-breakpoint
CREATE TRIGGER accounting_firm_modules_reads_changed AFTER INSERT OR UPDATE OR DELETE ON accounting_firm_modules
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('modules');
--> statement-breakpoint
DROP TRIGGER vendor_modules_reads_changed ON vendor_modules;
--> statement-breakpoint
CREATE TRIGGER vendor_modules_reads_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_modules
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('modules');
--> statement-breakpoint
DROP TRIGGER white_labels_reads_changed ON white_labels;
--> statement-breakpoint
CREATE TRIGGER white_labels_reads_changed AFTER INSERT OR UPDATE OR DELETE ON white_labels
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('firm');
--> statement-breakpoint
DROP TRIGGER identity_providers_reads_changed ON identity_providers;
--> statement-breakpoint
CREATE TRIGGER identity_providers_reads_changed AFTER INSERT OR UPDATE OR DELETE ON identity_providers
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('firm');
