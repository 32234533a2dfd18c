import { AsyncLocalStorage } from "node:async_hooks";
import { AppError, isAppError } from "../platform/app-error";

/**
 * How long the site waits for its database (issue 22, decision 035). A page or an API call that
 * cannot get its data in time is answered with a clear 503 and Retry-After instead of hanging:
 * a held lock, a slow statement or a pool whose connections are all busy must not hold every
 * request behind it. Background jobs get their own, longer limits.
 */
export interface DatabaseLimits {
  /** PostgreSQL `statement_timeout`: the longest one statement may run. */
  statementMs: number;
  /** PostgreSQL `lock_timeout`: the longest a statement waits for a lock. */
  lockMs: number;
  /** The longest a query waits for a free connection (PostgreSQL) or its turn (PGlite's one session). */
  acquireMs: number;
}

/** The limits of background jobs: a re-index or a mail batch may take minutes, never forever. */
export const JOB_LIMITS: DatabaseLimits = Object.freeze({ statementMs: 10 * 60_000, lockMs: 30_000, acquireMs: 5 * 60_000 });

/** What a refused request is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * How long /readyz keeps saying "not ready" after a query gave up waiting for a connection, unless
 * a query is answered in the meantime (the database is back: the instance is ready at once).
 */
export const STARVED_WINDOW_MS = 5000;

/**
 * PostgreSQL's answers that mean "not now" rather than "wrong": a statement or lock wait that
 * ran out of time, a server starting or shutting down, too many connections.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const BUSY_SQLSTATES = new Set(["57014", "55P03", "53300", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"]);
/** postgres.js's own codes for a connection that is gone or could not be made. */
const CONNECTION_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

/** The database could not answer in time (or at all): the request may be tried again shortly. */
export function databaseBusy(cause?: unknown): AppError {
  return new AppError("E_UNAVAILABLE", "errors.busy", { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS, cause });
}

/**
 * The error as a 503 AppError when it says the database was too busy or away (anywhere in its
 * cause chain: drizzle wraps the driver's error), else null.
 */
export function asDatabaseBusy(err: unknown): AppError | null {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isAppError(e)) return e.code === "E_UNAVAILABLE" ? e : null;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (BUSY_SQLSTATES.has(code) || CONNECTION_CODES.has(code))) return databaseBusy(err);
  }
  return null;
}

export interface Gate {
  /** Waits for a slot up to `deadlineMs`; resolves with its release, or rejects with databaseBusy(). */
  acquire(deadlineMs: number): Promise<() => void>;
  /** A query behind this gate gave up for want of time (a lock or statement timeout): starved for a while too. */
  noteBusy(): void;
  /** A query behind this gate was answered: the database is answering again. */
  noteAnswered(): void;
  /**
   * A wait or a query ran out of time within the last STARVED_WINDOW_MS and no query has been
   * answered since, or one is waiting longer than `acquireMs` now.
   */
  starved(acquireMs: number): boolean;
}

/**
 * At most `size` queries at a time, the others waiting in arrival order, each no longer than its
 * deadline. In front of postgres.js's pool (which queues without limit) and PGlite's one session.
 */
export function createGate(size: number, now: () => number = Date.now): Gate {
  let free = size;
  const waiting: { since: number; grant: () => void }[] = [];
  let lastTimeout = -Infinity;
  let lastAnswer = -Infinity;

  function release() {
    const next = waiting.shift();
    if (next) next.grant();
    else free++;
  }
  function releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  }

  return {
    acquire(deadlineMs) {
      if (free > 0) {
        free--;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const entry = {
          since: now(),
          grant: () => {
            clearTimeout(timer);
            resolve(releaser());
          },
        };
        const timer = setTimeout(() => {
          const at = waiting.indexOf(entry);
          if (at < 0) return;
          waiting.splice(at, 1);
          lastTimeout = now();
          reject(databaseBusy());
        }, deadlineMs);
        waiting.push(entry);
      });
    },
    noteBusy() {
      lastTimeout = now();
    },
    noteAnswered() {
      lastAnswer = now();
    },
    starved(acquireMs) {
      const t = now();
      if (t - lastTimeout < STARVED_WINDOW_MS && lastAnswer < lastTimeout) return true;
      return waiting.length > 0 && t - waiting[0]!.since > acquireMs;
    },
  };
}

/**
 * The wall-clock time one request has spent waiting for its database (while at least one of its
 * queries was out), so that a request's queries together, not each of them, are bounded: a page
 * whose first query took 6 s gets 2 s for the rest, not another 8.
 */
export interface DatabaseWaitMeter {
  spentMs: number;
  /** Queries out now, and since when at least one has been. */
  out: number;
  since: number;
}
const meters = new AsyncLocalStorage<DatabaseWaitMeter>();

/** Runs `fn` (a request's handling) with a meter of its own; queries outside one are bounded one by one. */
export function withDatabaseWaitMeter<T>(fn: () => T): T {
  return meters.run({ spentMs: 0, out: 0, since: 0 }, fn);
}

/** The meter of the request being handled, if any. */
export const currentDatabaseWaitMeter = (): DatabaseWaitMeter | undefined => meters.getStore();

/** How long the meter's request has waited so far. */
export function waitedMs(meter: DatabaseWaitMeter, now = Date.now()): number {
  return meter.spentMs + (meter.out > 0 ? now - meter.since : 0);
}

/** One query goes out under the meter; the function returned says it is back (once). */
export function meterQuery(meter: DatabaseWaitMeter, now: () => number = Date.now): () => void {
  if (meter.out++ === 0) meter.since = now();
  let back = false;
  return () => {
    if (back) return;
    back = true;
    if (--meter.out === 0) meter.spentMs += now() - meter.since;
  };
}

/**
 * Runs `write`, and runs it again while it fails because the database is away (asDatabaseBusy:
 * a restart, a failover), waiting 250 ms, then twice as long each time up to 4 s, for up to
 * `forMs`. Another error, the time running out or `stop()` saying so ends it with the last error.
 * For a write that records what already happened (a job's outcome, a sent mail): done again
 * later would repeat it.
 */
export async function retryWhileDatabaseAway<T>(
  write: () => Promise<T>,
  opts: { forMs: number; stop?: () => boolean; onWait?: (err: unknown) => void },
): Promise<T> {
  const until = Date.now() + opts.forMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
    try {
      return await write();
    } catch (err) {
      if (!asDatabaseBusy(err) || Date.now() + wait > until || opts.stop?.()) throw err;
      opts.onWait?.(err);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
