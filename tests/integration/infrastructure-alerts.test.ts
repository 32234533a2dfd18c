import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlatAnswer } from "../../common/infrastructure/types";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { infraAlerts, infraReports } from "../../server/infrastructure/schema";
import { rateLimits } from "../../server/security/schema";
import { ALERT_CONFIRM_DAYS, ALERT_KEEP_AFTER_DAYS, ALERT_MAX_DAYS } from "../../common/infrastructure/alert-retention";
import { alertRecords, checkAlerts, ALERT_RECHECK_MS } from "../../server/infrastructure/alerts";
import { cleanUp } from "../../server/jobs/cleanup";
import { createDemoSource } from "../../server/infrastructure/demo-source";
import type { InfrastructureSource } from "../../server/core/infrastructure-source";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// Alert me and report wrong data, on the answer page. The source is the demo one with two flats
// under the test's control: BBK has no fiber and no free port, then gets a port; exactly one mail
// says so. COPPER_BBK has no fiber but a free copper port, then gets fiber.

const demo = createDemoSource();
const BBK = 200_000_000 + 5 * 1728;
const COPPER_BBK = 200_000_000 + 6 * 1728;
let freePort = false;
let copperFlatFiber = false;

const source: InfrastructureSource = {
  ...demo,
  async query(bbk) {
    const answer = await demo.query(bbk);
    if (!answer || (bbk !== BBK && bbk !== COPPER_BBK)) return answer;
    const fiber = bbk === COPPER_BBK && copperFlatFiber;
    const port = bbk === COPPER_BBK ? true : freePort;
    const technologies = answer.technologies.map((t) =>
      t.technology === "FIBER" ? { ...t, available: fiber, freePort: fiber ? true : null } : { ...t, available: true, freePort: port },
    );
    return { ...answer, technologies } satisfies FlatAnswer;
  },
};

/** A demo flat with fiber (the alert has nothing to wait for there). */
async function fiberFlat(): Promise<number> {
  for (let bbk = 200_000_000; ; bbk++) {
    const answer = await demo.query(bbk);
    if (answer?.technologies.some((t) => t.technology === "FIBER" && t.available)) return bbk;
  }
}

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

  it("is not offered, and refused, where fiber is already there", async () => {
    const fiberPage = `/internet-altyapi-hiz-sorgulama/daire/${await fiberFlat()}`;
    const session = await getFormSession(t, fiberPage);
    const before = (await t.app.db.select().from(infraAlerts)).length;
    const res = await post(fiberPage, { intent: "alert", email: "mehmet@example.com", consent: "on" }, session);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Bu dairede zaten fiber var.");
    expect(await (await t.fetch(fiberPage)).text()).not.toContain('id="alert-email"');
    expect((await t.app.db.select().from(infraAlerts)).length).toBe(before);
  });

  it("is offered where fiber is missing though copper has a free port, and waits for fiber, not for the port it had", async () => {
    await t.app.db.delete(rateLimits);
    const copperPage = `/internet-altyapi-hiz-sorgulama/daire/${COPPER_BBK}`;
    for (const [path, title, lead] of [
      [copperPage, "Fiber gelince haber verelim", "Bu dairede fiber yok. Fiber geldiğinde size bir kez e-posta gönderelim."],
      [`/en${copperPage}`, "We will tell you when fiber arrives", "This flat has no fiber. We will send you one e-mail when fiber reaches it."],
    ]) {
      const html = await (await t.fetch(path)).text();
      expect(html).toContain('id="alert-email"');
      expect(html).toContain(`<h2 id="alert-title" class="text-xl font-semibold">${title}</h2>`);
      expect(html).toContain(lead);
    }
    const mailsBefore = smtp.mails.length;
    const session = await getFormSession(t, copperPage);
    expect((await post(copperPage, { intent: "alert", email: "fiber.bekleyen@example.com", consent: "on" }, session)).status).toBe(200);
    const [row] = await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.email, "fiber.bekleyen@example.com"));
    expect(row).toMatchObject({ bbk: COPPER_BBK, waitsFor: "fiber", confirmedAt: null });
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(mailsBefore + 1);
    const [link] = [...smtp.mails[mailsBefore].text.matchAll(/http:\/\/localhost(\/altyapi-uyari\/[\w.-]+)/g)].map((m) => m[1]);
    // Its page says what it waits for.
    expect(await (await t.fetch(link)).text()).toContain("bu daireye fiber geldiğinde size bir kez e-posta göndereceğiz.");
    expect((await post(link, { intent: "confirm" }, await getFormSession(t, link))).status).toBe(200);

    // The free copper port it had is not what it waits for: checked, not sent.
    const at = (hours: number) => new Date(Date.now() + hours * ALERT_RECHECK_MS);
    const mine = (r: { checked: number; sent: number }) => r.sent;
    expect(mine(await checkAlerts(deps(), at(10)))).toBe(0);
    expect((await t.app.db.select().from(infraAlerts).where(eq(infraAlerts.id, row.id)))[0].notifiedAt).toBeNull();
    copperFlatFiber = true;
    expect(mine(await checkAlerts(deps(), at(20)))).toBe(1);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(mailsBefore + 2);
    expect(smtp.mails.at(-1)!.to).toEqual(["fiber.bekleyen@example.com"]);
    // What arrived is fiber; the copper port it already had is not news.
    expect(smtp.mails.at(-1)!.text).toMatch(/artık şu altyapı var: Fiber\./);
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
    // One report, one person (plural rules in English).
    expect(await (await t.fetch(`/en${page}`)).text()).toContain("1 person has already reported that the result for this flat is wrong.");
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
    expect(await (await t.fetch(`/en${page}`)).text()).toContain("5 people have already reported that the result for this flat is wrong.");
  });
});
