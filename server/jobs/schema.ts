import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

// Durable jobs (server/jobs/queue.ts).

export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** Optional de-duplication key: at most one unfinished job per key. */
    uniqueKey: text("unique_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`done_at IS NULL AND failed_at IS NULL`),
    uniqueIndex("jobs_unique_key_idx").on(t.uniqueKey).where(sql`done_at IS NULL AND failed_at IS NULL`),
  ],
);
