CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mode" text DEFAULT 'insert' NOT NULL,
	"key_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_error" text DEFAULT 'all_or_nothing' NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"values" jsonb,
	"errors" jsonb,
	"action" text,
	"record_id" uuid,
	"version_before" integer,
	"version_after" integer,
	"apply" jsonb,
	"changes" jsonb,
	"snapshot" jsonb,
	CONSTRAINT "import_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "record_versions" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_subject_idx" ON "import_batches" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "import_batches_application_idx" ON "import_batches" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "import_rows_record_idx" ON "import_rows" USING btree ("batch_id","record_id");--> statement-breakpoint
CREATE INDEX "record_versions_batch_idx" ON "record_versions" USING btree ("batch_id") WHERE "record_versions"."batch_id" is not null;