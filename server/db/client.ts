import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

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

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema }) as unknown as Database;
    if (opts.migrate !== false) await migratePostgres(db as never, { migrationsFolder });
    return {
      db,
      kind: "postgres",
      ping: async () => void (await client`select 1`),
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (opts.pgliteDir) mkdirSync(path.resolve(opts.pgliteDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.pgliteDir ? path.resolve(opts.pgliteDir) : undefined,
    loadDataDir: opts.pgliteSnapshot,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => client.close(),
  };
}
