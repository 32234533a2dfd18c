CREATE TABLE "job_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"busy_until" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"down_since" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "channel" text;