CREATE TABLE "dav_scratch_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"from_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dav_scratch_files" ADD CONSTRAINT "dav_scratch_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dav_scratch_files" ADD CONSTRAINT "dav_scratch_files_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "dav_scratch_files_name_key" ON "dav_scratch_files" USING btree ("accounting_firm_id","vendor_id","folder_id","user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dav_scratch_files_expiry_idx" ON "dav_scratch_files" USING btree ("expires_at");