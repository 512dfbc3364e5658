CREATE TABLE "accounting_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_periods_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "siret_registry" (
	"siret" text PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tree_structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer,
	"name" text NOT NULL,
	"folders" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"type" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"post_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_assignments" DROP CONSTRAINT "vendor_assignments_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_memberships" DROP CONSTRAINT "vendor_memberships_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_modules" DROP CONSTRAINT "vendor_modules_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk";
--> statement-breakpoint
UPDATE "vendors" SET "identifier_type" = 'siret' WHERE "identifier_type" IS NULL;--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "identifier_type" SET DEFAULT 'siret';--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "identifier_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD COLUMN "job" text;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD COLUMN "module_keys" jsonb;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "naf_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "capital" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "employee_number" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rcs" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rum" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "creation_date" date;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "closing_date" date;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "mission_letter_date" date;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tree_structure_id" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "notifications_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "fiscal" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "siret_registry" ADD CONSTRAINT "siret_registry_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tree_structures" ADD CONSTRAINT "tree_structures_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_addresses" ADD CONSTRAINT "vendor_addresses_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_banks" ADD CONSTRAINT "vendor_banks_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "accounting_periods_vendor_idx" ON "accounting_periods" USING btree ("accounting_firm_id","vendor_id","start_date");--> statement-breakpoint
CREATE INDEX "tree_structures_firm_idx" ON "tree_structures" USING btree ("accounting_firm_id");--> statement-breakpoint
CREATE INDEX "vendor_addresses_vendor_idx" ON "vendor_addresses" USING btree ("accounting_firm_id","vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_banks_vendor_idx" ON "vendor_banks" USING btree ("accounting_firm_id","vendor_id");--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD CONSTRAINT "vendor_memberships_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_modules" ADD CONSTRAINT "vendor_modules_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;