CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer,
	"actor_user_id" integer,
	"actor_kind" text DEFAULT 'user' NOT NULL,
	"impersonator_user_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_name" text,
	"ip" "inet",
	"user_agent" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text,
	"hash" text
);
--> statement-breakpoint
CREATE TABLE "audit_export_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"filters" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_settings" (
	"accounting_firm_id" integer PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_settings_retention_check" CHECK ("audit_settings"."retention_days" BETWEEN 90 AND 3650)
);
--> statement-breakpoint
ALTER TABLE "audit_export_links" ADD CONSTRAINT "audit_export_links_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_export_links" ADD CONSTRAINT "audit_export_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_settings" ADD CONSTRAINT "audit_settings_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_firm_time_idx" ON "audit_events" USING btree ("accounting_firm_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_firm_vendor_time_idx" ON "audit_events" USING btree ("accounting_firm_id","vendor_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_firm_subject_idx" ON "audit_events" USING btree ("accounting_firm_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_events_firm_actor_time_idx" ON "audit_events" USING btree ("accounting_firm_id","actor_user_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_export_links_expires_idx" ON "audit_export_links" USING btree ("expires_at");--> statement-breakpoint
-- The row as hashed: every column but the hashes, in a fixed order, the time in UTC with its
-- microseconds (jsonb's text is canonical). Used by the insert trigger and by the verification.
CREATE FUNCTION audit_event_hash(e audit_events, prev text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || jsonb_build_array(
    e.id, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.accounting_firm_id, e.vendor_id, e.actor_user_id, e.actor_kind, e.impersonator_user_id,
    e.action, e.subject_type, e.subject_id, e.subject_name, host(e.ip), e.user_agent, e.request_id,
    e.details)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Each firm's rows form one chain: the firm is locked for the transaction (a transaction-level
-- advisory lock), so ids and links follow the commit order.
CREATE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(31002, NEW.accounting_firm_id);
  SELECT hash INTO NEW.prev_hash FROM audit_events
    WHERE accounting_firm_id = NEW.accounting_firm_id ORDER BY id DESC LIMIT 1;
  NEW.hash := audit_event_hash(NEW, NEW.prev_hash);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
-- Append-only: no change, no deletion, except by `audit_purge` (which sets portal.audit_purge for
-- its own transaction).
CREATE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- The retention purge, the one way rows leave: each firm's rows older than its retention (else
-- the default given, AUDIT_RETENTION_DAYS). Returns how many rows it deleted.
CREATE FUNCTION audit_purge(default_days integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM set_config('portal.audit_purge', 'on', true);
  DELETE FROM audit_events e
    WHERE e.occurred_at < now() - make_interval(days => coalesce(
      (SELECT s.retention_days FROM audit_settings s WHERE s.accounting_firm_id = e.accounting_firm_id),
      default_days));
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('portal.audit_purge', 'off', true);
  RETURN n;
END
$$;
