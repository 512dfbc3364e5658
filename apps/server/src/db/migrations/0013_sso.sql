CREATE TABLE "identity_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"button_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"browser_hash" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect" text,
	"expires_at" timestamp with time zone NOT NULL,
	"called_back_at" timestamp with time zone,
	"user_id" integer,
	"handed_at" timestamp with time zone,
	CONSTRAINT "sso_attempts_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD CONSTRAINT "sso_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD CONSTRAINT "sso_attempts_provider_fk" FOREIGN KEY ("accounting_firm_id","provider_id") REFERENCES "public"."identity_providers"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_providers_firm_name_key" ON "identity_providers" USING btree ("accounting_firm_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sso_attempts_browser_key" ON "sso_attempts" USING btree ("browser_hash");--> statement-breakpoint
CREATE INDEX "sso_attempts_expires_idx" ON "sso_attempts" USING btree ("expires_at");