CREATE TABLE "rule_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"severity" text NOT NULL,
	"value" text,
	"last_run_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"waiver_reason" text,
	"waiver_expires_at" timestamp with time zone,
	"waived_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_incidents_state_check" CHECK ("rule_incidents"."state" in ('open', 'acknowledged', 'resolved', 'waived'))
);
--> statement-breakpoint
CREATE TABLE "rule_run_failures" (
	"run_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"severity" text NOT NULL,
	"value" text,
	CONSTRAINT "rule_run_failures_run_id_rule_id_record_id_pk" PRIMARY KEY("run_id","rule_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "rule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rule_set_id" uuid,
	"rule_set_version" integer,
	"rules" jsonb NOT NULL,
	"task_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"failing_records" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" numeric(5, 2),
	"longest_chunk_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_label" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_runs_state_check" CHECK ("rule_runs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rule_set_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_set_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"subject_ids" jsonb NOT NULL,
	"whole_application" boolean NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"published_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rule_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whole_application" boolean DEFAULT false NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"draft_changed" boolean DEFAULT true NOT NULL,
	"owner_id" uuid,
	"owner_label" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"severity" text NOT NULL,
	"message_zh" text NOT NULL,
	"message_en" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid,
	"owner_label" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rules_severity_check" CHECK ("rules"."severity" in ('blocking', 'warning'))
);
--> statement-breakpoint
ALTER TABLE "rule_incidents" ADD CONSTRAINT "rule_incidents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_incidents" ADD CONSTRAINT "rule_incidents_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_incidents" ADD CONSTRAINT "rule_incidents_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_run_failures" ADD CONSTRAINT "rule_run_failures_run_id_rule_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."rule_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_runs" ADD CONSTRAINT "rule_runs_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_set_versions" ADD CONSTRAINT "rule_set_versions_rule_set_id_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."rule_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_sets" ADD CONSTRAINT "rule_sets_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rule_incidents_rule_record_idx" ON "rule_incidents" USING btree ("rule_id","record_id");--> statement-breakpoint
CREATE INDEX "rule_incidents_record_idx" ON "rule_incidents" USING btree ("record_id") WHERE "rule_incidents"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "rule_incidents_subject_state_idx" ON "rule_incidents" USING btree ("subject_id","state");--> statement-breakpoint
CREATE INDEX "rule_incidents_application_idx" ON "rule_incidents" USING btree ("application_id","state","created_at");--> statement-breakpoint
CREATE INDEX "rule_run_failures_record_idx" ON "rule_run_failures" USING btree ("run_id","record_id");--> statement-breakpoint
CREATE INDEX "rule_runs_subject_idx" ON "rule_runs" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "rule_runs_application_idx" ON "rule_runs" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_set_versions_set_version_idx" ON "rule_set_versions" USING btree ("rule_set_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_sets_application_name_idx" ON "rule_sets" USING btree ("application_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rule_sets_created_idx" ON "rule_sets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rules_subject_enabled_idx" ON "rules" USING btree ("subject_id") WHERE "rules"."enabled";--> statement-breakpoint
CREATE INDEX "rules_application_idx" ON "rules" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "rules_created_idx" ON "rules" USING btree ("created_at","id");