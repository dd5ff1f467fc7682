ALTER TABLE "triggers" DROP CONSTRAINT "triggers_event_check";--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "warned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "warnings" jsonb;--> statement-breakpoint
ALTER TABLE "rule_incidents" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_event_check" CHECK ("triggers"."event" in ('record.created', 'record.updated', 'record.deleted', 'schedule', 'import.finished', 'manual', 'incident.opened'));--> statement-breakpoint
UPDATE "rule_incidents" SET "opened_at" = "first_seen_at";
