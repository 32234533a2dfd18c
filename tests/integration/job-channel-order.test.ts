import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimJob, completeJob } from "../../server/jobs/queue";
import { jobs } from "../../server/jobs/schema";
import { queueMail } from "../../server/mail/mailer";
import { openTestDatabase, type TestDatabase } from "../helpers/test-app";

// Decision 039: the jobs of a channel run one at a time, in the order made, across instances.
// Two claims at once: the first locks the channel's oldest job (FOR UPDATE), so the second's
// SKIP LOCKED passes over it to the next one; whichever takes the channel's lease first used to
// win, and CI saw a cluster send mail 22 before mail 21.

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe("a channel's jobs in order", () => {
  it("one claim at a time takes the oldest job, then the next", async () => {
    await queueMail(db.db, { to: "sira-1@example.com", subject: "Sıra 1", text: "1" });
    await queueMail(db.db, { to: "sira-2@example.com", subject: "Sıra 2", text: "2" });
    const first = await claimJob(db.db, 60_000);
    expect(first?.payload).toMatchObject({ subject: "Sıra 1" });
    // The channel is busy while the first runs.
    expect(await claimJob(db.db, 60_000)).toBeUndefined();
    await completeJob(db.db, first!.id, first!.channel);
    const second = await claimJob(db.db, 60_000);
    expect(second?.payload).toMatchObject({ subject: "Sıra 2" });
    await completeJob(db.db, second!.id, second!.channel);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: a claim that skipped the older job another claim holds does not run the younger one", async () => {
    await queueMail(db.db, { to: "sira-3@example.com", subject: "Sıra 3", text: "3" });
    await queueMail(db.db, { to: "sira-4@example.com", subject: "Sıra 4", text: "4" });
    const [older] = await db.db.select({ id: jobs.id }).from(jobs).where(sql`${jobs.payload}->>'subject' = 'Sıra 3'`);
    expect(older).toBeDefined();
    // Another instance's claim, between its SELECT … FOR UPDATE and its lease on the channel.
    const other = postgres(db.url!, { max: 1, onnotice: () => {} });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let ready!: () => void;
    const holding = new Promise<void>((r) => (ready = r));
    const held = other.begin(async (tx) => {
      await tx`SELECT id FROM jobs WHERE id = ${older!.id} FOR UPDATE`;
      ready();
      await released;
    });
    try {
      await holding;
      // This claim passes over the held job: it must not take the younger one instead.
      expect(await claimJob(db.db, 60_000)).toBeUndefined();
    } finally {
      release();
      await held;
      await other.end({ timeout: 5 });
    }
    // The channel was left free: the older job is next, then the younger.
    const next = await claimJob(db.db, 60_000);
    expect(next?.payload).toMatchObject({ subject: "Sıra 3" });
    await completeJob(db.db, next!.id, next!.channel);
    const last = await claimJob(db.db, 60_000);
    expect(last?.payload).toMatchObject({ subject: "Sıra 4" });
    await completeJob(db.db, last!.id, last!.channel);
  });
});
