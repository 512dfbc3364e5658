CREATE TABLE "legal_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer
);
--> statement-breakpoint
CREATE TABLE "storage_policies" (
	"accounting_firm_id" integer PRIMARY KEY NOT NULL,
	"quota_bytes" bigint,
	"user_reserved_bytes" bigint DEFAULT 53687091200 NOT NULL,
	"trash_retention_days" integer DEFAULT 30 NOT NULL,
	"version_retention" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "storage_policies" ADD CONSTRAINT "storage_policies_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_holds_active_key" ON "legal_holds" USING btree ("accounting_firm_id","vendor_id") WHERE "legal_holds"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "legal_holds_vendor_idx" ON "legal_holds" USING btree ("accounting_firm_id","vendor_id","set_at");