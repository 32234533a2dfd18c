import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlatAnswer } from "../../common/infrastructure/types";
import { createSession } from "../../server/accounts/sessions";
import { infraAlerts, infraReports, rateLimits, users } from "../../server/db/schema";
import { ALERT_CONFIRM_DAYS, ALERT_KEEP_AFTER_DAYS, ALERT_MAX_DAYS } from "../../common/infrastructure/alert-retention";
import { alertRecords, checkAlerts, ALERT_RECHECK_MS } from "../../server/infrastructure/alerts";
import { cleanUp } from "../../server/jobs/cleanup";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// Alert me and report wrong data, on the answer page. The source is the demo one with one flat
// under the test's control: it has no free port, then gets one; exactly one mail says so.

const demo = createDemoSource();
const BBK = 200_000_000 + 5 * 1728;
let freePort = false;

const source: InfrastructureSource = {
  ...demo,
  async query(bbk) {
    const answer = await demo.query(bbk);
    if (!answer || bbk !== BBK) return answer;
    const technologies = answer.technologies.map((t) =>
      t.technology === "FIBER" ? { ...t, available: false, freePort: null } : { ...t, available: true, freePort },
    );
    return { ...answer, technologies } satisfies FlatAnswer;
  },
};

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const page = `/internet-altyapi-hiz-sorgulama/daire/${BBK}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url }, { infrastructure: source });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function post(path: string, fields: Record<string, string>, session?: { cookie: string; csrf: string }) {
  return t.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(session ? { cookie: session.cookie } : {}) },
    body: new URLSearchParams(session ? { csrf: session.csrf, ...fields } : fields),
  });
}

const deps = () => ({ db: t.app.db, log: t.app.log, config: t.app.config, infrastructure: t.app.infrastructure });

describe("alert me", () => {
  it("double opt-in, then exactly one mail when a free port arrives, with a one-click unsubscribe", async () => {
    const session = await getFormSession(t, page);
    expect((await post(page, { intent: "alert", email: "ayse@example.com" }, session)).status).toBe(400); // no consent
    expect((await post(page, { intent: "alert", email: "ayse@example.com", consent: "on" }, session)).status).toBe(200);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    const confirm = smtp.mails[0];
    expect(confirm.to).toEqual(["ayse@example.com"]);
    expect(confirm.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const [link, unsubscribe] = [...confirm.text.matchAll(/http:\/\/localhost(\/altyapi-uyari\/[\w.-]+)/g)].map((m) => m[1]);
    expect(link).toBeDefined();
    expect(unsubscribe).toBeDefined();

    // Not confirmed yet: nothing is checked, nothing is sent.
    expect(await checkAlerts(deps())).toEqual({ checked: 0, sent: 0 });
    // The unsubscribe link cannot confirm; the confirmation link's page does, with its button.
    expect((await post(unsubscribe, { intent: "confirm" }, await getFormSession(t, unsubscribe))).status).toBe(404);
    const opened = await t.fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Bildirimi onayla");
    expect((await post(link, { intent: "confirm" }, await getFormSession(t, link))).status).toBe(200);

    // Still no port: checked, not sent.
    expect(await checkAlerts(deps())).toEqual({ checked: 1, sent: 0 });
    freePort = true;
    // Checked again only after the re-check interval (politeness).
    expect(await checkAlerts(deps())).toEqual({ checked: 0, sent: 0 });
    const later = new Date(Date.now() + ALERT_RECHECK_MS + 1000);
    expect(await checkAlerts(deps(), later)).toEqual({ checked: 1, sent: 1 });
    expect(await checkAlerts(deps(), new Date(later.getTime() + 2 * ALERT_RECHECK_MS))).toEqual({ checked: 0, sent: 0 });
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[1].subject).toBe("Dairenize altyapı geldi – GenişBant");
    expect(smtp.mails[1].text).toContain(page);

    // One click from the mail client: a POST without the page's token.
    const oneClick = await t.fetch(unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const [row] = await t.app.db.select().from(infraAlerts);
    expect(row.unsubscribedAt).not.toBeNull();
    expect(row.notifiedAt).not.toBeNull();
    // What the person agreed to, and when (KVKK): the form's consent text.
    expect(row.consentText).toBe("Bu daire için altyapı bildirimi almak üzere e-posta adresimin kullanılmasını kabul ediyorum.");
    expect(row.consentAt).not.toBeNull();
  });

  it("is erased by the clean-up as the privacy text says, and with the account of its address", async () => {
    await t.app.db.delete(infraAlerts);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const row = (email: string, fields: Partial<typeof infraAlerts.$inferInsert>) => ({
      bbk: BBK,
      email,
      locale: "tr" as const,
      tokenHash: `hash-${email}`,
      consentText: "x",
      consentAt: daysAgo(1),
      ...fields,
    });
    await t.app.db.insert(infraAlerts).values([
      row("unconfirmed-old@example.com", { createdAt: daysAgo(ALERT_CONFIRM_DAYS + 1) }),
      row("unconfirmed-new@example.com", { createdAt: daysAgo(ALERT_CONFIRM_DAYS - 1) }),
      row("sent-old@example.com", { createdAt: daysAgo(60), confirmedAt: daysAgo(60), notifiedAt: daysAgo(ALERT_KEEP_AFTER_DAYS + 1) }),
      row("sent-new@example.com", { createdAt: daysAgo(60), confirmedAt: daysAgo(60), notifiedAt: daysAgo(ALERT_KEEP_AFTER_DAYS - 1) }),
      row("off-old@example.com", { createdAt: daysAgo(60), confirmedAt: daysAgo(60), unsubscribedAt: daysAgo(ALERT_KEEP_AFTER_DAYS + 1) }),
      row("waiting@example.com", { createdAt: daysAgo(ALERT_MAX_DAYS - 1), confirmedAt: daysAgo(ALERT_MAX_DAYS - 1) }),
      row("waiting-too-long@example.com", { createdAt: daysAgo(ALERT_MAX_DAYS + 1), confirmedAt: daysAgo(ALERT_MAX_DAYS + 1) }),
    ]);
    const result = await cleanUp({ db: t.app.db, log: t.app.log, config: t.app.config, modules: t.app.modules }, now);
    expect(result.alerts).toBe(4);
    const left = (await t.app.db.select({ email: infraAlerts.email }).from(infraAlerts)).map((r) => r.email).sort();
    expect(left).toEqual(["sent-new@example.com", "unconfirmed-new@example.com", "waiting@example.com"]);

    // The account of an address is erased: its alerts go with it.
    await t.app.db.transaction((tx) => alertRecords.run({ tx, userId: 0, formerEmail: "waiting@example.com" } as Parameters<typeof alertRecords.run>[0]));
    expect((await t.app.db.select({ email: infraAlerts.email }).from(infraAlerts)).map((r) => r.email).sort()).toEqual(["sent-new@example.com", "unconfirmed-new@example.com"]);
  });

  it("is not offered, and refused, where fiber or a free port is already there", async () => {
    const session = await getFormSession(t, page);
    const res = await post(page, { intent: "alert", email: "mehmet@example.com", consent: "on" }, session);
    expect(res.status).toBe(409);
    expect(await (await t.fetch(page)).text()).not.toContain('id="alert-email"');
  });
});

describe("report wrong data", () => {
  it("stores the report, shows the count on the answer, lists it for administrators, and is rate limited", async () => {
    await t.app.db.delete(rateLimits);
    const session = await getFormSession(t, page);
    const bad = await post(page, { intent: "report", actualTechnology: "ISDN" }, session);
    expect(bad.status).toBe(400);
    const ok = await post(page, { intent: "report", actualTechnology: "FIBER", actualDownMbps: "500", note: "<b>fiber var</b>", bbk: "1" }, session);
    expect(ok.status).toBe(200);
    const [report] = await t.app.db.select().from(infraReports);
    // The flat is the page's, whatever the body says.
    expect(report).toMatchObject({ bbk: BBK, actualTechnology: "FIBER", actualDownMbps: 500, note: "<b>fiber var</b>", source: "demo" });
    expect(await (await t.fetch(page)).text()).toContain("daha önce 1 kişi");
    const [admin] = await t.app.db
      .insert(users)
      .values({ fullName: "Yönetici Test", email: "admin.reports@example.com", passwordHash: "x", accountType: "individual", isAdmin: true, emailVerifiedAt: new Date(), membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
      .returning({ id: users.id });
    const { token } = await createSession(t.app.db, admin.id, "web");
    const dashboard = await t.fetch("/altyapi-bildirimleri", { headers: { cookie: `gb_session=${token}` } });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain(`>${BBK}</a>`);
    expect(html).toContain("&lt;b&gt;fiber var&lt;/b&gt;");
    for (let i = 0; i < 4; i++) expect((await post(page, { intent: "report", actualTechnology: "NONE" }, session)).status).toBe(200);
    expect((await post(page, { intent: "report", actualTechnology: "NONE" }, session)).status).toBe(429);
  });
});
