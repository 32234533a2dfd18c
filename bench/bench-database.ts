// The database a service bench measures: in memory on PGlite, or on DATABASE_URL's PostgreSQL in
// a database of its own (`<prefix>_<random>`), dropped by `drop()` afterwards (kept, and its
// address printed, with BENCH_KEEP=1: for EXPLAIN on the bench's data).
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { percentile } from "../tests/helpers/percentile";
import { cpuBetween, cpuSnapshot, type CpuSnapshot } from "./cpu.mjs";

export async function openBenchDatabase(prefix: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { handle: await openDatabase({}), drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: dbUrl.toString() });
  return {
    handle,
    drop: async () => {
      if (process.env.BENCH_KEEP === "1") {
        console.log(`kept for a look (BENCH_KEEP=1): ${dbUrl.toString()}`);
        return admin.end();
      }
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** One bench row: `run(i)` 10 times to warm up, then `samples` times one after another; p50, p95 and max in ms against `floorMs` (p95). */
export async function measure(name: string, run: (i: number) => Promise<unknown>, opts: { samples: number; floorMs: number }) {
  for (let i = 0; i < 10; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < opts.samples; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return { name, p50: +percentile(times, 50).toFixed(2), p95: +p95.toFixed(2), max: +times.at(-1)!.toFixed(2), floor: opts.floorMs, pass: p95 < opts.floorMs };
}

/** Prints the rows and the cores used since `before` (steal included), and sets exit code 1 when a row missed its floor. */
export function reportRows(rows: readonly { pass: boolean }[], before: CpuSnapshot | null): void {
  const cpu = cpuBetween(before, cpuSnapshot({ bench: process.pid }));
  console.table(rows);
  if (cpu) console.log(`cores (of 2) during the measured rows: bench ${cpu.bench}, other ${cpu.other}, steal ${cpu.steal}${cpu.steal > 0.05 ? " (the hypervisor took CPU: figures may be high)" : ""}`);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}
