import type { Database } from "../db/client";
import { asDatabaseBusy, retryWhileDatabaseAway } from "../db/limits";
import type { Logger } from "../platform/logger";
import { channelDown, ChannelDown, claimJob, completeJob, failJob } from "./queue";

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobWorker {
  /** Runs every due job now; resolves with how many ran. Used by tests and at start-up. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const LEASE_MS = 5 * 60_000;
/**
 * How long the outcome of a job that ran is tried again while the database is away: a mail sent
 * while PostgreSQL restarts is marked done when it is back, not sent again after its lease.
 */
const OUTCOME_RETRY_MS = 60_000;

/** Polls the job table every `pollMs` (0: never, drain() only) and runs due jobs one by one. */
export function startJobWorker(opts: {
  db: Database;
  log: Logger;
  handlers: Record<string, JobHandler>;
  pollMs: number;
  /** The clock jobs are due by (a test may run an hour in seconds). */
  now?: () => Date;
}): JobWorker {
  const { db, log, handlers } = opts;
  const now = opts.now ?? (() => new Date());
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function runDue(): Promise<number> {
    let count = 0;
    while (!stopped) {
      const job = await claimJob(db, LEASE_MS, now());
      if (!job) break;
      count++;
      const handler = handlers[job.kind];
      let outcome: { ok: true } | { ok: false; err: unknown; channelDown: boolean };
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload);
        outcome = { ok: true };
      } catch (err) {
        const down = err instanceof ChannelDown && job.channel !== null;
        if (down) log.warn({ err, jobId: job.id, kind: job.kind, channel: job.channel }, "job channel down: its jobs wait");
        else log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, "job failed");
        outcome = { ok: false, err, channelDown: down };
      }
      const write = async () => {
        if (outcome.ok) await completeJob(db, job.id, job.channel);
        else if (outcome.channelDown) await channelDown(db, job, outcome.err, now());
        else await failJob(db, job, outcome.err, now());
      };
      // Written once the database answers again (up to OUTCOME_RETRY_MS).
      await retryWhileDatabaseAway(write, {
        forMs: OUTCOME_RETRY_MS,
        stop: () => stopped,
        onWait: (err) => log.warn({ err, jobId: job.id }, "job outcome not written yet: the database is away"),
      });
    }
    return count;
  }

  function drain(): Promise<number> {
    // One pass at a time per process; a caller arriving mid-pass waits for it, then runs again.
    const next = (running ?? Promise.resolve(0)).then(runDue, runDue);
    // The caller sees a failed pass; the kept chain never rejects unheard (an unhandled rejection ends the process).
    const kept: Promise<number> = next
      .catch(() => 0)
      .finally(() => {
        if (running === kept) running = null;
      });
    running = kept;
    return next;
  }

  function schedule() {
    if (stopped || opts.pollMs <= 0) return;
    timer = setTimeout(async () => {
      try {
        await drain();
      } catch (err) {
        // The database away (a restart, a failover) is not a bug: the next poll tries again.
        if (asDatabaseBusy(err)) log.warn({ err }, "job poll failed: the database is away");
        else log.error({ err }, "job poll failed");
      }
      schedule();
    }, opts.pollMs);
    timer.unref();
  }
  schedule();

  return {
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
