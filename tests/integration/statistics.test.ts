// The planner's statistics job (server/jobs/statistics.ts): booked at start, gathered when due
// (embedded PGlite has no autovacuum to do it), the next run booked a day later. On PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../server/jobs/schema";
import { STATISTICS_EVERY_MS, STATISTICS_FIRST_DELAY_MS, STATISTICS_JOB } from "../../server/jobs/statistics";
import { searchWords } from "../../server/search/schema";
import { rowsOf } from "../../server/db/rows";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pending = () => t.app.db.select().from(jobs).where(and(eq(jobs.kind, STATISTICS_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)));
const estimatedRows = async () =>
  Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'search_words'`))[0]!.n);

describe("the planner's statistics", () => {
  it("are booked a few minutes after a start, gathered when due, and booked again a day later", async () => {
    const [booked] = await pending();
    expect(booked!.runAt.getTime() - booked!.createdAt.getTime()).toBeGreaterThanOrEqual(STATISTICS_FIRST_DELAY_MS - 1000);
    await t.app.db.delete(searchWords);
    await t.app.db.insert(searchWords).values(Array.from({ length: 137 }, (_, i) => ({ word: `istatistik${i}`, documents: 1 })));
    // What the planner believes before: not the 137 rows (never gathered, or gathered when the table was empty).
    expect(await estimatedRows()).not.toBe(137);
    await t.app.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, booked!.id));
    await t.app.jobs.drain();
    expect(await estimatedRows()).toBe(137);
    const [next] = await pending();
    expect(next!.id).not.toBe(booked!.id);
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + STATISTICS_EVERY_MS - 60_000);
  });
});
