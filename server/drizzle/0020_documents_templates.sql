CREATE TABLE "blob_chunks" (
	"blob_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blob_chunks_blob_key_seq_pk" PRIMARY KEY("blob_key","seq")
);
--> statement-breakpoint
CREATE TABLE "blob_objects" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"chunk_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"retention_days" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "document_folders_retention_check" CHECK ("document_folders"."retention_days" is null or "document_folders"."retention_days" between 1 and 36500)
);
--> statement-breakpoint
CREATE TABLE "document_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"application_id" uuid,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"subject_id" uuid,
	"label" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"guess_window_at" timestamp with time zone,
	"guess_count" integer DEFAULT 0 NOT NULL,
	"failed_guesses" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"file_name" text NOT NULL,
	"text_content" text,
	"text_state" text DEFAULT 'pending' NOT NULL,
	"origin" jsonb,
	"restored_from" integer,
	"created_by" uuid,
	"created_by_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_text_state_check" CHECK ("document_versions"."text_state" in ('pending', 'done', 'none', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"folder_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"legal_hold_reason" text,
	"legal_hold_by" uuid,
	"legal_hold_at" timestamp with time zone,
	"source_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "report_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"format" text NOT NULL,
	"record_ids" jsonb,
	"task_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"document_id" uuid,
	"document_version" integer,
	"complete" boolean,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_at" timestamp with time zone,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_renders_format_check" CHECK ("report_renders"."format" in ('html', 'pdf', 'docx', 'xlsx')),
	CONSTRAINT "report_renders_state_check" CHECK ("report_renders"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "report_template_versions" (
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"binding" jsonb NOT NULL,
	"body" text NOT NULL,
	"partials" jsonb NOT NULL,
	"page" jsonb NOT NULL,
	"docx_sha256" text,
	"docx_file_name" text,
	"created_by" uuid,
	"created_by_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"binding" jsonb NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"partials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"page" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"docx_sha256" text,
	"docx_file_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_renders" ADD CONSTRAINT "report_renders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_renders" ADD CONSTRAINT "report_renders_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_template_versions" ADD CONSTRAINT "report_template_versions_template_id_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."report_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_name_idx" ON "document_folders" USING btree (coalesce("application_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "document_folders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_links_pair_idx" ON "document_links" USING btree ("document_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "document_links_source_idx" ON "document_links" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_shares_token_hash_idx" ON "document_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "document_shares_document_idx" ON "document_shares" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number_idx" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "document_versions_sha256_idx" ON "document_versions" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents" USING btree ("application_id","folder_id");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_source_key_idx" ON "documents" USING btree ("source_key") WHERE "documents"."source_key" is not null and "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "report_renders_template_idx" ON "report_renders" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "report_template_versions_docx_idx" ON "report_template_versions" USING btree ("docx_sha256");--> statement-breakpoint
CREATE INDEX "report_templates_application_idx" ON "report_templates" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "report_templates_docx_idx" ON "report_templates" USING btree ("docx_sha256") WHERE "report_templates"."docx_sha256" is not null;