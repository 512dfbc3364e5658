CREATE TABLE "dav_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visible_accounting_firm_ids" integer[],
	"folder_format" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dav_preferences" ADD CONSTRAINT "dav_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The drive's tree is cached with the access cache: a change of preferences clears every process's cache.
CREATE TRIGGER dav_preferences_access_changed AFTER INSERT OR UPDATE OR DELETE ON dav_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
