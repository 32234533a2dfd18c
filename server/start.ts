import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createAppContext, seedDatabase } from "./app-context";
import { loadConfig, type Config } from "./config";
import { openDatabase } from "./db/client";
import { createHttpApp } from "./http/app";
import { serve } from "./http/serve";
import { createLogger } from "./platform/logger";
import { openStorage } from "./platform/storage";

/**
 * Starts the production site from a server build: database (migrated and seeded), job worker,
 * HTTP server. Reached through build/server/index.js (server/build-entry.ts), so `npm start` runs
 * the compiled build with no TypeScript loader, and the server code exists once in the process.
 *
 * `entryUrl` is that build file: a new embedded database is created, migrated and seeded by a
 * short-lived child process that imports it and calls `prepareDatabase()` (decision 009).
 */
export async function startSite(build: ServerBuild, clientDir: string, entryUrl: string): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL && !existsSync(path.join(pgliteDir(config), "PG_VERSION"))) {
    await prepareInChild(entryUrl);
  }
  const app = await createAppContext({ config });
  const http = createHttpApp(app, { build, clientDir });
  await serve({ app, http, port: config.PORT, host: config.HOST });
  // Start-up (migrations, the demo seed) leaves tens of MiB of garbage in pages the site would
  // keep resident until traffic recycles them; one full collection gives them back (decision
  // 009). Only when node runs with --expose-gc, as `npm start` does.
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Creates (if new), migrates and seeds the configured database, then closes it. Run in a child
 * process for a new embedded database: the WebAssembly memory PostgreSQL grows while it writes
 * the demo catalogue is never given back, so the site's own process only opens a ready one
 * (fresh data directory: ~285 MiB idle when seeded in-process, ~215 MiB this way).
 */
export async function prepareDatabase(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: pgliteDir(config) });
  const storage = openStorage(config);
  try {
    await seedDatabase(database.db, config, log, storage);
  } finally {
    storage.close();
    await database.close();
  }
}

function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, "pg");
}

function prepareInChild(entryUrl: string): Promise<void> {
  const code = `const entry = await import(process.argv[1]); await entry.prepareDatabase();`;
  return new Promise<void>((resolve, reject) => {
    // The child logs what the seed does (to this process's stdout, like an in-process seed would).
    const child = spawn(process.execPath, ["--input-type=module", "-e", code, entryUrl], { stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`preparing the database failed (exit ${code ?? signal})`)),
    );
  });
}
