CREATE TABLE "search_queries" (
	"query" text NOT NULL,
	"shown" text NOT NULL,
	"day" date NOT NULL,
	"searchers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_queries_query_day_pk" PRIMARY KEY("query","day")
);
--> statement-breakpoint
CREATE INDEX "search_queries_day_idx" ON "search_queries" USING btree ("day");