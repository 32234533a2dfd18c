import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret, newSecret } from "../../server/accounts/tokens";
import { eraseAccount, ERASED_NAME, nextPurgeRun, PURGE_JOB } from "../../server/accounts/purge-deleted";
import { hashPassword, verifyPassword } from "../../server/accounts/passwords";
import { createSession, findSessionUser } from "../../server/accounts/sessions";
import type { DatabaseHandle } from "../../server/db/client";
import { auditLog, emailCodes, sessions, users } from "../../server/accounts/schema";
import { jobs } from "../../server/jobs/schema";
import { mailOutbox } from "../../server/mail/schema";
import { buildJobHandlers, scheduleRecurringJobs } from "../../server/jobs/handlers";
import { claimJob } from "../../server/jobs/queue";
import { queueMail } from "../../server/mail/mailer";
import { openAnotherHandle, openTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../helpers/test-app";

const DAY = 86400_000;
let t: TestApp;
let passwordHash: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  passwordHash = await hashPassword("Parola1234");
});
afterAll(() => t?.close());

const deps = () => ({ db: t.app.db, mail: t.app.mail, log: t.app.log, config: t.app.config, infrastructure: t.app.infrastructure, modules: t.app.modules, pageCache: t.app.pageCache, guestPages: t.app.guestPages, storage: t.app.storage });
const runPurge = () => buildJobHandlers(deps())[PURGE_JOB]({});
const user = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];
const erasedAudit = (id: number) =>
  t.app.db.select().from(auditLog).where(and(eq(auditLog.targetUserId, id), eq(auditLog.action, "account.erased")));
const pendingPurges = () =>
  t.app.db.select().from(jobs).where(and(eq(jobs.kind, PURGE_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)));

async function createUser(daysAgo: number | null, extra: Partial<typeof users.$inferInsert> = {}) {
  seq++;
  const [row] = await t.app.db
    .insert(users)
    .values({
      fullName: `Silinecek Kişi ${seq}`,
      email: `silinecek${seq}.${Date.now()}@example.com`,
      passwordHash,
      accountType: "individual",
      phone: "+905321234567",
      cityCode: 34,
      about: "Hakkımda: İstanbul'da yaşıyorum.",
      skills: ["fiber", "modem"],
      social: { github: "https://github.com/ornek", instagram: "https://instagram.com/ornek" },
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(Date.now() - 400 * DAY),
      kvkkAcceptedAt: new Date(Date.now() - 400 * DAY),
      advertisingConsentAt: new Date(Date.now() - 400 * DAY),
      deletionRequestedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
      ...extra,
    })
    .returning();
  return row;
}

describe("purge of deleted accounts", () => {
  it("erases an account 31 days after its deletion request, and leaves one at 29 days", async () => {
    const avatars = path.join(t.app.config.uploadsDir, "avatars");
    mkdirSync(avatars, { recursive: true });
    const image = `avatar-${Date.now()}.webp`;
    writeFileSync(path.join(avatars, image), "image bytes");

    const old = await createUser(31, { image, isAdmin: true });
    const recent = await createUser(29);
    const deactivated = await createUser(null, { removedAt: new Date(Date.now() - 90 * DAY) });
    await t.app.db.insert(sessions).values({ tokenHash: hashSecret(newSecret()), userId: old.id, kind: "web", expiresAt: new Date(Date.now() + DAY) });
    await t.app.db.insert(emailCodes).values({ userId: old.id, purpose: "reset", codeHash: hashSecret(newSecret()), expiresAt: new Date(Date.now() + DAY) });
    await t.app.db.insert(mailOutbox).values({ toAddress: old.email, subject: "Hesap silme talebi", textBody: `Merhaba ${old.fullName}`, transport: "outbox" });
    await queueMail(t.app.db, { to: old.email, subject: "Bekleyen", text: `Merhaba ${old.fullName}` });

    await runPurge();

    const erased = await user(old.id);
    expect(erased).toMatchObject({
      fullName: ERASED_NAME,
      email: `deleted-${old.id}@invalid`,
      isAdmin: false,
      phone: null,
      cityCode: null,
      about: null,
      skills: [],
      social: {},
      image: null,
      emailVerifiedAt: null,
      advertisingConsentAt: null,
    });
    expect(erased.erasedAt).toBeInstanceOf(Date);
    // Proof of what was agreed stays, and when the deletion was asked for.
    expect(erased.membershipAcceptedAt).toEqual(old.membershipAcceptedAt);
    expect(erased.kvkkAcceptedAt).toEqual(old.kvkkAcceptedAt);
    expect(erased.deletionRequestedAt).toEqual(old.deletionRequestedAt);
    expect(erased.passwordHash).not.toBe(old.passwordHash);
    expect(await verifyPassword(erased.passwordHash, "Parola1234")).toBe(false);
    // Nothing personal left anywhere in the row.
    const text = JSON.stringify(erased);
    for (const value of [old.fullName, old.email, "+905321234567", "İstanbul", "github.com", "fiber"]) expect(text).not.toContain(value);
    expect(existsSync(path.join(avatars, image))).toBe(false);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, old.id))).toHaveLength(0);
    expect(await t.app.db.select().from(emailCodes).where(eq(emailCodes.userId, old.id))).toHaveLength(0);
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Hesap silme talebi"));
    expect(mail).toMatchObject({ toAddress: `deleted-${old.id}@invalid`, textBody: "", htmlBody: null });
    const mailJobs = await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"));
    expect(JSON.stringify(mailJobs)).not.toContain(old.email);

    const audit = await erasedAudit(old.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, action: "account.erased", targetUserId: old.id });

    // 29 days: untouched. Deactivated without a deletion request: untouched.
    expect(await user(recent.id)).toEqual(recent);
    expect(await user(deactivated.id)).toEqual(deactivated);
    expect(await erasedAudit(recent.id)).toHaveLength(0);

    // The address is free again: a new registration with it works, and signs in.
    const [again] = await t.app.db
      .insert(users)
      .values({ fullName: "Yeni Üye", email: old.email, passwordHash, accountType: "individual", membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
      .returning();
    const { token } = await createSession(t.app.db, again.id, "web");
    expect((await findSessionUser(t.app.db, token))?.email).toBe(old.email);
    // The erased account itself can never sign in.
    const { token: ghost } = await createSession(t.app.db, old.id, "web");
    expect(await findSessionUser(t.app.db, ghost)).toBeNull();
  });

  it("erases once when two runs go at the same time (one audit row)", async () => {
    const target = await createUser(45);
    const [a, b] = await Promise.all([eraseAccount(deps(), target.id), eraseAccount(deps(), target.id)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const second = await createUser(60);
    await Promise.all([runPurge(), runPurge()]);
    expect(await erasedAudit(target.id)).toHaveLength(1);
    expect(await erasedAudit(second.id)).toHaveLength(1);
    expect((await user(second.id)).erasedAt).toBeInstanceOf(Date);
    // Running again later changes nothing.
    const before = await user(second.id);
    await runPurge();
    expect(await user(second.id)).toEqual(before);
    expect(await erasedAudit(second.id)).toHaveLength(1);
  });

  it("a restored account (request cancelled) is not erased", async () => {
    const target = await createUser(40);
    await t.app.db.update(users).set({ deletionRequestedAt: null }).where(eq(users.id, target.id));
    await runPurge();
    expect((await user(target.id)).erasedAt).toBeNull();
  });
});

describe("the recurring purge job", () => {
  it("keeps exactly one pending job however often it is scheduled", async () => {
    // startTestApp scheduled it once already.
    await scheduleRecurringJobs(deps());
    await scheduleRecurringJobs(deps());
    const pending = await pendingPurges();
    expect(pending).toHaveLength(1);
    expect(pending[0].uniqueKey).toBe(PURGE_JOB);
    // The first run is the coming night's, not at start-up: exactly nextPurgeRun of when it was booked.
    expect(pending[0].runAt.toISOString()).toBe(nextPurgeRun(pending[0].createdAt).toISOString());
  });

  it.each([
    ["early evening", "2026-03-10T18:00:00Z", "2026-03-11T00:00:00Z"],
    ["less than an hour before midnight UTC", "2026-03-10T23:30:00Z", "2026-03-12T00:00:00Z"],
    ["just after midnight UTC", "2026-03-10T00:00:01Z", "2026-03-11T00:00:00Z"],
    ["the last day of a year", "2026-12-31T12:00:00Z", "2027-01-01T00:00:00Z"],
  ])("books the nightly run at 03:00 Istanbul time, at least an hour ahead (%s)", (_n, now, next) => {
    expect(nextPurgeRun(new Date(now)).toISOString()).toBe(new Date(next).toISOString());
  });

  it("runs through the worker when due, then books the next run about a day later", async () => {
    const target = await createUser(35);
    await t.app.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.kind, PURGE_JOB));
    await t.app.jobs.drain();
    expect((await user(target.id)).erasedAt).toBeInstanceOf(Date);
    const done = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, PURGE_JOB)));
    expect(done.filter((j) => j.doneAt)).toHaveLength(1);
    const pending = await pendingPurges();
    expect(pending).toHaveLength(1);
    expect(pending[0].uniqueKey).toBe(PURGE_JOB);
    // Booked by the run that just finished, for the night after it.
    const finished = done.find((j) => j.doneAt)!.doneAt!;
    expect([nextPurgeRun(pending[0].createdAt).toISOString(), nextPurgeRun(finished).toISOString()]).toContain(pending[0].runAt.toISOString());
    expect(pending[0].runAt.getTime()).toBeGreaterThan(finished.getTime() + 3600_000 - 1000);
    // A restart now does not add a second one.
    await scheduleRecurringJobs(deps());
    expect(await pendingPurges()).toHaveLength(1);
  });

  it("two pollers claiming at once: the due job goes to one of them", async () => {
    await t.app.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(eq(jobs.kind, PURGE_JOB), isNull(jobs.doneAt)));
    const claims = await Promise.all([claimJob(t.app.db, 60_000), claimJob(t.app.db, 60_000), claimJob(t.app.db, 60_000)]);
    const purge = claims.filter((j) => j?.kind === PURGE_JOB);
    expect(purge).toHaveLength(1);
    // Release it for the tests after this one.
    await t.app.db.update(jobs).set({ lockedUntil: null, runAt: new Date(Date.now() + DAY) }).where(eq(jobs.id, purge[0]!.id));
  });
});

describe("two app instances on one database", () => {
  let database: TestDatabase;
  let second: { handle: DatabaseHandle; own: boolean };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    second = await openAnotherHandle(database);
    [a, b] = [await startTestApp({}, { database }), await startTestApp({}, { database: second.handle })];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second?.own) await second.handle.close();
    await database?.close();
  });

  it("schedule one purge job, and a due one runs on one instance only", async () => {
    const pending = await database.db.select().from(jobs).where(and(eq(jobs.kind, PURGE_JOB), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);

    const [target] = await database.db
      .insert(users)
      .values({
        fullName: "İki Örnek",
        email: "iki.ornek@example.com",
        passwordHash,
        accountType: "individual",
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
        deletionRequestedAt: new Date(Date.now() - 31 * DAY),
      })
      .returning();
    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.kind, PURGE_JOB));
    const [ranA, ranB] = await Promise.all([a.app.jobs.drain(), b.app.jobs.drain()]);
    expect(ranA + ranB).toBe(1);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.id));
    expect(audit.map((e) => e.action)).toEqual(["account.erased"]);
    const next = await database.db.select().from(jobs).where(and(eq(jobs.kind, PURGE_JOB), isNull(jobs.doneAt)));
    expect(next).toHaveLength(1);
    expect(next[0].runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
