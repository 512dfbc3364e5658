ALTER TABLE "sessions" ADD COLUMN "bound_firm_id" integer;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD COLUMN "bound_firm_id" integer;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "carries_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_bound_firm_id_accounting_firms_id_fk" FOREIGN KEY ("bound_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_bound_firm_id_accounting_firms_id_fk" FOREIGN KEY ("bound_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;