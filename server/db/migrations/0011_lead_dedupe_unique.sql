DROP INDEX "leads_dedupe_idx";--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "dedupe_key" DROP NOT NULL;--> statement-breakpoint
-- Only the latest request with a key keeps it (the earlier ones are past any duplicate window).
UPDATE "leads" SET "dedupe_key" = NULL WHERE "id" NOT IN (SELECT max("id") FROM "leads" GROUP BY "dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_dedupe_key_idx" ON "leads" USING btree ("dedupe_key");
