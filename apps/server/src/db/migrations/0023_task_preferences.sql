CREATE TABLE "task_preferences" (
	"accounting_firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"admin_mode" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_preferences_accounting_firm_id_user_id_pk" PRIMARY KEY("accounting_firm_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "task_preferences" ADD CONSTRAINT "task_preferences_membership_fk" FOREIGN KEY ("accounting_firm_id","user_id") REFERENCES "public"."accounting_firm_memberships"("accounting_firm_id","user_id") ON DELETE cascade ON UPDATE no action;