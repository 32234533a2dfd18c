import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/accounts/schema";
import { companies } from "../../server/companies/schema";
import { jobChannels, jobs } from "../../server/jobs/schema";
import { companyDeliverySettings, leadDeliveries, leads } from "../../server/leads/schema";
import { packages } from "../../server/packages/schema";
import { rateLimits } from "../../server/security/schema";
import { insertUser } from "../helpers/companies";
import { htmlText, msg } from "../helpers/messages";
import { makeCompany, makePackage } from "../helpers/packages";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook receiver that answers `status()` and keeps every call. */
async function startReceiver(status: () => number): Promise<{ url: string; calls: Received[]; close(): Promise<void> }> {
  const calls: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      calls.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end(res.statusCode < 300 ? "ok" : "down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks a Standard Webhooks signature independently of the site's code. */
function validSignature(secret: string, call: Received): boolean {
  const id = String(call.headers["webhook-id"]);
  const ts = String(call.headers["webhook-timestamp"]);
  const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64")).update(`${id}.${ts}.${call.body}`).digest("base64");
  return String(call.headers["webhook-signature"]) === `v1,${expected}` && Math.abs(Date.now() / 1000 - Number(ts)) < 300;
}

const SECRET = `whsec_${Buffer.from("a-test-secret-of-24-bytes").toString("base64")}`;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let hookStatus = 204;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let t: TestApp;
let company: { id: number; slug: string; name: string };
let path: string;
let packageId: number;

async function post(pathname: string, fields: Record<string, string>, lang = "") {
  const session = await getFormSession(t, lang + pathname);
  return t.fetch(lang + pathname, {
    method: "POST",
    headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: session.csrf, ...fields }),
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver(() => hookStatus);
  // The receiver listens on 127.0.0.1: private addresses are allowed in this test only.
  t = await startTestApp({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: "1" });
  company = await makeCompany(t.app.db, { name: "Başvuru Fiber AŞ", email: "satis@basvuru.example" });
  packageId = await makePackage(t.app.db, company.id, { title: "Fiber 100 Başvuru", price: "500" });
  path = `/kablolu-internet/${company.slug}/paket/fiber-100-basvuru`;
  await t.app.db.insert(companyDeliverySettings).values({ companyId: company.id, mail: "leads@basvuru.example", webhookUrl: receiver.url, webhookSecret: SECRET });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await receiver?.close();
});

describe("subscription request", () => {
  it("is stored with consent and two deliveries in one go, mailed to the company and sent to its signed webhook once", async () => {
    const res = await post(path, { intent: "subscribe", firstName: "Ayşe", lastName: "Yılmaz", phone: "0532 123 45 67", consent: "on" });
    expect(res.status).toBe(200);
    const html = await res.text();
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.packageId, packageId));
    expect(lead).toMatchObject({ kind: "subscribe", firstName: "Ayşe", lastName: "Yılmaz", phone: "+905321234567", state: "new", companyId: company.id });
    expect(lead!.reference).toMatch(/^GB-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(lead!.consentText).toContain("Başvuru Fiber AŞ");
    expect(html).toContain(`Başvuru numaranız: ${lead!.reference}`);
    const deliveries = await t.app.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(deliveries.map((d) => [d.channel, d.state]).sort()).toEqual([
      ["mail", "pending"],
      ["webhook", "pending"],
    ]);

    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(["leads@basvuru.example"]);
    expect(smtp.mails[0]!.subject).toContain(lead!.reference);
    expect(smtp.mails[0]!.text).toContain("+905321234567");
    expect(receiver.calls).toHaveLength(1);
    expect(validSignature(SECRET, receiver.calls[0]!)).toBe(true);
    const body = JSON.parse(receiver.calls[0]!.body) as { type: string; data: { reference: string; phone: string } };
    expect(body).toMatchObject({ type: "lead.created", data: { reference: lead!.reference, phone: "+905321234567", source: "package", package: { id: packageId } } });
    const after = await t.app.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(after.every((d) => d.state === "delivered" && d.deliveredAt !== null)).toBe(true);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    expect(receiver.calls).toHaveLength(1);

    // The same request again at once: the same reference, nothing stored twice.
    const again = await post(path, { intent: "subscribe", firstName: "Ayşe", lastName: "Yılmaz", phone: "+90 532 123 45 67", consent: "on" });
    expect(await again.text()).toContain(lead!.reference);
    const [{ n }] = await t.app.db.select({ n: count() }).from(leads).where(eq(leads.packageId, packageId));
    expect(n).toBe(1);
  });

  it("with the SMTP server and the webhook down, the request is kept and delivered once when they are back", async () => {
    const port = smtp.port;
    await smtp.close();
    hookStatus = 503;
    const res = await post(path, { intent: "callMe", fullName: "Mehmet Demir", phone: "0533 765 43 21" });
    expect(res.status).toBe(200);
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.phone, "+905337654321"));
    await t.app.jobs.drain();
    let rows = await t.app.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(rows.map((d) => d.state)).toEqual(["pending", "pending"]);
    expect(rows.every((d) => d.attempts === 1 && d.lastError !== null)).toBe(true);
    expect(rows.find((d) => d.channel === "webhook")!.lastStatus).toBe(503);
    const callsWhileDown = receiver.calls.length;

    smtp = await startSmtpServer(port);
    hookStatus = 200;
    // Both channels were found down: they are tried again after their wait, which the test skips.
    expect((await t.app.db.select().from(jobChannels)).filter((c) => c.retryAt !== null).map((c) => c.channel).sort()).toEqual(["smtp", `webhook:${new URL(receiver.url).host}`]);
    await t.app.db.update(jobChannels).set({ retryAt: new Date() });
    await t.app.jobs.drain();
    rows = await t.app.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(rows.map((d) => d.state)).toEqual(["delivered", "delivered"]);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toContain(lead!.reference);
    expect(receiver.calls.length).toBe(callsWhileDown + 1);
    const last = receiver.calls.at(-1)!;
    expect(validSignature(SECRET, last)).toBe(true);
    // The same webhook-id as the failed attempt: the receiver can drop a repeat.
    expect(last.headers["webhook-id"]).toBe(receiver.calls[callsWhileDown - 1]!.headers["webhook-id"]);
    await t.app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, "lead.deliver"));
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    expect(receiver.calls.length).toBe(callsWhileDown + 1);
  });
});

describe("call-me request from the company's profile", () => {
  it("is stored for the company without a package, through the page's form, and shows its reference", async () => {
    const res = await post(`/kablolu-internet/${company.slug}`, { intent: "callMe", fullName: "Zeynep Arslan", phone: "0535 222 33 44" });
    expect(res.status).toBe(200);
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.phone, "+905352223344"));
    expect(lead).toMatchObject({ companyId: company.id, packageId: null, kind: "call_me" });
    expect(await res.text()).toContain(lead!.reference);
    const stored = () => t.app.db.select({ n: count() }).from(leads).where(eq(leads.companyId, company.id)).then(([r]) => r!.n);
    const before = await stored();
    const refused = await post(`/kablolu-internet/${company.slug}`, { intent: "callMe", fullName: "Zeynep Arslan", phone: "12" });
    expect(refused.status).toBe(400);
    expect(await stored()).toBe(before);
  });
});

describe("hostile and refused requests", () => {
  it("a bad phone, missing consent or an unknown intent is a translated 4xx and stores nothing", async () => {
    const before = (await t.app.db.select({ n: count() }).from(leads))[0]!.n;
    const bad = await post(path, { intent: "subscribe", firstName: "Ali", lastName: "Kaya", phone: "12", consent: "on" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Geçerli bir telefon numarası yazın");
    const noConsent = await post(path, { intent: "subscribe", firstName: "Ali", lastName: "Kaya", phone: "0532 111 22 33" }, "/en");
    expect(noConsent.status).toBe(400);
    expect(await noConsent.text()).toContain("Your consent is needed to pass on the request.");
    const script = await post(path, { intent: "callMe", fullName: "<script>\u0000</script>", phone: "0532 111 22 33" });
    expect(script.status).toBe(400);
    const unknown = await post(path, { intent: "delete", phone: "0532 111 22 33" });
    expect(unknown.status).toBe(400);
    const noCsrf = await t.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "intent=callMe&fullName=Ali+Kaya&phone=05321112233" });
    expect(noCsrf.status).toBe(403);
    expect((await t.app.db.select({ n: count() }).from(leads))[0]!.n).toBe(before);
  });

  it("a withdrawn package takes no request (no form, 409 to a forged post)", async () => {
    const id = await makePackage(t.app.db, company.id, { title: "Eski Başvuru", price: "300" });
    await t.app.db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, id));
    const page = await (await t.fetch(`/kablolu-internet/${company.slug}/paket/eski-basvuru`)).text();
    expect(page).not.toContain('data-testid="lead-subscribe-form"');
    const res = await post(`/kablolu-internet/${company.slug}/paket/eski-basvuru`, { intent: "callMe", fullName: "Ali Kaya", phone: "0532 111 22 33" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("satıştan kalktığı için");
  });

  it("is rate limited per phone number across packages", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await makePackage(t.app.db, company.id, { title: `Limit Paketi ${i}`, price: "300" });
      const res = await post(`/kablolu-internet/${company.slug}/paket/limit-paketi-${i}`, { intent: "callMe", fullName: "Limit Deneme", phone: "0542 000 00 01" });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("subscription request from the company's profile (no package)", () => {
  const profile = () => `/kablolu-internet/${company.slug}`;

  it("the profile offers both request forms, in both languages", async () => {
    for (const lang of ["", "/en"]) {
      const page = await (await t.fetch(lang + profile())).text();
      expect(page, lang).toContain('data-testid="lead-subscribe-form"');
      expect(page, lang).toContain('data-testid="lead-callMe-form"');
      const locale = lang ? "en" : "tr";
      expect(page, lang).toContain(htmlText(msg(locale, "packages.leads.consent", { company: company.name })));
    }
  });

  it("is stored for the company without a package, mailed and sent to the webhook saying it came from the profile, and shown so in the inbox", async () => {
    // The earlier requests of this file spent most of the address's hourly budget.
    await t.app.db.delete(rateLimits);
    const res = await post(profile(), { intent: "subscribe", firstName: "Elif", lastName: "Şahin", phone: "0536 444 55 66", consent: "on" });
    expect(res.status).toBe(200);
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.phone, "+905364445566"));
    expect(lead).toMatchObject({ kind: "subscribe", companyId: company.id, packageId: null, firstName: "Elif", lastName: "Şahin", locale: "tr" });
    expect(lead!.consentText).toBe(msg("tr", "packages.leads.consent", { company: company.name }));
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.leads.success", { company: company.name, reference: lead!.reference })));
    // The same request again at once: the same reference, nothing stored twice.
    const again = await post(profile(), { intent: "subscribe", firstName: "Elif", lastName: "Şahin", phone: "+90 536 444 55 66", consent: "on" });
    expect(await again.text()).toContain(lead!.reference);
    expect((await t.app.db.select({ n: count() }).from(leads).where(eq(leads.phone, "+905364445566")))[0]!.n).toBe(1);

    await t.app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, "lead.deliver"));
    await t.app.jobs.drain();
    const mails = smtp.mails.filter((m) => m.subject.includes(lead!.reference));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["leads@basvuru.example"]);
    expect(mails[0]!.subject).toBe(msg("tr", "packages.leads.mail.subjectProfile", { reference: lead!.reference, company: company.name }));
    expect(mails[0]!.text).toContain(msg("tr", "packages.leads.mail.aboutProfile", { company: company.name }));
    expect(mails[0]!.text).toContain(msg("tr", "packages.leads.mail.kindSubscribe"));
    expect(mails[0]!.text).toContain("Elif Şahin");
    expect(mails[0]!.text).not.toContain("Paket:");
    const calls = receiver.calls.filter((c) => (JSON.parse(c.body) as { data: { reference: string } }).data.reference === lead!.reference);
    expect(calls).toHaveLength(1);
    expect(validSignature(SECRET, calls[0]!)).toBe(true);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      type: "lead.created",
      data: { kind: "subscribe", source: "profile", package: null, company: { id: company.id, name: company.name }, firstName: "Elif", lastName: "Şahin", phone: "+905364445566" },
    });

    const admin = await insertUser(t.app.db, { email: "yonetici@basvuru.example", isAdmin: true });
    for (const [lang, locale] of [["", "tr"], ["/en", "en"]] as const) {
      const inbox = await (await t.fetch(`${lang}/isletme/talepler/${company.id}`, { headers: { cookie: admin.cookie } })).text();
      expect(inbox, locale).toContain(lead!.reference);
      expect(inbox, locale).toContain(htmlText(msg(locale, "packages.inbox.noPackage")));
    }
  });

  it("is mailed in the language the company's owner uses the site in", async () => {
    await t.app.db.delete(rateLimits);
    const owner = await insertUser(t.app.db, { email: "sahip@basvuru.example" });
    await t.app.db.update(users).set({ locale: "en" }).where(eq(users.id, owner.id));
    await t.app.db.update(companies).set({ ownerId: owner.id }).where(eq(companies.id, company.id));
    try {
      const res = await post(`/kablolu-internet/${company.slug}`, { intent: "callMe", fullName: "Can Demir", phone: "0536 444 77 88" });
      expect(res.status).toBe(200);
      const [lead] = await t.app.db.select().from(leads).where(eq(leads.phone, "+905364447788"));
      await t.app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, "lead.deliver"));
      await t.app.jobs.drain();
      const mails = smtp.mails.filter((m) => m.subject.includes(lead!.reference));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(msg("en", "packages.leads.mail.subjectProfile", { reference: lead!.reference, company: company.name }));
      expect(mails[0]!.text).toContain(msg("en", "packages.leads.mail.kindCallMe"));
    } finally {
      await t.app.db.update(companies).set({ ownerId: null }).where(eq(companies.id, company.id));
    }
  });

  it("hostile input and a missing consent are refused with a translated message; nothing stored", async () => {
    await t.app.db.delete(rateLimits);
    const stored = async () => (await t.app.db.select({ n: count() }).from(leads).where(eq(leads.companyId, company.id)))[0]!.n;
    const before = await stored();
    const base = { intent: "subscribe", firstName: "Ali", lastName: "Kaya", phone: "0532 111 22 44", consent: "on" };
    const noConsent = await post(profile(), { ...base, consent: "" }, "/en");
    expect(noConsent.status).toBe(400);
    expect(await noConsent.text()).toContain(htmlText(msg("en", "packages.leads.validation.consent")));
    const badPhone = await post(profile(), { ...base, phone: "+90 212" });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.text()).toContain(htmlText(msg("tr", "packages.leads.validation.phone")));
    // (A lone surrogate cannot travel in an urlencoded body: the API test has it.)
    for (const value of ["<script>alert(1)</script>\u0000", "Ay\u0007şe", " ", "a".repeat(61)]) {
      const res = await post(profile(), { ...base, firstName: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
    }
    const noCsrf = await t.fetch(profile(), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(base) });
    expect(noCsrf.status).toBe(403);
    expect(await stored()).toBe(before);
  });
});
