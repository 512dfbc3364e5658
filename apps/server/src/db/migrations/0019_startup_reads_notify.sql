-- A firm's start-up data (white labels, modules, sign-in buttons: `GET /api/`, the first call of
-- every page) is cached with the firm's reads: its white labels, identity providers and own row
-- notify `portal_reads` with the firm's id at commit.
CREATE TRIGGER white_labels_reads_changed AFTER INSERT OR UPDATE OR DELETE ON white_labels
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER identity_providers_reads_changed AFTER INSERT OR UPDATE OR DELETE ON identity_providers
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE FUNCTION portal_reads_firm_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_reads', OLD.id::text);
  ELSE
    PERFORM pg_notify('portal_reads', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounting_firms_reads_changed AFTER UPDATE OR DELETE ON accounting_firms
  FOR EACH ROW EXECUTE FUNCTION portal_reads_firm_changed();
