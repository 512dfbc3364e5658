CREATE TABLE "dav_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"token" text NOT NULL,
	"path" text NOT NULL,
	"depth" text NOT NULL,
	"scope" text NOT NULL,
	"owner" text,
	"user_id" integer,
	"timeout_seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dav_locks_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "dav_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"node_type" text NOT NULL,
	"node_id" integer NOT NULL,
	"namespace" text NOT NULL,
	"name" text NOT NULL,
	"value_xml" text NOT NULL,
	CONSTRAINT "dav_properties_node_name_key" UNIQUE("accounting_firm_id","node_type","node_id","namespace","name")
);
--> statement-breakpoint
CREATE TABLE "file_share_passwords" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dav_locks" ADD CONSTRAINT "dav_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dav_locks" ADD CONSTRAINT "dav_locks_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "dav_properties" ADD CONSTRAINT "dav_properties_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "file_share_passwords" ADD CONSTRAINT "file_share_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dav_locks_path_idx" ON "dav_locks" USING btree ("accounting_firm_id","vendor_id","path");--> statement-breakpoint
CREATE INDEX "file_share_passwords_user_idx" ON "file_share_passwords" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_share_passwords_label_key" ON "file_share_passwords" USING btree ("user_id",lower("label"));--> statement-breakpoint
-- A verified file-share password is cached with the access cache: a new password under a label or
-- a revocation clears every process's cache (last_used_at changes do not).
CREATE TRIGGER file_share_passwords_access_changed AFTER UPDATE OF password_hash OR DELETE ON file_share_passwords
  FOR EACH STATEMENT EXECUTE FUNCTION portal_access_changed();
