CREATE TABLE "folder_workflows" (
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"activated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_workflows_accounting_firm_id_folder_id_pk" PRIMARY KEY("accounting_firm_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "node_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer,
	"folder_id" integer,
	"workflow_id" integer,
	"sharing" text NOT NULL,
	"from_status_id" integer,
	"from_name" text,
	"to_status_id" integer NOT NULL,
	"to_name" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_status_history_one_node_check" CHECK (("node_status_history"."document_id" IS NULL) <> ("node_status_history"."folder_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "node_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"document_id" integer,
	"folder_id" integer,
	"status_id" integer NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_statuses_one_node_check" CHECK (("node_statuses"."document_id" IS NULL) <> ("node_statuses"."folder_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "workflow_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"position" integer NOT NULL,
	"is_initial" boolean DEFAULT false NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	CONSTRAINT "workflow_statuses_firm_id_key" UNIQUE("accounting_firm_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"from_status_id" integer NOT NULL,
	"to_status_id" integer NOT NULL,
	"movers" text[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"accounting_firm_id" integer NOT NULL,
	"vendor_id" integer,
	"name" text NOT NULL,
	"sharing" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_firm_id_key" UNIQUE("accounting_firm_id","id"),
	CONSTRAINT "workflows_private_vendor_check" CHECK ("workflows"."sharing" <> 'private_vendor' OR "workflows"."vendor_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "folder_workflows" ADD CONSTRAINT "folder_workflows_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_workflows" ADD CONSTRAINT "folder_workflows_folder_fk" FOREIGN KEY ("accounting_firm_id","vendor_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","vendor_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "folder_workflows" ADD CONSTRAINT "folder_workflows_workflow_fk" FOREIGN KEY ("accounting_firm_id","workflow_id") REFERENCES "public"."workflows"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "node_status_history" ADD CONSTRAINT "node_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_status_history" ADD CONSTRAINT "node_status_history_document_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "node_status_history" ADD CONSTRAINT "node_status_history_folder_fk" FOREIGN KEY ("accounting_firm_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "node_statuses" ADD CONSTRAINT "node_statuses_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_statuses" ADD CONSTRAINT "node_statuses_document_fk" FOREIGN KEY ("accounting_firm_id","document_id") REFERENCES "public"."documents"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "node_statuses" ADD CONSTRAINT "node_statuses_folder_fk" FOREIGN KEY ("accounting_firm_id","folder_id") REFERENCES "public"."folders"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "node_statuses" ADD CONSTRAINT "node_statuses_status_fk" FOREIGN KEY ("accounting_firm_id","status_id") REFERENCES "public"."workflow_statuses"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "workflow_statuses" ADD CONSTRAINT "workflow_statuses_workflow_fk" FOREIGN KEY ("accounting_firm_id","workflow_id") REFERENCES "public"."workflows"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_workflow_fk" FOREIGN KEY ("accounting_firm_id","workflow_id") REFERENCES "public"."workflows"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_from_fk" FOREIGN KEY ("accounting_firm_id","from_status_id") REFERENCES "public"."workflow_statuses"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "workflow_transitions" ADD CONSTRAINT "workflow_transitions_to_fk" FOREIGN KEY ("accounting_firm_id","to_status_id") REFERENCES "public"."workflow_statuses"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_accounting_firm_id_accounting_firms_id_fk" FOREIGN KEY ("accounting_firm_id") REFERENCES "public"."accounting_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_vendor_fk" FOREIGN KEY ("accounting_firm_id","vendor_id") REFERENCES "public"."vendors"("accounting_firm_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "folder_workflows_workflow_idx" ON "folder_workflows" USING btree ("accounting_firm_id","workflow_id");--> statement-breakpoint
CREATE INDEX "node_status_history_document_idx" ON "node_status_history" USING btree ("accounting_firm_id","document_id","created_at") WHERE "node_status_history"."document_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "node_status_history_folder_idx" ON "node_status_history" USING btree ("accounting_firm_id","folder_id","created_at") WHERE "node_status_history"."folder_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "node_statuses_document_key" ON "node_statuses" USING btree ("accounting_firm_id","document_id") WHERE "node_statuses"."document_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "node_statuses_folder_key" ON "node_statuses" USING btree ("accounting_firm_id","folder_id") WHERE "node_statuses"."folder_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "node_statuses_status_idx" ON "node_statuses" USING btree ("accounting_firm_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_statuses_key_key" ON "workflow_statuses" USING btree ("workflow_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_transitions_pair_key" ON "workflow_transitions" USING btree ("workflow_id","from_status_id","to_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_owner_name_key" ON "workflows" USING btree ("accounting_firm_id",coalesce("vendor_id", 0),lower("name"));--> statement-breakpoint
-- A client file moving to another portal keeps its own workflows (their keys follow by cascade)
-- and drops the firm's: their activations and current statuses go (the history keeps the names).
CREATE FUNCTION workflows_drop_firm_ones_on_transfer() RETURNS trigger AS $$
BEGIN
  DELETE FROM node_statuses ns
   USING workflow_statuses s, workflows w, documents d
   WHERE s.accounting_firm_id = ns.accounting_firm_id AND s.id = ns.status_id
     AND w.accounting_firm_id = s.accounting_firm_id AND w.id = s.workflow_id AND w.vendor_id IS NULL
     AND d.accounting_firm_id = ns.accounting_firm_id AND d.id = ns.document_id
     AND d.accounting_firm_id = OLD.accounting_firm_id AND d.vendor_id = OLD.id;
  DELETE FROM node_statuses ns
   USING workflow_statuses s, workflows w, folders f
   WHERE s.accounting_firm_id = ns.accounting_firm_id AND s.id = ns.status_id
     AND w.accounting_firm_id = s.accounting_firm_id AND w.id = s.workflow_id AND w.vendor_id IS NULL
     AND f.accounting_firm_id = ns.accounting_firm_id AND f.id = ns.folder_id
     AND f.accounting_firm_id = OLD.accounting_firm_id AND f.vendor_id = OLD.id;
  DELETE FROM folder_workflows fw
   USING workflows w
   WHERE fw.accounting_firm_id = OLD.accounting_firm_id AND fw.vendor_id = OLD.id
     AND w.accounting_firm_id = fw.accounting_firm_id AND w.id = fw.workflow_id AND w.vendor_id IS NULL;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vendors_workflows_transfer BEFORE UPDATE OF accounting_firm_id ON vendors
  FOR EACH ROW WHEN (OLD.accounting_firm_id IS DISTINCT FROM NEW.accounting_firm_id)
  EXECUTE FUNCTION workflows_drop_firm_ones_on_transfer();
--> statement-breakpoint
-- The documents listings show the nodes' statuses: a change of one, or of a status's or a
-- workflow's name, colour or sharing, drops the firm's cached documents answers.
CREATE TRIGGER node_statuses_reads_changed AFTER INSERT OR UPDATE OR DELETE ON node_statuses
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('documents');
--> statement-breakpoint
CREATE TRIGGER workflow_statuses_reads_changed AFTER UPDATE OR DELETE ON workflow_statuses
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('documents');
--> statement-breakpoint
CREATE TRIGGER workflows_reads_changed AFTER UPDATE OR DELETE ON workflows
  FOR EACH ROW EXECUTE FUNCTION portal_reads_changed('documents');
