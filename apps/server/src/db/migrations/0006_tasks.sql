CREATE TABLE "task_dependencies" (
	"accounting_firm_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"depends_on_id" integer NOT NULL,
	CONSTRAINT "task_dependencies_accounting_firm_id_task_id_depends_on_id_pk" PRIMARY KEY("accounting_firm_id","task_id","depends_on_id"),
	CONSTRAINT "task_dependencies_not_self" CHECK ("task_dependencies"."task_id" <> "task_dependencies"."depends_on_id")
);
--> statement-breakpoint
CREATE TABLE "task_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text DEFAULT 'answer' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_items_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_members" (
	"accounting_firm_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "task_members_accounting_firm_id_task_id_user_id_pk" PRIMARY KEY("accounting_firm_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'to_do' NOT NULL,
	"due_date" date,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"reminder_frequency" text DEFAULT 'none' NOT NULL,
	"reminder_token" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_task_fk" FOREIGN KEY ("accounting_firm_id","task_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_depends_on_fk" FOREIGN KEY ("accounting_firm_id","depends_on_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_items" ADD CONSTRAINT "task_items_task_fk" FOREIGN KEY ("accounting_firm_id","task_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_members" ADD CONSTRAINT "task_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_members" ADD CONSTRAINT "task_members_task_fk" FOREIGN KEY ("accounting_firm_id","task_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_vendor_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_fk" FOREIGN KEY ("accounting_firm_id","parent_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "task_dependencies_depends_on_idx" ON "task_dependencies" USING btree ("accounting_firm_id","depends_on_id");--> statement-breakpoint
CREATE INDEX "task_items_task_idx" ON "task_items" USING btree ("accounting_firm_id","task_id","position");--> statement-breakpoint
CREATE INDEX "task_members_user_idx" ON "task_members" USING btree ("accounting_firm_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_firm_parent_title_key" ON "tasks" USING btree ("accounting_firm_id","parent_id",lower("title")) WHERE "tasks"."parent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_firm_vendor_status_idx" ON "tasks" USING btree ("accounting_firm_id","vendor_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_firm_status_due_idx" ON "tasks" USING btree ("accounting_firm_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_firm_parent_idx" ON "tasks" USING btree ("accounting_firm_id","parent_id");