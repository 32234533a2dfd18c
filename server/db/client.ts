import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { asDatabaseBusy, createGate, currentDatabaseWaitMeter, databaseBusy, JOB_LIMITS, meterQuery, waitedMs, type DatabaseLimits, type Gate } from "./limits";
import { withTimeout } from "../platform/deadline";
/**
 * The one database type the services see, whichever driver is underneath. Without a schema: the
 * code queries with the query builder only (never `db.query`), so the tables stay in their areas
 * (`server/<area>/schema.ts`) and this layer imports none of them.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  /** The same database for background jobs, under their own longer limits (JOB_LIMITS). */
  jobsDb: Database;
  kind: "pglite" | "postgres";
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  /** Queries are giving up waiting for a connection (or PGlite's session): /readyz says not ready. */
  starved(): boolean;
  /**
   * LISTEN: `onNotify` hears every NOTIFY on `channel` from any process on this database (on
   * PostgreSQL a connection of its own, re-established by postgres.js after a loss); resolves
   * with the way to stop.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload`. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory for PGlite's files; undefined means in memory. */
  pgliteDir?: string;
  /** A PGlite data-dir tarball to start from (tests restore a migrated snapshot). */
  pgliteSnapshot?: Blob | File;
  migrate?: boolean;
  /**
   * How long the site's queries may wait (decision 035); none when absent (the command-line
   * tools, which run their own long statements). Jobs always get JOB_LIMITS.
   */
  limits?: DatabaseLimits;
  /** PGlite's shared buffers in MB (PGLITE_SHARED_BUFFERS_MB); PGLITE_SETTINGS' 8 MB when absent. */
  pgliteSharedBuffersMb?: number;
}

/** The site's pool on PostgreSQL. */
const POOL_SIZE = 10;
/** The jobs' own pool on PostgreSQL: the worker runs one job at a time. */
const JOBS_POOL_SIZE = 2;

/**
 * A request with less time left than this is refused at once: no statement is reliably asked and
 * answered in it, and with a millisecond or two left the outcome was a race between the driver and
 * the turn's own timer (Node's timers may fire a millisecond early by Date.now()).
 */
const LEAST_TIME_LEFT_MS = 25;

/** A query's turn at the gate: its release (when the driver settles), the meter's "answered", the time left for the driver. */
interface Turn {
  release: () => void;
  answered: () => void;
  leftMs: number;
}

/**
 * A driver client whose queries and transactions first take a turn at `gate` (up to the limits'
 * acquireMs), and are answered "busy" when the driver has not answered within acquireMs +
 * statementMs of being asked (within a request: of the request's first wait, counting only the
 * time its queries were out; `perRequest`, decision 035): postgres.js holds a query while it
 * reconnects to a server that is restarting (measured: up to 18 s, until the server was back),
 * which no server-side timeout can end. The
 * turn is kept until the driver does answer, so the pool is never asked for more than its size.
 * `query` are the methods drizzle sends a statement through, `transaction` those that open one;
 * a transaction's own statements go through the connection it holds. Everything else is the
 * client's own, bound to it (PGlite's methods use private fields).
 */
function gated<T extends object>(client: T, gate: Gate, limits: DatabaseLimits, methods: { query: string[]; transaction: string[] }, opts: { perRequest: boolean }): T {
  const answerMs = limits.acquireMs + limits.statementMs;
  /**
   * Takes a turn within what is left of the time to answer: acquireMs + statementMs for this
   * query, and within a request (the site's client) no more than the request has left of it.
   * Resolves with the turn's release, the meter's "answered" and the time left for the driver;
   * "busy" when none is left.
   */
  async function take(): Promise<Turn> {
    const asked = Date.now();
    const meter = opts.perRequest ? currentDatabaseWaitMeter() : undefined;
    const budget = meter ? answerMs - waitedMs(meter, asked) : answerMs;
    if (budget < LEAST_TIME_LEFT_MS) throw databaseBusy(new Error(`the request has waited ${answerMs} ms for its database already`));
    const back = meter ? meterQuery(meter) : () => {};
    try {
      const release = await gate.acquire(Math.min(limits.acquireMs, budget));
      return { release, answered: back, leftMs: Math.max(1, budget - (Date.now() - asked)) };
    } catch (err) {
      back();
      throw err;
    }
  }
  // A statement or lock wait that ran out of time starves the instance as a long queue does.
  const noted = (err: unknown) => {
    if (asDatabaseBusy(err)) gate.noteBusy();
    return err;
  };
  /** Runs `work` with the turn taken: its answer, or "busy" at the deadline; the turn is released when it settles. */
  function bounded(work: () => unknown, { release, answered, leftMs }: Turn): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const settled = (async () => await work())().finally(() => {
      clearTimeout(timer);
      release();
    });
    return new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        answered();
        gate.noteBusy();
        reject(databaseBusy(new Error(`the database driver gave no answer within ${leftMs} ms`)));
      }, leftMs);
      settled.then(
        (value) => {
          answered();
          gate.noteAnswered();
          resolve(value);
        },
        (err: unknown) => {
          answered();
          reject(noted(err));
        },
      );
    });
  }
  // One wrapper per method, made on its first use (drizzle reads `unsafe` for every statement).
  const made = new Map<PropertyKey, unknown>();
  function wrap(target: T, prop: PropertyKey, fn: (...args: unknown[]) => unknown): unknown {
    if (typeof prop === "string" && methods.transaction.includes(prop)) {
      return async (...args: unknown[]) => {
        return bounded(() => fn.apply(target, args), await take());
      };
    }
    if (typeof prop === "string" && methods.query.includes(prop)) {
      // postgres.js's `unsafe` answers a lazy query that drizzle may turn into rows of arrays
      // (`.values()`) before awaiting it: the same, started only once the turn is taken.
      return (...args: unknown[]) => {
        let arrays = false;
        let running: Promise<unknown> | undefined;
        const run = () =>
          (running ??= (async () => {
            const turn = await take();
            return bounded(() => {
              const query = fn.apply(target, args) as { values?: () => unknown };
              return arrays && query.values ? query.values() : query;
            }, turn);
          })());
        const lazy = {
          values() {
            arrays = true;
            return lazy;
          },
          then: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => run().then(ok, fail),
          catch: (fail: (e: unknown) => unknown) => run().catch(fail),
          finally: (done: () => void) => run().finally(done),
        };
        return lazy;
      };
    }
    return fn.bind(target);
  }
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      let wrapper = made.get(prop);
      if (!wrapper) made.set(prop, (wrapper = wrap(target, prop, value as (...args: unknown[]) => unknown)));
      return wrapper;
    },
  });
}

/** The longest a closed connection waits before it connects again, in seconds. */
export const RECONNECT_CAP_SECONDS = 1;

/**
 * How long a connection closed by an error waits before connecting again, in seconds, after
 * `retries` failed connects in a row (shared by the pool; reset by a successful connect). The
 * driver's own backoff grows to 20 s (3^n / 100): after a 10 s restart the pool had counted a
 * dozen refused connects, so a query handed to a closed connection waited up to 20 s after the
 * server was back and its request ended in a 503 (decision 035). This one doubles from 50 ms,
 * with jitter, and stops at a second: a back server is found within a second, and two instances'
 * pools knocking on a stopped one once a second per connection cost it nothing.
 */
export function reconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, RECONNECT_CAP_SECONDS);
}

/** A postgres.js client under `limits`: the server's own timeouts, and a turn at a gate of the pool's size. */
function postgresClient(url: string, max: number, limits: DatabaseLimits | undefined) {
  const raw = postgres(url, {
    max,
    onnotice: () => {},
    backoff: reconnectDelaySeconds,
    // A connection that cannot be made within the wait for one (the server restarting) fails the
    // query as "busy" instead of holding the request until the server is back (decision 035).
    ...(limits ? { connect_timeout: Math.max(1, Math.ceil(limits.acquireMs / 1000)), connection: { statement_timeout: limits.statementMs, lock_timeout: limits.lockMs } } : {}),
  });
  const gate = createGate(max);
  const client = limits ? gated(raw, gate, limits, { query: ["unsafe"], transaction: ["begin"] }, { perRequest: limits !== JOB_LIMITS }) : raw;
  return { raw, client, gate };
}

/**
 * PGlite's PostgreSQL settings (decision 009). Stock PostgreSQL reserves 128 MB of shared buffers,
 * and in WebAssembly every reserved page is resident: the site's data is a few MB and the files
 * sit in the OS page cache anyway, so a small buffer pool costs no speed. One session, no workers.
 * A large catalogue is another matter: every page PostgreSQL reads outside its buffers is a
 * synchronous read through the WebAssembly file system (PGLITE_SHARED_BUFFERS_MB raises it).
 */
export const PGLITE_SETTINGS: readonly string[] = Object.freeze([
  "shared_buffers=8MB",
  "wal_buffers=256kB",
  "temp_buffers=1MB",
  "maintenance_work_mem=16MB",
  "max_connections=4",
]);

/**
 * The extensions the migrations create (PostgreSQL has them in contrib; PGlite loads each as a
 * bundle of its own): pg_trgm for the site search's prefixes and typos (decision 032).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A new data directory is made by PGlite's initdb, which runs a second PostgreSQL and the initdb
 * program in WebAssembly: ~650 MB that the process never gives back. Done in a short-lived child
 * process instead, the site only ever opens an existing directory.
 */
async function initPgliteDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  // Resolved here so that the child finds the same package whatever its working directory.
  const pglite = typeof import.meta.resolve === "function" ? import.meta.resolve("@electric-sql/pglite") : "@electric-sql/pglite";
  const code = `const { PGlite } = await import(process.argv[1]);
const pg = await PGlite.create({ dataDir: process.argv[2] });
await pg.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code, pglite, dir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb for ${dir} failed (exit ${code}):\n${stderr}`)),
    );
  });
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { limits } = opts;
  if (opts.url) {
    if (opts.migrate !== false) {
      // Migrations on a connection of their own, without the site's limits: an index build may
      // take longer than any page query should.
      const migrator = postgres(opts.url, { max: 1, onnotice: () => {} });
      try {
        await migratePostgres(drizzlePostgres({ client: migrator }) as never, { migrationsFolder });
      } finally {
        await migrator.end({ timeout: 5 });
      }
    }
    const site = postgresClient(opts.url, POOL_SIZE, limits);
    const jobs = postgresClient(opts.url, JOBS_POOL_SIZE, JOB_LIMITS);
    return {
      db: drizzlePostgres({ client: site.client }) as unknown as Database,
      jobsDb: drizzlePostgres({ client: jobs.client }) as unknown as Database,
      kind: "postgres",
      ping: () => withTimeout(site.raw`select 1`.then(() => undefined), PING_TIMEOUT_MS),
      starved: () => (limits ? site.gate.starved(limits.acquireMs) : false),
      listen: async (channel, onNotify) => {
        const listening = await site.raw.listen(channel, onNotify);
        return () => listening.unlisten();
      },
      notify: async (channel, payload) => void (await site.raw.notify(channel, payload)),
      close: async () => {
        await Promise.all([site.raw.end({ timeout: 5 }), jobs.raw.end({ timeout: 5 })]);
      },
    };
  }
  const dataDir = opts.pgliteDir ? path.resolve(opts.pgliteDir) : undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!opts.pgliteSnapshot) await initPgliteDir(dataDir);
  }
  const client = await PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: opts.pgliteSnapshot,
    startParams: [
      ...PGlite.defaultStartParams,
      ...PGLITE_SETTINGS.map((s) => (s.startsWith("shared_buffers=") && opts.pgliteSharedBuffersMb ? `shared_buffers=${opts.pgliteSharedBuffersMb}MB` : s)).flatMap((s) => ["-c", s]),
    ],
  });
  if (opts.migrate !== false) await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder });
  // One session: the site's queries and the jobs' take turns at one gate, each with its own deadline.
  const gate = createGate(1);
  const methods = { query: ["query", "exec"], transaction: ["transaction"] };
  const site = limits ? gated(client, gate, limits, methods, { perRequest: true }) : client;
  const jobs = limits ? gated(client, gate, JOB_LIMITS, methods, { perRequest: false }) : client;
  return {
    db: drizzlePglite({ client: site }) as unknown as Database,
    jobsDb: drizzlePglite({ client: jobs }) as unknown as Database,
    kind: "pglite",
    ping: () => withTimeout(client.query("select 1").then(() => undefined), PING_TIMEOUT_MS),
    starved: () => (limits ? gate.starved(limits.acquireMs) : false),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    notify: async (channel, payload) => void (await client.query("select pg_notify($1, $2)", [channel, payload])),
    close: () => client.close(),
  };
}

/** /readyz's round trip gives up after this long (the database is then reported unavailable). */
const PING_TIMEOUT_MS = 2000;

