CREATE TABLE "task_themes" (
	"accounting_firm_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "task_themes_accounting_firm_id_task_id_theme_id_pk" PRIMARY KEY("accounting_firm_id","task_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text,
	"colour" text NOT NULL,
	"sharing" text DEFAULT 'default' NOT NULL,
	"rights" text DEFAULT 'read_write' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_themes" ADD CONSTRAINT "task_themes_task_fk" FOREIGN KEY ("accounting_firm_id","task_id") REFERENCES "public"."tasks"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "task_themes" ADD CONSTRAINT "task_themes_theme_fk" FOREIGN KEY ("accounting_firm_id","theme_id") REFERENCES "public"."themes"("accounting_firm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_themes_theme_idx" ON "task_themes" USING btree ("accounting_firm_id","theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_firm_title_key" ON "themes" USING btree ("accounting_firm_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "themes_firm_abbreviation_key" ON "themes" USING btree ("accounting_firm_id",lower("abbreviation")) WHERE "themes"."abbreviation" IS NOT NULL;--> statement-breakpoint
-- Task lists show their tasks' themes (title, colour) and filter by them: a change of either
-- drops the firm's cached reads (migration 0008).
CREATE TRIGGER themes_reads_changed AFTER INSERT OR UPDATE OR DELETE ON themes
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
--> statement-breakpoint
CREATE TRIGGER task_themes_reads_changed AFTER INSERT OR UPDATE OR DELETE ON task_themes
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed();
