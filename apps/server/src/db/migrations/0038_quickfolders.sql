CREATE TABLE "document_themes" (
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "document_themes_accounting_firm_id_document_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","document_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "quickfolders" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" text NOT NULL,
	"folder_id" integer NOT NULL,
	"rename_pattern" text DEFAULT '' NOT NULL,
	"period_mode" text DEFAULT 'none' NOT NULL,
	"accounting_period_id" integer,
	"theme_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quickfolders_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_themes" ADD CONSTRAINT "document_themes_accounting_firm_id_document_id_documents_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "quickfolders" ADD CONSTRAINT "quickfolders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickfolders" ADD CONSTRAINT "quickfolders_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "document_themes_theme_idx" ON "document_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quickfolders_folder_key" ON "quickfolders" USING btree ("accounting_firm_id","folder_id");--> statement-breakpoint
CREATE INDEX "quickfolders_vendor_idx" ON "quickfolders" USING btree ("accounting_firm_id","vendor_id","id");