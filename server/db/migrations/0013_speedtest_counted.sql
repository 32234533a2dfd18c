ALTER TABLE "speedtest_results" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Results stored before: the first of each address for its provider (or none) on its day in Turkey counts.
UPDATE "speedtest_results" SET "counted" = true WHERE "id" IN (
  SELECT DISTINCT ON ("ip_hash", coalesce("company_id", 0), ("created_at" AT TIME ZONE 'Europe/Istanbul')::date) "id"
  FROM "speedtest_results"
  WHERE "ip_hash" IS NOT NULL AND ("company_id" IS NOT NULL OR "city_code" IS NOT NULL)
  ORDER BY "ip_hash", coalesce("company_id", 0), ("created_at" AT TIME ZONE 'Europe/Istanbul')::date, "created_at", "id"
);
