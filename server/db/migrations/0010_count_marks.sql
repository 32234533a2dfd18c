CREATE TABLE "count_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
