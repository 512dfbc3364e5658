CREATE TABLE "folder_themes" (
	"accounting_firm_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "folder_themes_accounting_firm_id_folder_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","folder_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "member_themes" (
	"accounting_firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "member_themes_accounting_firm_id_user_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","user_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_themes" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "vendor_themes_accounting_firm_id_vendor_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","vendor_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_user_themes" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "vendor_user_themes_accounting_firm_id_vendor_id_user_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","vendor_id","user_id","theme_id")
);
--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "effective_theme_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_firm_memberships" ADD COLUMN "all_themes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD COLUMN "all_themes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "all_themes_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "folder_themes" ADD CONSTRAINT "folder_themes_folder_fk" FOREIGN KEY ("accounting_firm_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "folder_themes" ADD CONSTRAINT "folder_themes_theme_fk" FOREIGN KEY ("accounting_firm_id","theme_id") REFERENCES "public"."themes"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_themes" ADD CONSTRAINT "member_themes_member_fk" FOREIGN KEY ("accounting_firm_id","user_id") REFERENCES "public"."accounting_firm_memberships"("accounting_firm_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_themes" ADD CONSTRAINT "member_themes_theme_fk" FOREIGN KEY ("accounting_firm_id","theme_id") REFERENCES "public"."themes"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_themes" ADD CONSTRAINT "vendor_themes_vendor_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_themes" ADD CONSTRAINT "vendor_themes_theme_fk" FOREIGN KEY ("accounting_firm_id","theme_id") REFERENCES "public"."themes"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_user_themes" ADD CONSTRAINT "vendor_user_themes_membership_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","user_id") REFERENCES "public"."vendor_memberships"("accounting_firm_id","vendor_id","user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_user_themes" ADD CONSTRAINT "vendor_user_themes_theme_fk" FOREIGN KEY ("accounting_firm_id","theme_id") REFERENCES "public"."themes"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_themes_theme_idx" ON "folder_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
CREATE INDEX "member_themes_theme_idx" ON "member_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
CREATE INDEX "vendor_themes_theme_idx" ON "vendor_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
CREATE INDEX "vendor_user_themes_theme_idx" ON "vendor_user_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
-- A folder's effective themes: its own, else its parent's. Recomputed for the subtree of the
-- folder whose tags or parent changed, in the statement's transaction (which holds the client
-- file's lock: the tree service takes it before tagging, moving or restoring).
CREATE OR REPLACE FUNCTION folder_effective_themes_refresh(firm integer, top integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE walk(id, eff) AS (
    SELECT f.id, coalesce(
        (SELECT array_agg(ft.theme_id ORDER BY ft.theme_id) FROM folder_themes ft
          WHERE ft.accounting_firm_id = f.accounting_firm_id AND ft.folder_id = f.id),
        (SELECT p.effective_theme_ids FROM folders p
          WHERE p.accounting_firm_id = f.accounting_firm_id AND p.id = f.parent_id),
        '{}'::int[])
      FROM folders f WHERE f.accounting_firm_id = firm AND f.id = top
    UNION ALL
    SELECT c.id, coalesce(
        (SELECT array_agg(ft.theme_id ORDER BY ft.theme_id) FROM folder_themes ft
          WHERE ft.accounting_firm_id = c.accounting_firm_id AND ft.folder_id = c.id),
        walk.eff)
      FROM folders c JOIN walk ON c.parent_id = walk.id
     WHERE c.accounting_firm_id = firm
  )
  UPDATE folders f SET effective_theme_ids = walk.eff FROM walk
   WHERE f.accounting_firm_id = firm AND f.id = walk.id AND f.effective_theme_ids IS DISTINCT FROM walk.eff;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_themes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM folder_effective_themes_refresh(OLD.accounting_firm_id, OLD.folder_id);
  ELSE
    PERFORM folder_effective_themes_refresh(NEW.accounting_firm_id, NEW.folder_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER folder_themes_effective AFTER INSERT OR DELETE ON folder_themes
  FOR EACH ROW EXECUTE FUNCTION folder_themes_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folders_parent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
    PERFORM folder_effective_themes_refresh(NEW.accounting_firm_id, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER folders_effective_themes_moved AFTER UPDATE OF parent_id ON folders
  FOR EACH ROW EXECUTE FUNCTION folders_parent_changed();
--> statement-breakpoint
-- A new folder starts with its parent's effective themes.
CREATE OR REPLACE FUNCTION folders_inherit_themes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    NEW.effective_theme_ids := coalesce((SELECT p.effective_theme_ids FROM folders p
      WHERE p.accounting_firm_id = NEW.accounting_firm_id AND p.id = NEW.parent_id), '{}'::int[]);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER folders_inherit_themes BEFORE INSERT ON folders
  FOR EACH ROW EXECUTE FUNCTION folders_inherit_themes();
--> statement-breakpoint
-- What a person may see by theme is part of their access: cached grants are cleared.
CREATE TRIGGER member_themes_access_changed AFTER INSERT OR UPDATE OR DELETE ON member_themes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_user_themes_access_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_user_themes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER vendor_themes_access_changed AFTER INSERT OR UPDATE OR DELETE ON vendor_themes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
--> statement-breakpoint
CREATE TRIGGER themes_access_changed AFTER INSERT OR UPDATE OF rights, sharing OR DELETE ON themes
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
