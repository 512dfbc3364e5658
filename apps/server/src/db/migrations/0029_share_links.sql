CREATE TABLE "share_link_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"share_link_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"user_agent" text NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer,
	"version_id" integer,
	"folder_id" integer
);
--> statement-breakpoint
CREATE TABLE "share_link_settings" (
	"accounting_firm_id" integer PRIMARY KEY NOT NULL,
	"default_hours" integer NOT NULL,
	"max_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"document_id" integer,
	"folder_id" integer,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_downloads" integer,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "share_links_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "share_links_one_target" CHECK (("share_links"."document_id" IS NULL) <> ("share_links"."folder_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "share_link_accesses" ADD CONSTRAINT "share_link_accesses_accounting_firm_id_share_link_id_share_links_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","share_link_id") REFERENCES "public"."share_links"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "share_link_settings" ADD CONSTRAINT "share_link_settings_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_accounting_firm_id_vendor_id_folder_id_folders_accounting_firm_id_vendor_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","vendor_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_accounting_firm_id_document_id_documents_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "share_link_accesses_link_idx" ON "share_link_accesses" USING btree ("accounting_firm_id","share_link_id","id");--> statement-breakpoint
CREATE INDEX "share_links_vendor_idx" ON "share_links" USING btree ("accounting_firm_id","vendor_id","id");