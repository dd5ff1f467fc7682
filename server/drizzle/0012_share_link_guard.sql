ALTER TABLE "view_shares" ADD COLUMN "guess_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "view_shares" ADD COLUMN "guess_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "view_shares" ADD COLUMN "failed_guesses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "view_shares" ADD COLUMN "locked_at" timestamp with time zone;