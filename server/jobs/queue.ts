import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobChannels, jobs } from "./schema";

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  /** At most one unfinished job per key; a second enqueue with the same key is a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
  /** The delivery channel ("smtp", webhookChannel(url)): one at a time, in order, paused together while it is down. */
  channel?: string;
}

/** The channel of deliveries to a webhook address: its host (a receiver that is down is down for all its paths). */
export function webhookChannel(url: string): string {
  try {
    return `webhook:${new URL(url).host}`;
  } catch {
    return `webhook:${url.slice(0, 200)}`;
  }
}

/**
 * Thrown by a job handler when the channel, not the job, failed: the mail server or the webhook
 * receiver is unreachable or says it is unavailable. The job is not counted as an attempt and
 * keeps its place; the channel waits (30 s, doubling, at most CHANNEL_RETRY_CAP_MS) and is tried
 * again with its oldest job.
 */
export class ChannelDown extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChannelDown";
  }
}

/** The longest a channel that is down waits before it is tried again: a return is noticed within this. */
export const CHANNEL_RETRY_CAP_MS = 5 * 60_000;
export function channelBackoffMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), CHANNEL_RETRY_CAP_MS);
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
      channel: job.channel,
    })
    .onConflictDoNothing();
}

export type ClaimedJob = typeof jobs.$inferSelect;

/**
 * Takes the oldest due job and leases it for `leaseMs`. `FOR UPDATE SKIP LOCKED` lets any number
 * of app instances poll the same table without two of them taking the same job; the lease makes
 * a job whose worker died due again. A job with a channel is taken only while no other job of
 * its channel runs and the channel is not waiting after a failure; the channel's lease is taken
 * in the same transaction (an upsert whose condition a concurrent claim re-checks), so the jobs
 * of one channel run one at a time, in order, across every instance. Undefined: nothing to run now.
 */
export async function claimJob(db: Database, leaseMs: number, now = new Date()): Promise<ClaimedJob | undefined> {
  const until = new Date(now.getTime() + leaseMs);
  // A raw fragment's parameter is passed as is: postgres.js takes a timestamp as text.
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const channelFree = sql`NOT EXISTS (SELECT 1 FROM ${jobChannels} c WHERE c.channel = ${jobs.channel} AND (c.busy_until > ${at} OR c.retry_at > ${at}))`;
    const [due] = await tx
      .select({ id: jobs.id, channel: jobs.channel })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          or(isNull(jobs.channel), channelFree),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return undefined;
    if (due.channel !== null) {
      // SKIP LOCKED passed over an older job of the channel that a concurrent claim holds (or
      // runs): the younger job must not go first. The older one is taken by that claim or at the
      // next poll.
      const [older] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.channel, due.channel),
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            lte(jobs.runAt, now),
            // Compared in the database: a JavaScript date would lose run_at's microseconds.
            sql`(${jobs.runAt}, ${jobs.id}) < (SELECT d.run_at, d.id FROM ${jobs} d WHERE d.id = ${due.id})`,
          ),
        )
        .limit(1);
      if (older) return undefined;
      const taken = await tx
        .insert(jobChannels)
        .values({ channel: due.channel, busyUntil: until })
        .onConflictDoUpdate({
          target: jobChannels.channel,
          set: { busyUntil: until },
          setWhere: sql`(${jobChannels.busyUntil} IS NULL OR ${jobChannels.busyUntil} <= ${at}) AND (${jobChannels.retryAt} IS NULL OR ${jobChannels.retryAt} <= ${at})`,
        })
        .returning({ channel: jobChannels.channel });
      // Another instance took the channel a moment ago: its next job waits for that one.
      if (taken.length === 0) return undefined;
    }
    const [job] = await tx
      .update(jobs)
      .set({ lockedUntil: until, attempts: sql`${jobs.attempts} + 1` })
      .where(eq(jobs.id, due.id))
      .returning();
    return job;
  });
}

/** The channel's one running job is over: the next may start. */
async function freeChannel(db: Database, channel: string | null, up: boolean): Promise<void> {
  if (channel === null) return;
  await db
    .update(jobChannels)
    .set(up ? { busyUntil: null, retryAt: null, failures: 0, downSince: null, lastError: null } : { busyUntil: null })
    .where(eq(jobChannels.channel, channel));
}

export async function completeJob(db: Database, id: number, channel: string | null = null): Promise<void> {
  await db.update(jobs).set({ doneAt: new Date(), lockedUntil: null, lastError: null }).where(eq(jobs.id, id));
  await freeChannel(db, channel, true);
}

/**
 * The job's channel was down (ChannelDown): the try is not counted against the job, which keeps
 * its place in the order; the channel waits its backoff before its oldest job is tried again.
 */
export async function channelDown(db: Database, job: ClaimedJob, error: unknown, now = new Date()): Promise<{ retryAt: Date; failures: number }> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  return db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedUntil: null, lastError: message })
      .where(eq(jobs.id, job.id));
    const [state] = await tx.select({ failures: jobChannels.failures }).from(jobChannels).where(eq(jobChannels.channel, job.channel!));
    const failures = (state?.failures ?? 0) + 1;
    const retryAt = new Date(now.getTime() + channelBackoffMs(failures));
    await tx
      .update(jobChannels)
      .set({ busyUntil: null, retryAt, failures, downSince: sql`coalesce(${jobChannels.downSince}, ${now.toISOString()}::timestamptz)`, lastError: message })
      .where(eq(jobChannels.channel, job.channel!));
    return { retryAt, failures };
  });
}

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function failJob(db: Database, job: ClaimedJob, error: unknown, now = new Date()): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(now.getTime() + backoffMs(job.attempts)),
      failedAt: final ? now : null,
    })
    .where(eq(jobs.id, job.id));
  // The job failed, not its channel: the channel's next job may go.
  await freeChannel(db, job.channel, true);
}
