CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"accounting_firm_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"hit_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "sessions_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text,
	"lastname" text,
	"title" text,
	"civility" text,
	"dark_mode" boolean,
	"locale" text,
	"mobile_number" text,
	"address" text,
	"post_code" text,
	"city" text,
	"country" text,
	"birth_date" date,
	"birth_city" text,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "accounting_firm_modules" (
	"accounting_firm_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "accounting_firm_modules_accounting_firm_id_module_id_pk" PRIMARY KEY("accounting_firm_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_firms" (
	"id" serial PRIMARY KEY NOT NULL,
	"holding_id" integer,
	"name" text NOT NULL,
	"domain" text,
	"welcome_message" text,
	"leader_firstname" text,
	"leader_lastname" text,
	"leader_email" text,
	"is_accountant" boolean DEFAULT false NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_home" boolean DEFAULT false NOT NULL,
	"is_navbar" boolean DEFAULT true NOT NULL,
	"is_settings" boolean DEFAULT false NOT NULL,
	"audience" text DEFAULT 'both' NOT NULL,
	CONSTRAINT "modules_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"version" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "terms_firm_version_locale_key" UNIQUE("accounting_firm_id","version","locale")
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"accounting_firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_acceptances_accounting_firm_id_user_id_version_pk" PRIMARY KEY("accounting_firm_id","user_id","version")
);
--> statement-breakpoint
CREATE TABLE "white_labels" (
	"accounting_firm_id" integer NOT NULL,
	"theme" text NOT NULL,
	"name" text NOT NULL,
	"logo" "bytea",
	"logo_mime" text,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_labels_accounting_firm_id_theme_pk" PRIMARY KEY("accounting_firm_id","theme")
);
--> statement-breakpoint
CREATE TABLE "accounting_firm_memberships" (
	"accounting_firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"is_group_admin" boolean DEFAULT false NOT NULL,
	"all_vendors" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_firm_memberships_accounting_firm_id_user_id_pk" PRIMARY KEY("accounting_firm_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "holding_memberships" (
	"holding_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_memberships_holding_id_user_id_pk" PRIMARY KEY("holding_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_assignments" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_assignments_accounting_firm_id_vendor_id_user_id_pk" PRIMARY KEY("accounting_firm_id","vendor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_memberships" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"revoked_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_memberships_accounting_firm_id_vendor_id_user_id_pk" PRIMARY KEY("accounting_firm_id","vendor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_modules" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "vendor_modules_accounting_firm_id_vendor_id_module_id_pk" PRIMARY KEY("accounting_firm_id","vendor_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"company" text NOT NULL,
	"corporate_name" text,
	"client_code" text NOT NULL,
	"siren" text,
	"siret" text,
	"identifier_type" text,
	"identifier" text,
	"status" text DEFAULT 'active' NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "vendors_firm_client_code_key" UNIQUE("accounting_firm_id","client_code")
);
--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firm_modules" ADD CONSTRAINT "accounting_firm_modules_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firm_modules" ADD CONSTRAINT "accounting_firm_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firms" ADD CONSTRAINT "accounting_firms_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_labels" ADD CONSTRAINT "white_labels_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firm_memberships" ADD CONSTRAINT "accounting_firm_memberships_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_firm_memberships" ADD CONSTRAINT "accounting_firm_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_memberships" ADD CONSTRAINT "holding_memberships_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_memberships" ADD CONSTRAINT "holding_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_accounting_firm_id_user_id_accounting_firm_memberships_accounting_firm_id_user_id_fk" FOREIGN KEY ("accounting_firm_id","user_id") REFERENCES "public"."accounting_firm_memberships"("accounting_firm_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD CONSTRAINT "vendor_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD CONSTRAINT "vendor_memberships_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_modules" ADD CONSTRAINT "vendor_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_modules" ADD CONSTRAINT "vendor_modules_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_idx" ON "rate_limit_hits" USING btree ("bucket","hit_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_firms_domain_key" ON "accounting_firms" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "accounting_firms_holding_idx" ON "accounting_firms" USING btree ("holding_id");--> statement-breakpoint
CREATE INDEX "firm_memberships_user_idx" ON "accounting_firm_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "holding_memberships_user_idx" ON "holding_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vendor_assignments_user_idx" ON "vendor_assignments" USING btree ("accounting_firm_id","user_id");--> statement-breakpoint
CREATE INDEX "vendor_memberships_user_idx" ON "vendor_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vendors_firm_status_idx" ON "vendors" USING btree ("accounting_firm_id","status");