CREATE TABLE "accounting_firm_products" (
	"accounting_firm_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "accounting_firm_products_accounting_firm_id_product_id_pk" PRIMARY KEY("accounting_firm_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "feature_flag_overrides" (
	"flag_id" integer NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "feature_flag_overrides_flag_id_accounting_firm_id_pk" PRIMARY KEY("flag_id","accounting_firm_id")
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_parameters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nps_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hide_message" boolean DEFAULT false NOT NULL,
	"form" jsonb NOT NULL,
	"min_days" integer DEFAULT 90 NOT NULL,
	"rejection_count" integer DEFAULT 3 NOT NULL,
	"collection_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_modules" (
	"product_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	CONSTRAINT "product_modules_product_id_module_id_pk" PRIMARY KEY("product_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"payment_reference" text,
	"crm_reference" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_firm_products" ADD CONSTRAINT "accounting_firm_products_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firm_products" ADD CONSTRAINT "accounting_firm_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_overrides" ADD CONSTRAINT "feature_flag_overrides_flag_id_feature_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."feature_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_overrides" ADD CONSTRAINT "feature_flag_overrides_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_modules" ADD CONSTRAINT "product_modules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_modules" ADD CONSTRAINT "product_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_firm_products_product_idx" ON "accounting_firm_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "feature_flag_overrides_firm_idx" ON "feature_flag_overrides" USING btree ("accounting_firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flags_name_key" ON "feature_flags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_key" ON "products" USING btree ("name");