import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { startSmtpServer, type ReceivedMail } from "../helpers/smtp";
import { startTestS3, type TestS3 } from "../helpers/s3";

const root = path.resolve(import.meta.dirname, "../..");

/** The machine's PostgreSQL and Redis (CI's), unless the environment names others. */
export const PG_URL = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** A Redis database of its own (flushed at the start), so nothing else on the server is touched. */
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? `${(process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379").replace(/\/\d*$/, "")}/7`;

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** What the process wrote (JSON log lines), for a failing test's message. */
  output: string[];
  /** Log lines at level error or fatal written since the last call (pino: 50 and 60). */
  takeErrors(): string[];
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** Starts (again) on the same port; resolves once it listens. */
  start(): Promise<void>;
  /** The process id while it runs (for its memory in /proc). */
  readonly pid: number | undefined;
  /** Sends a signal (SIGKILL: the machine died) and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  readonly running: boolean;
}

export interface Cluster {
  a: Instance;
  b: Instance;
  both: readonly [Instance, Instance];
  /** The shared database, for the test's own reads and set-up (the site's migrations already ran). */
  database: DatabaseHandle;
  databaseUrl: string;
  s3: TestS3;
  smtp: { url: string; port: number; mails: ReceivedMail[]; close(): Promise<void> };
  sessionSecret: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function instance(name: string, port: number, env: Record<string, string>, listenWithinMs = 60_000): Instance {
  let child: ChildProcess | null = null;
  const output: string[] = [];
  const url = `http://127.0.0.1:${port}`;
  let errors: string[] = [];
  const self: Instance = {
    name,
    port,
    url,
    output,
    takeErrors() {
      const taken = errors;
      errors = [];
      return taken;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get pid() {
      return child?.pid;
    },
    fetch: (pathname, init) => fetch(`${url}${pathname}`, { redirect: "manual", ...init }),
    start() {
      // What `npm start` runs (the build, checked fresh by the suite's set-up).
      const proc = spawn(process.execPath, ["--expose-gc", path.join(root, "scripts/start.mjs")], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = proc;
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const done = (err?: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          clearInterval(probe);
          if (err) reject(err);
          else resolve();
        };
        const timer = setTimeout(() => done(new Error(`instance ${name} did not listen within ${listenWithinMs / 1000} s:\n${output.slice(-20).join("\n")}`)), listenWithinMs);
        // Listening is seen in the log line (level info) or, when LOG_LEVEL hides it, by /healthz answering.
        const probe = setInterval(() => {
          fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
            (res) => res.ok && proc === child && done(),
            () => {},
          );
        }, 250);
        const onLine = (chunk: Buffer) => {
          for (const line of chunk.toString("utf8").split("\n")) {
            if (!line) continue;
            output.push(line);
            if (/^\{"level":(50|60)\b/.test(line)) errors.push(line.slice(0, 2000));
            if (output.length > 2000) output.splice(0, 1000);
            if (line.includes("listening on")) done();
          }
        };
        proc.stdout!.on("data", onLine);
        proc.stderr!.on("data", onLine);
        proc.once("exit", (code, signal) => done(new Error(`instance ${name} ended (${code ?? signal}) before listening:\n${output.slice(-20).join("\n")}`)));
      });
    },
    async kill(signal = "SIGKILL") {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const ended = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill(signal);
      await ended;
    },
  };
  return self;
}

/**
 * Two instances of the built site (`scripts/start.mjs`, as `npm start` runs it, in production
 * mode) on one new PostgreSQL database, one Redis database, one S3-compatible server (s3rver) and
 * one SMTP peer, with one SESSION_SECRET: what two machines behind a load balancer share. Jobs are
 * polled by both every 200 ms. `env` adds or changes settings of both.
 */
export async function startCluster(env: Record<string, string> = {}, opts: { listenWithinMs?: number } = {}): Promise<Cluster> {
  const dbName = `gb_cluster_${randomBytes(5).toString("hex")}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  // Migrated here once, before either instance starts.
  const database = await openDatabase({ url: databaseUrl });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  redis.disconnect();
  const s3 = await startTestS3();
  const smtp = await startSmtpServer();
  const sessionSecret = randomBytes(32).toString("hex");
  const dataDirs: string[] = [];
  const common = (dataDir: string): Record<string, string> => ({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    ...s3.env,
    SMTP_URL: smtp.url,
    SESSION_SECRET: sessionSecret,
    SITE_URL: "http://127.0.0.1",
    SEED_DEMO: "0",
    JOB_POLL_MS: "200",
    LOG_LEVEL: "info",
    WEBHOOK_ALLOW_PRIVATE: "1",
    ...env,
  });
  const make = async (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `gb-cluster-${name}-`));
    dataDirs.push(dir);
    return instance(name, await freePort(), common(dir), opts.listenWithinMs);
  };
  const a = await make("A");
  const b = await make("B");
  /** Ends the instances with `signal` and removes everything the cluster made. */
  const tearDown = async (signal: NodeJS.Signals) => {
    await Promise.all([a.kill(signal), b.kill(signal)]);
    await database.close();
    await s3.close();
    await smtp.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await a.start();
    await b.start();
  } catch (err) {
    // Nothing is left behind by a start that failed: the processes, the database, the servers.
    await tearDown("SIGKILL");
    throw err;
  }
  return {
    a,
    b,
    both: [a, b],
    database,
    databaseUrl,
    s3,
    smtp,
    sessionSecret,
    close: () => tearDown("SIGTERM"),
  };
}
