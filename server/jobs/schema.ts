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
    /**
     * Where the job delivers to ("smtp", "webhook:<host>"), or null. The jobs of one channel go
     * out one at a time in order of creation, and wait together while it is down (job_channels).
     */
    channel: text("channel"),
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

/**
 * The state of a delivery channel (decision 039): `busyUntil`, the lease of the one job of the
 * channel running now; `retryAt`, when a channel that is down is tried again (with its oldest
 * job); `failures`, how many tries in a row found it down, since `downSince`.
 */
export const jobChannels = pgTable("job_channels", {
  channel: text("channel").primaryKey(),
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  retryAt: timestamp("retry_at", { withTimezone: true }),
  failures: integer("failures").notNull().default(0),
  downSince: timestamp("down_since", { withTimezone: true }),
  lastError: text("last_error"),
});
