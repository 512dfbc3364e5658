-- Lists of people cached with a firm's reads (a client file's users) show these columns of a
-- person: a change notifies `portal_reads` for every firm the person belongs to (team or client
-- file). Who belongs where is announced on `portal_access` (migration 0002).
CREATE FUNCTION portal_reads_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  firm integer;
BEGIN
  FOR firm IN
    SELECT accounting_firm_id FROM accounting_firm_memberships WHERE user_id = NEW.id
    UNION
    SELECT accounting_firm_id FROM vendor_memberships WHERE user_id = NEW.id
  LOOP
    PERFORM pg_notify('portal_reads', firm::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_reads_changed AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email
    OR (OLD.password_hash IS NULL) <> (NEW.password_hash IS NULL)
    OR OLD.civility IS DISTINCT FROM NEW.civility
    OR OLD.firstname IS DISTINCT FROM NEW.firstname
    OR OLD.lastname IS DISTINCT FROM NEW.lastname
    OR OLD.birth_city IS DISTINCT FROM NEW.birth_city
    OR OLD.birth_date IS DISTINCT FROM NEW.birth_date
    OR OLD.mobile_number IS DISTINCT FROM NEW.mobile_number)
  EXECUTE FUNCTION portal_reads_person_changed();
