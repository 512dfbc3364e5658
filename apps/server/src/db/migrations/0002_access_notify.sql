-- Every change that can alter who may do what (sessions, super admin flag, memberships,
-- assignments, client file status, portal deactivation) notifies `portal_access` at commit, so
-- each server process clears its cache of sessions and grants (platform/access/access-cache.ts).
CREATE OR REPLACE FUNCTION portal_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_access', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF is_super_admin OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER accounting_firms_access_changed AFTER UPDATE OF deactivated_at, holding_id OR DELETE ON accounting_firms
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER holding_memberships_access_changed AFTER INSERT OR UPDATE OR DELETE ON holding_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER accounting_firm_memberships_access_changed AFTER INSERT OR UPDATE OR DELETE ON accounting_firm_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER vendors_access_changed AFTER UPDATE OF status, accounting_firm_id OR DELETE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_assignments_access_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_memberships_access_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
