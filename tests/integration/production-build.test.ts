// Decision 009: production runs the compiled build, and the embedded database's memory.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.join(root, process.env.BUILD_DIR ?? "build");

describe("the production build", () => {
  it("is React Router's server build plus start(), with the migrations beside it", async () => {
    const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as Record<string, unknown>;
    expect(typeof build.start).toBe("function");
    expect(typeof build.prepareDatabase).toBe("function");
    expect(build.routes).toHaveProperty("root");
    expect(build.entry).toHaveProperty("module");
    expect(existsSync(path.join(buildDir, "server/migrations/meta/_journal.json"))).toBe(true);
  });

  it("ships React's production build to browsers, not its development build", () => {
    const assets = path.join(buildDir, "client/assets");
    const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(10);
    // Warnings only React's development files carry (production has numbered errors instead).
    const dev = scripts.filter((f) => /Invalid hook call|Do not call Hooks inside useEffect/.test(readFileSync(path.join(assets, f), "utf8")));
    expect(dev, "files with React's development build").toEqual([]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a new PGlite data directory", () => {
  it("is created, migrated and seeded by the build's prepareDatabase() (what start() runs in a child process)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "genisbant-prepare-"));
    const saved = { DATA_DIR: process.env.DATA_DIR, SEED_DEMO: process.env.SEED_DEMO, LOG_LEVEL: process.env.LOG_LEVEL };
    Object.assign(process.env, { DATA_DIR: dir, SEED_DEMO: "0", LOG_LEVEL: "silent" });
    try {
      const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as { prepareDatabase(): Promise<void> };
      await build.prepareDatabase();
      const handle = await openDatabase({ pgliteDir: path.join(dir, "pg"), migrate: false });
      try {
        const types = (await handle.db.execute(sql`select count(*)::int as n from corporate_types`)) as unknown as { rows: { n: number }[] };
        expect(types.rows[0].n).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("is made in a child process, so the site's memory does not keep initdb's, and opens with small buffers", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "genisbant-pglite-"));
    const before = process.memoryUsage().rss;
    const handle = await openDatabase({ pgliteDir: path.join(dir, "pg"), migrate: false });
    try {
      // initdb in this process kept ~650 MiB; opening an existing directory costs ~100–200.
      const grewMiB = (process.memoryUsage().rss - before) / 1048576;
      expect(grewMiB).toBeLessThan(350);
      expect(existsSync(path.join(dir, "pg/PG_VERSION"))).toBe(true);
      const shared = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(shared.rows[0].shared_buffers).toBe("8MB");
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
