ALTER TABLE "accounting_firms" ADD COLUMN "signature_balance" integer;--> statement-breakpoint
ALTER TABLE "accounting_firms" ADD COLUMN "signature_expiry_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_firms" ADD COLUMN "signature_reminder_days" integer;--> statement-breakpoint
ALTER TABLE "accounting_firms" ADD COLUMN "signature_code_for_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signatories" ADD COLUMN "reminded_at" timestamp with time zone;