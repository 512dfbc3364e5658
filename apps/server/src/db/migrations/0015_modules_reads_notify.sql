-- The modules a firm's people and a client file's users see (`GET /api/vendors/{id}/roles`, the
-- firm's modules) are cached with the firm's reads (platform/cache/read-cache.ts): a change to a
-- firm's or a client file's modules notifies `portal_reads` with the firm's id; a change to the
-- platform's catalogue of modules concerns every firm ('*': every process drops every firm's reads).
CREATE TRIGGER accounting_firm_modules_reads_changed AFTER INSERT OR UPDATE OR DELETE ON accounting_firm_modules
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_modules_reads_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_modules
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE FUNCTION portal_reads_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_reads', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER modules_reads_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON modules
  FOR EACH STATEMENT EXECUTE FUNCTION portal_reads_all_changed();
