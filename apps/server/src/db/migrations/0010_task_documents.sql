CREATE TABLE "home_visits" (
	"user_id" integer NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL,
	"previous_visit_at" timestamp with time zone,
	CONSTRAINT "home_visits_user_id_accounting_firm_id_pk" PRIMARY KEY("user_id","accounting_firm_id")
);
--> statement-breakpoint
CREATE TABLE "task_attachments" (
	"accounting_firm_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"linked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_attachments_accounting_firm_id_task_id_document_id_pk" PRIMARY KEY("accounting_firm_id","task_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "task_item_documents" (
	"accounting_firm_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"linked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_item_documents_accounting_firm_id_item_id_document_id_pk" PRIMARY KEY("accounting_firm_id","item_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_task_fk" FOREIGN KEY ("accounting_firm_id","task_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_attachments" ADD CONSTRAINT "task_attachments_document_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_item_documents" ADD CONSTRAINT "task_item_documents_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_item_documents" ADD CONSTRAINT "task_item_documents_item_fk" FOREIGN KEY ("accounting_firm_id","item_id") REFERENCES "public"."task_items"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_item_documents" ADD CONSTRAINT "task_item_documents_document_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "task_attachments_document_idx" ON "task_attachments" USING btree ("accounting_firm_id","document_id");--> statement-breakpoint
CREATE INDEX "task_item_documents_document_idx" ON "task_item_documents" USING btree ("accounting_firm_id","document_id");