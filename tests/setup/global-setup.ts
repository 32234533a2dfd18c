import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { migrationsFolder, PGLITE_EXTENSIONS } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Once per run: makes sure the app is built and current (pages are served from the real server build) and
 * migrates one PGlite database whose data directory every test file then restores in memory.
 */
export default async function setup(project: TestProject) {
  // Pages come from the build: rebuild when a source is newer, so new services never meet old pages.
  ensureBuild({ log: () => {}, buildDir: process.env.BUILD_DIR ?? "build", force: process.env.TEST_REBUILD === "1" });
  const pg = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client: pg }), { migrationsFolder });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "gb-test-")), "snapshot.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
}
