CREATE TABLE "app_models" (
	"application_id" uuid NOT NULL,
	"model" text NOT NULL,
	"version" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" uuid,
	CONSTRAINT "app_models_application_id_model_pk" PRIMARY KEY("application_id","model")
);
--> statement-breakpoint
CREATE TABLE "audit_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version_id" uuid,
	"attached_by" uuid,
	"attached_by_label" text NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"procedure_id" uuid NOT NULL,
	"population_subject_id" uuid NOT NULL,
	"population_filter" jsonb,
	"population_ids" jsonb NOT NULL,
	"selection" text NOT NULL,
	"generator" text NOT NULL,
	"seed" text NOT NULL,
	"size" integer NOT NULL,
	"selected_ids" jsonb NOT NULL,
	"drawn_by" uuid,
	"drawn_by_label" text NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_signoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"user_label" text NOT NULL,
	"record_version" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"object" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "managed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "app_models" ADD CONSTRAINT "app_models_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_evidence" ADD CONSTRAINT "audit_evidence_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_evidence" ADD CONSTRAINT "audit_evidence_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_evidence" ADD CONSTRAINT "audit_evidence_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_samples" ADD CONSTRAINT "audit_samples_population_subject_id_subjects_id_fk" FOREIGN KEY ("population_subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_signoffs" ADD CONSTRAINT "audit_signoffs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_signoffs" ADD CONSTRAINT "audit_signoffs_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_transitions" ADD CONSTRAINT "audit_transitions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_transitions" ADD CONSTRAINT "audit_transitions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_evidence_record_document_key" ON "audit_evidence" USING btree ("record_id","document_id");--> statement-breakpoint
CREATE INDEX "audit_evidence_document_idx" ON "audit_evidence" USING btree ("document_id") WHERE "audit_evidence"."version_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_samples_procedure_idx" ON "audit_samples" USING btree ("procedure_id","drawn_at");--> statement-breakpoint
CREATE INDEX "audit_signoffs_record_idx" ON "audit_signoffs" USING btree ("record_id","at");--> statement-breakpoint
CREATE INDEX "audit_transitions_record_idx" ON "audit_transitions" USING btree ("record_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_app_model_key" ON "subjects" USING btree ("application_id","model") WHERE "subjects"."model" is not null and "subjects"."deleted_at" is null;