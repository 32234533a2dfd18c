DROP INDEX "commitment_reminders_unsubscribe_idx";--> statement-breakpoint
DROP INDEX "commitment_reminders_due_idx";--> statement-breakpoint
ALTER TABLE "commitment_reminders" DROP COLUMN "unsubscribe_hash";--> statement-breakpoint
ALTER TABLE "commitment_reminders" DROP COLUMN "unsubscribed_at";--> statement-breakpoint
ALTER TABLE "commitment_reminders" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "commitment_reminders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_reminders_repeat_idx" ON "commitment_reminders" USING btree ("email","package_id","ends_on") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "commitment_reminders_user_idx" ON "commitment_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "commitment_reminders_due_idx" ON "commitment_reminders" USING btree ("remind_on") WHERE sent_at IS NULL AND confirmed_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "commitment_reminders" ADD CONSTRAINT "commitment_reminders_token_hash_unique" UNIQUE("token_hash");