CREATE TABLE "deploy_deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"created_application" boolean NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"removed" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" uuid,
	"applied_by_label" text,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by_label" text,
	CONSTRAINT "deploy_deployments_state_check" CHECK ("deploy_deployments"."state" in ('applied', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "deploy_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deploy_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"format_version" integer NOT NULL,
	"application_slug" text NOT NULL,
	"application_name" text NOT NULL,
	"exported_at" text NOT NULL,
	"exported_by" text,
	"signer_fingerprint" text,
	"signer_public_key" text,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"counts" jsonb NOT NULL,
	"document" jsonb NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_label" text,
	CONSTRAINT "deploy_packages_state_check" CHECK ("deploy_packages"."state" in ('uploaded', 'applied', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "deploy_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"public_key" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_label" text
);
--> statement-breakpoint
ALTER TABLE "deploy_deployments" ADD CONSTRAINT "deploy_deployments_package_id_deploy_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."deploy_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_deployments" ADD CONSTRAINT "deploy_deployments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deploy_deployments_application_idx" ON "deploy_deployments" USING btree ("application_id","applied_at");--> statement-breakpoint
CREATE INDEX "deploy_deployments_package_idx" ON "deploy_deployments" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "deploy_packages_created_idx" ON "deploy_packages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_signers_fingerprint_key" ON "deploy_signers" USING btree ("fingerprint");