import type { Database } from "../db/client";
import type { Logger } from "../platform/logger";
import { claimJob, completeJob, failJob } from "./queue";

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobWorker {
  /** Runs every due job now; resolves with how many ran. Used by tests and at start-up. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const LEASE_MS = 5 * 60_000;

/** Polls the job table every `pollMs` (0: never, drain() only) and runs due jobs one by one. */
export function startJobWorker(opts: {
  db: Database;
  log: Logger;
  handlers: Record<string, JobHandler>;
  pollMs: number;
}): JobWorker {
  const { db, log, handlers } = opts;
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function runDue(): Promise<number> {
    let count = 0;
    while (!stopped) {
      const job = await claimJob(db, LEASE_MS);
      if (!job) break;
      count++;
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload);
        await completeJob(db, job.id);
      } catch (err) {
        log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, "job failed");
        await failJob(db, job, err);
      }
    }
    return count;
  }

  function drain(): Promise<number> {
    // One pass at a time per process; a caller arriving mid-pass waits for it, then runs again.
    const next = (running ?? Promise.resolve(0)).then(runDue, runDue);
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  function schedule() {
    if (stopped || opts.pollMs <= 0) return;
    timer = setTimeout(async () => {
      try {
        await drain();
      } catch (err) {
        log.error({ err }, "job poll failed");
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
