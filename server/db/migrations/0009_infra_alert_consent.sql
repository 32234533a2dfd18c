ALTER TABLE "infra_alerts" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "infra_alerts" ADD COLUMN "consent_at" timestamp with time zone;