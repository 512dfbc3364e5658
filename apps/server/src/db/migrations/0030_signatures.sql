CREATE TABLE "signatories" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"user_id" integer,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"locale" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"link_hash" text,
	"otp_hash" text,
	"otp_tries" smallint DEFAULT 0 NOT NULL,
	"otp_expires_at" timestamp with time zone,
	"access_hash" text,
	"access_expires_at" timestamp with time zone,
	"asked_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"refusal_reason" text,
	"method" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatories_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "signatories_position_key" UNIQUE("request_id","position"),
	CONSTRAINT "signatories_link_key" UNIQUE("link_hash")
);
--> statement-breakpoint
CREATE TABLE "signature_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"signatory_id" integer,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"data" jsonb NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"signatory_id" integer NOT NULL,
	"page" integer NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"width" real NOT NULL,
	"height" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"source_sha256" text NOT NULL,
	"current_blob_key" text NOT NULL,
	"name" text NOT NULL,
	"message" text,
	"ordering" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminder_every_days" smallint,
	"origin_kind" text,
	"origin_id" integer,
	"signed_version_id" integer,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_requests_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "signing_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"source" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificates_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "signatories" ADD CONSTRAINT "signatories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatories" ADD CONSTRAINT "signatories_request_fk" FOREIGN KEY ("accounting_firm_id","request_id") REFERENCES "public"."signature_requests"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signature_events" ADD CONSTRAINT "signature_events_request_fk" FOREIGN KEY ("accounting_firm_id","request_id") REFERENCES "public"."signature_requests"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_request_fk" FOREIGN KEY ("accounting_firm_id","request_id") REFERENCES "public"."signature_requests"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_signatory_fk" FOREIGN KEY ("accounting_firm_id","signatory_id") REFERENCES "public"."signatories"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_vendor_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_document_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatories_request_idx" ON "signatories" USING btree ("accounting_firm_id","request_id");--> statement-breakpoint
CREATE INDEX "signatories_user_idx" ON "signatories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signature_events_request_idx" ON "signature_events" USING btree ("accounting_firm_id","request_id","id");--> statement-breakpoint
CREATE INDEX "signature_fields_request_idx" ON "signature_fields" USING btree ("accounting_firm_id","request_id");--> statement-breakpoint
CREATE INDEX "signature_requests_vendor_idx" ON "signature_requests" USING btree ("accounting_firm_id","vendor_id","id");--> statement-breakpoint
CREATE INDEX "signature_requests_document_idx" ON "signature_requests" USING btree ("accounting_firm_id","document_id");--> statement-breakpoint
CREATE INDEX "signature_requests_blob_idx" ON "signature_requests" USING btree ("current_blob_key");--> statement-breakpoint
CREATE INDEX "signing_certificates_firm_idx" ON "signing_certificates" USING btree ("accounting_firm_id","active");