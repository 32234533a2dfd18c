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
/**
 * The one database type the services see, whichever driver is underneath. Without a schema: the
 * code queries with the query builder only (never `db.query`), so the tables stay in their areas
 * (`server/<area>/schema.ts`) and this layer imports none of them.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
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
}

/**
 * PGlite's PostgreSQL settings (decision 009). Stock PostgreSQL reserves 128 MB of shared buffers,
 * and in WebAssembly every reserved page is resident: the site's data is a few MB and the files
 * sit in the OS page cache anyway, so a small buffer pool costs no speed. One session, no workers.
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
  if (opts.url) {
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client }) as unknown as Database;
    if (opts.migrate !== false) await migratePostgres(db as never, { migrationsFolder });
    return {
      db,
      kind: "postgres",
      ping: async () => void (await client`select 1`),
      close: () => client.end({ timeout: 5 }),
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
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
  });
  const db = drizzlePglite({ client }) as unknown as Database;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}
