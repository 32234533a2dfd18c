import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_JOB } from "../../server/accounts/forgot-password";
import { hashPassword } from "../../server/accounts/passwords";
import { openDatabase } from "../../server/db/client";
import { emailCodes, users } from "../../server/accounts/schema";
import { companies } from "../../server/companies/schema";
import { jobs } from "../../server/jobs/schema";
import { leads } from "../../server/leads/schema";
import { mailOutbox } from "../../server/mail/schema";
import { rateLimits } from "../../server/security/schema";
import { CLEANUP_JOB, cleanUp, STALE_UPLOAD_MS } from "../../server/jobs/cleanup";
import { LEAD_RETENTION_DAYS } from "../../server/leads/erase-leads";
import { createMailTransport } from "../../server/mail/mailer";
import type { Logger } from "../../server/platform/logger";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

const root = path.resolve(import.meta.dirname, "../..");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const jobRows = (kind: string) => t.app.db.select().from(jobs).where(eq(jobs.kind, kind));
const tableCounts = async () => ({
  jobs: (await t.app.db.select({ n: count() }).from(jobs))[0].n,
  codes: (await t.app.db.select({ n: count() }).from(emailCodes))[0].n,
});

describe("forgot-password does the same work for any address", () => {
  it("a registered and an unknown address each add exactly one lookup job and nothing else", async () => {
    const email = `kayitli-${Date.now()}@example.com`;
    await t.app.db.insert(users).values({
      fullName: "Kayıtlı Üye",
      email,
      passwordHash: await hashPassword("Bir-sifre-123"),
      accountType: "individual",
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
    });
    const unknown = `yok-${Date.now()}@example.com`;
    const steps: Record<string, { status: number; added: { jobs: number; codes: number } }> = {};
    for (const address of [email, unknown]) {
      const s = await getFormSession(t, "/sifirla/sifre");
      const before = await tableCounts();
      const res = await t.fetch("/sifirla/sifre", {
        method: "POST",
        headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: s.csrf, email: address }),
      });
      const after = await tableCounts();
      steps[address] = { status: res.status, added: { jobs: after.jobs - before.jobs, codes: after.codes - before.codes } };
    }
    expect(steps[email]).toEqual({ status: 200, added: { jobs: 1, codes: 0 } });
    expect(steps[unknown]).toEqual(steps[email]);
    const queued = (await jobRows(PASSWORD_RESET_JOB)).filter((j) => j.doneAt === null);
    expect(queued.map((j) => j.payload).sort()).toEqual([{ email }, { email: unknown }].sort());

    // The job does the lookup: a code and a mail for the account, nothing for the stranger.
    await t.app.jobs.drain();
    const mails = await t.app.db.select().from(mailOutbox);
    expect(mails.filter((m) => m.toAddress === email)).toHaveLength(1);
    expect(mails.filter((m) => m.toAddress === unknown)).toHaveLength(0);
    expect(mails.find((m) => m.toAddress === email)!.textBody).toMatch(/http:\/\/localhost\/sifirla\/sifre\/[\w-]{20,}/);
  });
});

describe("scheduled clean-up", () => {
  it("removes expired rate-limit rows and stale partial uploads, keeps live ones, and books its next run", async () => {
    const now = Date.now();
    await t.app.db.insert(rateLimits).values([
      { key: "test-cleanup:old-1", points: 3, expire: new Date(now - 60_000) },
      { key: "test-cleanup:old-2", points: 1, expire: new Date(now - 3_600_000) },
      { key: "test-cleanup:live", points: 1, expire: new Date(now + 600_000) },
    ]);
    const tmp = path.join(t.dataDir, "uploads", "tmp");
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, "stale-partial"), "x");
    const old = (now - STALE_UPLOAD_MS - 60_000) / 1000;
    utimesSync(path.join(tmp, "stale-partial"), old, old);
    writeFileSync(path.join(tmp, "live-upload"), "x");

    const [waiting] = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, CLEANUP_JOB), isNull(jobs.doneAt)));
    expect(waiting.runAt.getTime()).toBeGreaterThan(now);
    // Make the booked run due now, as the clock would in 10 minutes.
    await t.app.db.update(jobs).set({ runAt: new Date(now - 1000) }).where(eq(jobs.id, waiting.id));
    await t.app.jobs.drain();

    const keys = (await t.app.db.select().from(rateLimits).where(like(rateLimits.key, "test-cleanup:%"))).map((r) => r.key);
    expect(keys).toEqual(["test-cleanup:live"]);
    expect(readdirSync(tmp).sort()).toEqual(["live-upload"]);
    const runs = await jobRows(CLEANUP_JOB);
    expect(runs.find((r) => r.id === waiting.id)!.doneAt).not.toBeNull();
    const next = runs.filter((r) => r.doneAt === null);
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });
});

describe("request retention", () => {
  it("erases subscription and call-me requests older than the privacy text's year, and keeps younger ones", async () => {
    const [company] = await t.app.db.insert(companies).values({ name: "Saklama Deneme", slug: "saklama-deneme", typeId: 2, subTypeId: 2, publishState: "published" }).returning({ id: companies.id });
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const lead = (reference: string, createdAt: Date) => ({
      reference,
      kind: "call_me" as const,
      companyId: company.id,
      firstName: "Ayşe Yılmaz",
      phone: "+905321234567",
      consentText: "Onay metni",
      consentAt: createdAt,
      dedupeKey: reference,
      createdAt,
    });
    await t.app.db.insert(leads).values([lead("GB-OLD1", daysAgo(LEAD_RETENTION_DAYS + 1)), lead("GB-KEEP", daysAgo(LEAD_RETENTION_DAYS - 1))]);
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
    const result = await cleanUp({ db: t.app.db, log: silent, config: t.app.config, modules: t.app.modules }, now);
    expect(result.leads).toBe(1);
    const left = (await t.app.db.select({ reference: leads.reference }).from(leads).where(eq(leads.companyId, company.id))).map((r) => r.reference);
    expect(left).toEqual(["GB-KEEP"]);
  });
});

describe("development mail without SMTP", () => {
  it("the outbox log line carries the mail's links", async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as Logger;
    const transport = createMailTransport({ db: t.app.db, log, from: "x@example.com" });
    await transport.deliver({
      to: "gelistirici@example.com",
      subject: "Doğrulama",
      text: "Merhaba,\nhttp://localhost:4123/dogrula/mail/abc-DEF_123 adresini açın.\n(https://genisbant.example/sss)",
    });
    expect(lines).toEqual([
      {
        obj: { to: "gelistirici@example.com", subject: "Doğrulama", links: ["http://localhost:4123/dogrula/mail/abc-DEF_123", "https://genisbant.example/sss"] },
        msg: "mail kept in outbox (no SMTP_URL)",
      },
    ]);
  });

  it("npm run mail:outbox prints the latest mails with their links", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "gb-outbox-"));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pg") });
    await database.db.insert(mailOutbox).values([
      { toAddress: "ilk@example.com", subject: "İlk posta", textBody: "http://localhost:3000/ilk", transport: "outbox" },
      { toAddress: "son@example.com", subject: "Son posta", textBody: "Kod: http://localhost:3000/sifirla/sifre/XYZ", transport: "outbox" },
    ]);
    await database.close();
    try {
      const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/mail-outbox.ts", "--count", "1"], {
        cwd: root,
        env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL")), DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(32) },
      });
      expect(stdout).toContain("To:      son@example.com");
      expect(stdout).toContain("Subject: Son posta");
      expect(stdout).toContain("Links:\n  http://localhost:3000/sifirla/sifre/XYZ");
      expect(stdout).not.toContain("ilk@example.com");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
