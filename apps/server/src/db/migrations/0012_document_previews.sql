CREATE TABLE "document_previews" (
	"source_key" text PRIMARY KEY NOT NULL,
	"pdf_key" text,
	"pdf_size" bigint,
	"failed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_previews_pdf_idx" ON "document_previews" USING btree ("pdf_key");