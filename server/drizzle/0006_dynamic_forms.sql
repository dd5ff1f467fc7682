CREATE TABLE "dynamic_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"layout" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "dynamic_forms" ADD CONSTRAINT "dynamic_forms_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dynamic_forms_subject_idx" ON "dynamic_forms" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_forms_one_default_idx" ON "dynamic_forms" USING btree ("subject_id") WHERE "dynamic_forms"."is_default" and "dynamic_forms"."deleted_at" is null;