DROP INDEX "speedtest_results_city_idx";--> statement-breakpoint
CREATE INDEX "speedtest_results_city_time_idx" ON "speedtest_results" USING btree ("city_code","created_at");