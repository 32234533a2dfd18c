import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "./schema";

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  /** At most one unfinished job per key; a second enqueue with the same key is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
}

type Executor = Pick<Database, "insert">;

/** Adds a job. Pass a transaction as `db` to make the job part of the same commit. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload as object,
      runAt: job.runAt ?? new Date(),
      uniqueKey: job.uniqueKey,
      maxAttempts: job.maxAttempts ?? 8,
    })
    .onConflictDoNothing();
}

export type ClaimedJob = typeof jobs.$inferSelect;

/**
 * Takes one due job and leases it for `leaseMs`. `FOR UPDATE SKIP LOCKED` lets any number of
 * app instances poll the same table without two of them taking the same job; the lease makes
 * a job whose worker died due again.
 */
export async function claimJob(db: Database, leaseMs: number): Promise<ClaimedJob | undefined> {
  const now = new Date();
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        lte(jobs.runAt, now),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(sql`${jobs.id} = (${due})`)
    .returning();
  return job;
}

export async function completeJob(db: Database, id: number): Promise<void> {
  await db.update(jobs).set({ doneAt: new Date(), lockedUntil: null, lastError: null }).where(eq(jobs.id, id));
}

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function failJob(db: Database, job: ClaimedJob, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(Date.now() + backoffMs(job.attempts)),
      failedAt: final ? new Date() : null,
    })
    .where(eq(jobs.id, job.id));
}
