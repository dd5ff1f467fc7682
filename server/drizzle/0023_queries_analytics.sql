CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text DEFAULT 'application' NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refresh_seconds" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "saved_query_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"definition" jsonb NOT NULL,
	"visualization" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- saved record queries become saved queries of the queries module: their application is their
-- subject's, their kind `records`, their version 1 (kept as the first row of saved_query_versions)
ALTER TABLE "saved_queries" ADD COLUMN "application_id" uuid;--> statement-breakpoint
UPDATE "saved_queries" q SET "application_id" = s."application_id" FROM "subjects" s WHERE s."id" = q."subject_id";--> statement-breakpoint
ALTER TABLE "saved_queries" ALTER COLUMN "application_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD COLUMN "kind" text DEFAULT 'records' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD COLUMN "visibility" text DEFAULT 'application' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD COLUMN "visualization" jsonb;--> statement-breakpoint
ALTER TABLE "saved_queries" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_query_versions" ADD CONSTRAINT "saved_query_versions_query_id_saved_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."saved_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_application_idx" ON "dashboards" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_query_versions_query_version_idx" ON "saved_query_versions" USING btree ("query_id","version");--> statement-breakpoint
ALTER TABLE "saved_queries" ADD CONSTRAINT "saved_queries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_queries_application_idx" ON "saved_queries" USING btree ("application_id","kind");--> statement-breakpoint
UPDATE "saved_queries" SET "updated_by" = "created_by";--> statement-breakpoint
INSERT INTO "saved_query_versions" ("query_id", "version", "name", "description", "definition", "created_by", "created_at")
  SELECT "id", 1, "name", "description", "definition", "created_by", "updated_at" FROM "saved_queries";