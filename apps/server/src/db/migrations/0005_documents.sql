CREATE TABLE "blob_deletions" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_reads" (
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reads_accounting_firm_id_document_id_user_id_pk" PRIMARY KEY("accounting_firm_id","document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "document_upload_chunks" (
	"accounting_firm_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"number" integer NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "document_upload_chunks_accounting_firm_id_upload_id_number_pk" PRIMARY KEY("accounting_firm_id","upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "document_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"filename" text NOT NULL,
	"relative_path" text NOT NULL,
	"total_size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"conflict" text DEFAULT 'refuse' NOT NULL,
	"md5" text,
	"status" text DEFAULT 'receiving' NOT NULL,
	"claimed_at" timestamp with time zone,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_uploads_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "document_uploads_session_key" UNIQUE("accounting_firm_id","vendor_id","folder_id","user_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"ancestor_id" integer,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"md5" text NOT NULL,
	"author_id" integer,
	"validated_at" timestamp with time zone,
	"validated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"current_version_id" integer,
	"accounting_period_id" integer,
	"start_date" date,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trashed_with" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"catalog_tree_folder_id" integer,
	"read_only" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"trashed_with" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "folders_firm_vendor_id_key" UNIQUE("accounting_firm_id","vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_reads" ADD CONSTRAINT "document_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reads" ADD CONSTRAINT "document_reads_accounting_firm_id_document_id_documents_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "document_upload_chunks" ADD CONSTRAINT "document_upload_chunks_accounting_firm_id_upload_id_document_uploads_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","upload_id") REFERENCES "public"."document_uploads"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_accounting_firm_id_vendor_id_folder_id_folders_accounting_firm_id_vendor_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","vendor_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_accounting_firm_id_document_id_documents_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_accounting_firm_id_vendor_id_folder_id_folders_accounting_firm_id_vendor_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","vendor_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_accounting_firm_id_accounting_period_id_accounting_periods_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","accounting_period_id") REFERENCES "public"."accounting_periods"("accounting_firm_id","id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_accounting_firm_id_vendor_id_vendors_accounting_firm_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_accounting_firm_id_vendor_id_parent_id_folders_accounting_firm_id_vendor_id_id_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","parent_id") REFERENCES "public"."folders"("accounting_firm_id","vendor_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "document_uploads_updated_idx" ON "document_uploads" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "document_versions_document_idx" ON "document_versions" USING btree ("accounting_firm_id","document_id","id");--> statement-breakpoint
CREATE INDEX "document_versions_blob_idx" ON "document_versions" USING btree ("blob_key");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_name_key" ON "documents" USING btree ("accounting_firm_id","folder_id",lower("name")) WHERE "documents"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents" USING btree ("accounting_firm_id","folder_id","id");--> statement-breakpoint
CREATE INDEX "documents_vendor_idx" ON "documents" USING btree ("accounting_firm_id","vendor_id");--> statement-breakpoint
CREATE INDEX "documents_period_idx" ON "documents" USING btree ("accounting_firm_id","accounting_period_id") WHERE "documents"."accounting_period_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_root_key" ON "folders" USING btree ("accounting_firm_id","vendor_id") WHERE "folders"."parent_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_name_key" ON "folders" USING btree ("accounting_firm_id","parent_id",lower("name")) WHERE "folders"."deleted_at" IS NULL AND "folders"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("accounting_firm_id","vendor_id","parent_id");--> statement-breakpoint
CREATE INDEX "folders_trash_idx" ON "folders" USING btree ("accounting_firm_id","vendor_id","deleted_at") WHERE "folders"."deleted_at" IS NOT NULL;