CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"record_id" uuid,
	"actor_id" uuid,
	"depth" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trigger_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger_id" uuid NOT NULL,
	"event_id" bigint,
	"state" text DEFAULT 'queued' NOT NULL,
	"event" jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"task_id" uuid,
	"ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "trigger_runs_state_check" CHECK ("trigger_runs"."state" in ('queued', 'running', 'done', 'failed', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"application_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"event" text NOT NULL,
	"subject_id" uuid,
	"condition" jsonb,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cron" text,
	"timezone" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retry_limit" integer DEFAULT 2 NOT NULL,
	"retry_delay_seconds" integer DEFAULT 30 NOT NULL,
	"owner_id" uuid,
	"owner_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triggers_event_check" CHECK ("triggers"."event" in ('record.created', 'record.updated', 'record.deleted', 'schedule', 'import.finished', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_application_idx" ON "actions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "actions_created_idx" ON "actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_events_pending_idx" ON "trigger_events" USING btree ("id") WHERE "trigger_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "trigger_events_created_idx" ON "trigger_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_runs_event_trigger_key" ON "trigger_runs" USING btree ("event_id","trigger_id");--> statement-breakpoint
CREATE INDEX "trigger_runs_trigger_idx" ON "trigger_runs" USING btree ("trigger_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_runs_dead_idx" ON "trigger_runs" USING btree ("created_at") WHERE "trigger_runs"."state" = 'dead';--> statement-breakpoint
CREATE INDEX "triggers_subject_enabled_idx" ON "triggers" USING btree ("subject_id","event") WHERE "triggers"."enabled";--> statement-breakpoint
CREATE INDEX "triggers_application_idx" ON "triggers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "triggers_created_idx" ON "triggers" USING btree ("created_at","id");--> statement-breakpoint
-- The outbox of record events (docs/triggers.md "Outbox"): every record_versions row (create,
-- update, restore, delete; written by the records module and by imports alike) of a subject that
-- has an enabled trigger of that event becomes a trigger_events row IN THE SAME TRANSACTION, so a
-- rolled-back change fires nothing and a committed one is never lost. Statement-level over the
-- transition table: a bulk insert of versions costs one statement; a subject without an enabled
-- trigger costs one probe of triggers_subject_enabled_idx. The depth of the writing trigger run
-- comes from the transaction-local setting `assay.trigger_depth` (0 for anyone else).
-- pg_notify wakes the delivery of every listening process, on commit only.
CREATE OR REPLACE FUNCTION assay_trigger_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trigger_events (kind, subject_id, record_id, actor_id, depth, payload)
  SELECT e.kind, n.subject_id, n.record_id, n.actor_id,
    coalesce(nullif(current_setting('assay.trigger_depth', true), '')::int, 0),
    jsonb_build_object('action', n.action, 'version', n.version, 'changes', n.changes, 'snapshot', n.snapshot, 'batchId', n.batch_id)
  FROM assay_new_versions n
  CROSS JOIN LATERAL (SELECT CASE n.action WHEN 'create' THEN 'record.created' WHEN 'delete' THEN 'record.deleted' ELSE 'record.updated' END AS kind) e
  WHERE EXISTS (SELECT 1 FROM triggers t WHERE t.subject_id = n.subject_id AND t.event = e.kind AND t.enabled);
  IF FOUND THEN
    PERFORM pg_notify('assay_triggers', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER record_versions_outbox AFTER INSERT ON record_versions REFERENCING NEW TABLE AS assay_new_versions FOR EACH STATEMENT EXECUTE FUNCTION assay_trigger_outbox();
