import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "./schema";
import { enqueueJob } from "./queue";

/**
 * A recurring job kept as one chain of runs in the job table, whatever the number of instances
 * or restarts: the job's kind is its unique key, so booking a run while one is waiting is a
 * no-op; a run, when done, hands the key on and books the next one.
 */

/** Puts the next run in the job table unless one is already waiting (or running). */
export async function scheduleRecurring(db: Pick<Database, "insert">, kind: string, runAt: Date): Promise<void> {
  await enqueueJob(db, { kind, payload: {}, uniqueKey: kind, runAt, maxAttempts: 3 });
}

/** At the end of a run: the running job lets go of the unique key and the next run is booked `everyMs` later. */
export async function bookNextRun(db: Database, kind: string, everyMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ uniqueKey: null })
      // Only the job being run (claimed, lease running), never a waiting one.
      .where(and(eq(jobs.uniqueKey, kind), isNull(jobs.doneAt), isNull(jobs.failedAt), sql`${jobs.lockedUntil} > now()`));
    await scheduleRecurring(tx, kind, new Date(Date.now() + everyMs));
  });
}
