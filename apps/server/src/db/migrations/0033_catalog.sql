CREATE TABLE "catalog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_categories_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_offer_categories" (
	"accounting_firm_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "catalog_offer_categories_accounting_firm_id_offer_id_category_id_pk" PRIMARY KEY("accounting_firm_id","offer_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_offer_services" (
	"accounting_firm_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer,
	CONSTRAINT "catalog_offer_services_accounting_firm_id_offer_id_service_id_pk" PRIMARY KEY("accounting_firm_id","offer_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer,
	"duration_value" integer,
	"duration_unit" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_offers_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"reference" text,
	"abbreviation" text,
	"deliverable" text,
	"unit_price_cents" integer NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"vat_rate_bp" integer DEFAULT 2000 NOT NULL,
	"duration_value" integer,
	"duration_unit" text,
	"time_allocation_minutes" integer,
	"commercial_description" text,
	"contractual_description" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"frequency" text DEFAULT 'none' NOT NULL,
	"due_rule_kind" text DEFAULT 'first_due_date' NOT NULL,
	"due_rule_day" integer,
	"due_rule_days" integer,
	"lead_days" integer DEFAULT 0 NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_services_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "catalog_services_amounts" CHECK ("catalog_services"."unit_price_cents" >= 0 AND "catalog_services"."quantity" >= 1),
	CONSTRAINT "catalog_services_lead_days" CHECK ("catalog_services"."lead_days" BETWEEN 0 AND 366)
);
--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_categories" ADD CONSTRAINT "catalog_offer_categories_offer_fk" FOREIGN KEY ("accounting_firm_id","offer_id") REFERENCES "public"."catalog_offers"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_categories" ADD CONSTRAINT "catalog_offer_categories_category_fk" FOREIGN KEY ("accounting_firm_id","category_id") REFERENCES "public"."catalog_categories"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_services" ADD CONSTRAINT "catalog_offer_services_offer_fk" FOREIGN KEY ("accounting_firm_id","offer_id") REFERENCES "public"."catalog_offers"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offer_services" ADD CONSTRAINT "catalog_offer_services_service_fk" FOREIGN KEY ("accounting_firm_id","service_id") REFERENCES "public"."catalog_services"("accounting_firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_offers" ADD CONSTRAINT "catalog_offers_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD CONSTRAINT "catalog_services_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_services" ADD CONSTRAINT "catalog_services_category_fk" FOREIGN KEY ("accounting_firm_id","category_id") REFERENCES "public"."catalog_categories"("accounting_firm_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_categories_firm_name_key" ON "catalog_categories" USING btree ("accounting_firm_id",lower("name"));--> statement-breakpoint
CREATE INDEX "catalog_offer_categories_category_idx" ON "catalog_offer_categories" USING btree ("accounting_firm_id","category_id");--> statement-breakpoint
CREATE INDEX "catalog_offer_services_service_idx" ON "catalog_offer_services" USING btree ("accounting_firm_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_offers_firm_name_key" ON "catalog_offers" USING btree ("accounting_firm_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_services_firm_reference_key" ON "catalog_services" USING btree ("accounting_firm_id",lower("reference")) WHERE "catalog_services"."reference" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_services_firm_abbreviation_key" ON "catalog_services" USING btree ("accounting_firm_id",lower("abbreviation")) WHERE "catalog_services"."abbreviation" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_services_category_idx" ON "catalog_services" USING btree ("accounting_firm_id","category_id");