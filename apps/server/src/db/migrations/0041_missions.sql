CREATE TABLE "mission_members" (
	"accounting_firm_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "mission_members_accounting_firm_id_mission_id_user_id_pk" PRIMARY KEY("accounting_firm_id","mission_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mission_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"mission_service_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"due_date" date NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_occurrences_service_period_key" UNIQUE("mission_service_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "mission_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"offer_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "mission_services_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "mission_services_amounts" CHECK ("mission_services"."unit_price_cents" >= 0 AND "mission_services"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"name" text NOT NULL,
	"reference" text,
	"status" text DEFAULT 'not_signed' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"manager_id" integer,
	"renewal" boolean DEFAULT false NOT NULL,
	"recurrences" integer DEFAULT 0 NOT NULL,
	"first_due_date" date,
	"signed_at" timestamp with time zone,
	"signed_document_id" integer,
	"done_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "missions_dates" CHECK ("missions"."end_date" >= "missions"."start_date"),
	CONSTRAINT "missions_recurrences" CHECK ("missions"."recurrences" BETWEEN 0 AND 99)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "mission_id" integer;--> statement-breakpoint
ALTER TABLE "mission_members" ADD CONSTRAINT "mission_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_members" ADD CONSTRAINT "mission_members_mission_fk" FOREIGN KEY ("accounting_firm_id","mission_id") REFERENCES "public"."missions"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "mission_occurrences" ADD CONSTRAINT "mission_occurrences_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_occurrences" ADD CONSTRAINT "mission_occurrences_service_fk" FOREIGN KEY ("accounting_firm_id","mission_service_id") REFERENCES "public"."mission_services"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "mission_services" ADD CONSTRAINT "mission_services_service_id_catalog_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."catalog_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_services" ADD CONSTRAINT "mission_services_offer_id_catalog_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."catalog_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_services" ADD CONSTRAINT "mission_services_mission_fk" FOREIGN KEY ("accounting_firm_id","mission_id") REFERENCES "public"."missions"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_vendor_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "mission_occurrences_task_idx" ON "mission_occurrences" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "mission_services_mission_idx" ON "mission_services" USING btree ("accounting_firm_id","mission_id","position");--> statement-breakpoint
CREATE INDEX "mission_services_service_idx" ON "mission_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "missions_vendor_name_idx" ON "missions" USING btree ("accounting_firm_id","vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "missions_firm_name_idx" ON "missions" USING btree ("accounting_firm_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tasks_mission_idx" ON "tasks" USING btree ("mission_id") WHERE "tasks"."mission_id" IS NOT NULL;