// `npm run bench:infrastructure`: latency of the database source (server/infrastructure/
// database-source.ts) on the imported data: each level of the cascade (children of a random
// node of the level above) and a full answer (the flat and its address walked up the tree),
// as the query page and /api/v1/ttservice call them. Opens the configured database (DATA_DIR's
// PGlite, or DATABASE_URL): import first, e.g.
//   node bench/make-infrastructure-csv.mjs 1000000 /tmp/infra.csv
//   npm run import:infrastructure -- /tmp/infra.csv
// Floors: p95 < 10 ms per level, < 50 ms for a full answer.
import path from "node:path";
import { sql } from "drizzle-orm";
import { INFRA_LEVELS, type ChildLevel } from "../common/infrastructure/types";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { infraFlats, infraNodes } from "../server/infrastructure/schema";
import { createDatabaseSource } from "../server/infrastructure/database-source";
import { percentile } from "../tests/helpers/percentile";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") });
const db = database.db;
const source = createDatabaseSource(db);

/** Random codes of a level (ORDER BY random() once, outside the measured part). */
async function sampleCodes(levelIndex: number, n: number): Promise<number[]> {
  if (levelIndex === 7) {
    const rows = await db.select({ code: infraFlats.bbk }).from(infraFlats).orderBy(sql`random()`).limit(n);
    return rows.map((r) => r.code);
  }
  const rows = await db.select({ code: infraNodes.code }).from(infraNodes).where(sql`${infraNodes.level} = ${levelIndex}`).orderBy(sql`random()`).limit(n);
  return rows.map((r) => r.code);
}

async function measure(name: string, codes: number[], run: (code: number) => Promise<unknown>, floor: number) {
  if (!codes.length) return { name, samples: 0, floor, pass: false };
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const code = codes[i % codes.length];
    const t0 = performance.now();
    await run(code);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  return { name, samples: times.length, p50: +p50.toFixed(2), p95: +p95.toFixed(2), max: +times[times.length - 1].toFixed(2), floor, pass: p95 < floor };
}

const [{ flats }] = await db.select({ flats: sql<number>`count(*)::int` }).from(infraFlats);
console.log(`database source on ${database.kind}: ${Number(flats).toLocaleString("en")} flats, ${SAMPLES} samples per row`);
const results = [];
for (const level of INFRA_LEVELS.slice(1) as ChildLevel[]) {
  const parentIndex = INFRA_LEVELS.indexOf(level) - 1;
  const parents = await sampleCodes(parentIndex, 200);
  // Warm-up: the first queries plan and fill caches.
  for (const code of parents.slice(0, 20)) await source.children(level, code);
  results.push(await measure(`children: ${level}`, parents, (code) => source.children(level, code), 10));
}
const bbks = await sampleCodes(7, 200);
for (const code of bbks.slice(0, 20)) await source.query(code);
results.push(await measure("full answer (query)", bbks, (code) => source.query(code), 50));
console.table(results);
await database.close();
if (results.some((r) => !r.pass)) process.exitCode = 1;
