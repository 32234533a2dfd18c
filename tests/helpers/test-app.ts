import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { createAppContext } from "../../server/app-context";
import type { AppContext } from "../../server/core/app-context";
import { loadConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import type { DatabaseLimits } from "../../server/db/limits";
import { createHttpApp, createRequestListener, refuseConnect } from "../../server/http/app";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { createLogger } from "../../server/platform/logger";
import { appLogDestination } from "./app-log";
import { createSpeedtestForwarder } from "../../server/speedtest/forward";
import { startSpeedtestWorker } from "../../server/speedtest/start-worker";
import type { StreamLimits } from "../../server/speedtest/stream-limits";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = process.env.BUILD_DIR ?? "build";

export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * Another connection pool to the same test database, as a second app process would open: on
 * PostgreSQL a pool of its own (closed by the caller). An embedded PGlite lives inside one
 * process and cannot be opened twice: there the handle itself is shared.
 */
export async function openAnotherHandle(database: TestDatabase): Promise<{ handle: DatabaseHandle; own: boolean }> {
  if (!database.url) return { handle: database, own: false };
  return { handle: await openDatabase({ url: database.url, migrate: false }), own: true };
}

/**
 * A database of this test file's own: a PGlite restored in memory from the migrated snapshot,
 * or, with TEST_DATABASE_URL, a fresh database created on that PostgreSQL server and dropped
 * afterwards.
 */
export async function openTestDatabase(limits?: DatabaseLimits): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
    return openDatabase({ pgliteSnapshot: snapshot, migrate: false, limits });
  }
  const name = `gb_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: dbUrl.toString(), limits });
  return {
    ...handle,
    url: dbUrl.toString(),
    async close() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface TestApp {
  app: AppContext;
  url: string;
  dataDir: string;
  /** The speed test worker's own port, when started. */
  speedtestPort?: number;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

let buildPromise: Promise<ServerBuild> | undefined;
function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= import(pathToFileURL(path.join(root, buildDir, "server/index.js")).href) as Promise<ServerBuild>;
  return buildPromise;
}

/** The whole site in this process on a random port: real Express, real build, real database. */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    database?: DatabaseHandle;
    /** A changed server build (tests of the render paths). */
    build?: (build: ServerBuild) => ServerBuild;
    /** An infrastructure source of the test's own instead of the configured one. */
    infrastructure?: InfrastructureSource;
    /** Start the speed test's worker thread too (with these limits), forwarded under /api/v1/speedtest/. */
    speedtest?: Partial<StreamLimits>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gb-app-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JOB_POLL_MS: "0",
    LOG_LEVEL: "silent",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SITE_URL: "http://localhost",
    SEED_DEMO: "0",
    ...env,
  });
  // A shared database (several app instances on one database) is closed by whoever opened it.
  const database = opts.database ?? (await openTestDatabase());
  // Errors and fatal lines go to the recorder that fails the running test (tests/helpers/app-log.ts).
  const log = createLogger("error", appLogDestination);
  const app = await createAppContext({ config, database, log, infrastructure: opts.infrastructure });
  const build = await loadBuild();
  const http = createHttpApp(app, { build: opts.build ? opts.build(build) : build, clientDir: path.join(root, buildDir, "client") });
  const speedtest = opts.speedtest
    ? await startSpeedtestWorker({ secret: config.SESSION_SECRET, port: 0, host: "127.0.0.1", log, limits: opts.speedtest })
    : undefined;
  const forward = speedtest
    ? createSpeedtestForwarder({ port: speedtest.port, secret: config.SESSION_SECRET, trust: http.get("trust proxy fn") as (a: string, i: number) => boolean })
    : undefined;
  const server = createServer(createRequestListener(http, { speedtest: forward }));
  server.on("connect", refuseConnect);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    dataDir,
    speedtestPort: speedtest?.port,
    fetch: (pathname, init) => fetch(url + pathname, { redirect: "manual", ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await speedtest?.close();
      await app.close();
      if (!opts.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the CSRF cookie and token a browser would get from a page, for form posts. */
export async function getFormSession(t: TestApp, pathname = "/iletisim"): Promise<{ cookie: string; csrf: string }> {
  const res = await t.fetch(pathname);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("gb_csrf="));
  if (!setCookie) throw new Error("no csrf cookie");
  const token = setCookie.split(";")[0].split("=")[1];
  const html = await res.text();
  if (!html.includes(`name="csrf" value="${token}"`)) throw new Error("page does not carry the csrf token");
  return { cookie: `gb_csrf=${token}`, csrf: token };
}
