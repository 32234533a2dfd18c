import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "../../common/format";
import { addMonths, dayInTurkey, REMINDER_CONFIRM_DAYS, REMINDER_KEEP_AFTER_END_DAYS, REMINDER_KEEP_AFTER_SENT_DAYS } from "../../common/reminders";
import { users } from "../../server/accounts/schema";
import { jobChannels, jobs } from "../../server/jobs/schema";
import { packages } from "../../server/packages/schema";
import { commitmentReminders } from "../../server/reminders/schema";
import { rateLimits } from "../../server/security/schema";
import { cleanUp } from "../../server/jobs/cleanup";
import { reminderRecords } from "../../server/reminders/erase-reminders";
import { REMINDER_JOB, sendDueReminders } from "../../server/reminders/send-reminders";
import { insertUser } from "../helpers/companies";
import { HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { htmlText, LOCALES, msg, type Locale } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// The commitment-end reminder: the package page's form (guest with double
// opt-in, signed-in user), the API, the job that sends one mail on the right day through a real
// SMTP server, the mailed link (confirm, one-click unsubscribe), the settings tab, the clean-up,
// and hostile input. Time is the job's `now`: the reminder's day is computed, not waited for.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let schemas: ApiSchemas;
let target: number;
let pagePath: string;
let noCommitmentPath: string;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

/** An end date six months from today (in Turkey), and the day its mail is due. */
const today = () => dayInTurkey(new Date());
const endsOn = addMonths(today(), 6);
const remindOn = addMonths(endsOn, -1);
/** 00:30 and, the evening before, 23:30 in Turkey (UTC+3) on the reminder's day. */
const dueAt = (day: string) => new Date(`${day}T00:30:00+03:00`);
const eveningBefore = (day: string) => new Date(new Date(`${day}T00:00:00+03:00`).getTime() - 30 * 60_000);
const trDate = (iso: string) => formatDate(iso);
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const deps = () => ({ db: t.app.db, log: t.app.log, config: t.app.config, infrastructure: t.app.infrastructure });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  const company = await makeCompany(t.app.db, { name: "Hatırlatma Net" });
  const other = await makeCompany(t.app.db, { name: "Ucuz Fiber" });
  // The reminder's package: 24 months at 400 ₺, then 700 ₺ a month.
  target = await makePackage(t.app.db, company.id, { title: "Hatırlatma Fiber 100", downloadMbps: 100, price: "650", commitmentMonths: 24, commitmentPrice: "400", priceAfterCommitment: "700" });
  const add = async (key: string, fields: Record<string, unknown>) => {
    ids[key] = await makePackage(t.app.db, other.id, { downloadMbps: 100, ...fields });
    slugs[key] = (await packageRow(t.app.db, ids[key]!)).slug;
  };
  // Cheaper a month over a new commitment, sold in İzmir, at least 100 Mbps: A (3,600 ₺ in 12 months), C (6,000 ₺ in 12), B (8,400 ₺ in 24).
  await add("A", { title: "Ucuz A 12 Ay", commitmentMonths: 12, price: "450", commitmentPrice: "300" });
  await add("B", { title: "Ucuz B 24 Ay", downloadMbps: 200, commitmentMonths: 24, price: "500", commitmentPrice: "350" });
  await add("C", { title: "Ucuz C Taahhütsüz", downloadMbps: 1000, price: "500" });
  // Not offered: a fourth cheaper one beyond the three (its total is the highest), Ankara only, too slow, dearer, withdrawn.
  await add("D", { title: "Ucuz D 24 Ay", commitmentMonths: 24, price: "600", commitmentPrice: "690" });
  await add("E", { title: "Ankara Fiber", commitmentMonths: 24, price: "300", commitmentPrice: "200", servesAllCities: false, provinces: [6] });
  await add("F", { title: "Yavaş ADSL", technology: "adsl", downloadMbps: 16, price: "150" });
  await add("G", { title: "Pahalı Fiber", commitmentMonths: 12, price: "900", commitmentPrice: "800" });
  await add("H", { title: "Kalkmış Fiber", commitmentMonths: 12, price: "300", commitmentPrice: "250" });
  await t.app.db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, ids.H!));
  // The company's own package without commitment: dearer a month than 700 ₺, so not offered either.
  const noCommitment = await makePackage(t.app.db, company.id, { title: "Taahhütsüz Fiber", price: "750" });
  pagePath = `/kablolu-internet/${company.slug}/paket/${(await packageRow(t.app.db, target)).slug}`;
  noCommitmentPath = `/kablolu-internet/${company.slug}/paket/${(await packageRow(t.app.db, noCommitment)).slug}`;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

async function postPage(path: string, fields: Record<string, string>, opts: { locale?: Locale; cookie?: string; csrf?: boolean } = {}) {
  const locale = opts.locale ?? "tr";
  const full = `${locale === "en" ? "/en" : ""}${path}`;
  const s = await getFormSession(t, "/");
  const cookie = [s.cookie, opts.cookie].filter(Boolean).join("; ");
  const body = new URLSearchParams(opts.csrf === false ? fields : { csrf: s.csrf, ...fields });
  return t.fetch(full, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body });
}

const postApi = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const guestForm = (over: Record<string, string> = {}) => ({ intent: "reminder", endsOn: trDate(endsOn), provinceCode: "35", email: "ayse@example.com", consent: "on", ...over });
const rows = () => t.app.db.select().from(commitmentReminders);
const stored = async () => (await t.app.db.select({ n: count() }).from(commitmentReminders))[0]!.n;
const links = (text: string) => [...text.matchAll(/http:\/\/localhost((?:\/en)?\/taahhut-hatirlatma\/[\w.-]+)/g)].map((m) => m[1]!);

describe("the package page's form", () => {
  it("is offered on a package with a commitment, with today + its months and the remembered province, and not on one without", async () => {
    const cookie = `gb_altyapi=${encodeURIComponent(JSON.stringify({ il: 35, bbk: 200000000, address: "x" }))}`;
    const html = await (await t.fetch(pagePath, { headers: { cookie } })).text();
    expect(html).toContain('data-testid="reminder-form"');
    expect(html).toContain(msg("tr", "packages.reminder.title"));
    expect(html).toContain(`value="${trDate(addMonths(today(), 24))}"`);
    expect(html).toMatch(/<option value="35" selected="">İZMİR<\/option>/);
    expect(html).toContain('name="email"');
    const none = await (await t.fetch(noCommitmentPath)).text();
    expect(none).not.toContain('data-testid="reminder-form"');
  });

  it("a guest: stored with the consent text and time, a confirmation mail, nothing sent before the link is opened (double opt-in)", async () => {
    await t.app.db.delete(commitmentReminders);
    smtp.mails.length = 0;
    const res = await postPage(pagePath, guestForm());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.reminder.sentGuest")));
    const [row] = await rows();
    expect(row).toMatchObject({ email: "ayse@example.com", packageId: target, provinceCode: 35, endsOn, remindOn, locale: "tr", userId: null, confirmedAt: null, sentAt: null });
    expect(row!.consentText).toBe(msg("tr", "packages.reminder.consent", { days: REMINDER_KEEP_AFTER_SENT_DAYS }));
    expect(Math.abs(row!.consentAt.getTime() - Date.now())).toBeLessThan(60_000);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    const confirm = smtp.mails[0]!;
    expect(confirm.to).toEqual(["ayse@example.com"]);
    expect(confirm.subject).toBe(msg("tr", "packages.reminder.mail.confirmSubject"));
    expect(confirm.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const [link, unsubscribe] = links(confirm.text);
    expect(link).toMatch(/^\/taahhut-hatirlatma\/[\w-]{32}$/);
    expect(unsubscribe).toMatch(/^\/taahhut-hatirlatma\/\d+\.[\w-]{43}$/);

    // Not confirmed: the day comes and nothing goes.
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 0 });
    // The unsubscribe link cannot confirm; the confirmation link's page does, with its button (opening it changes nothing).
    expect((await postPage(unsubscribe!, { intent: "confirm" })).status).toBe(404);
    const opened = await t.fetch(link!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(await opened.text()).toContain(msg("tr", "packages.reminder.link.confirm"));
    expect((await rows())[0]!.confirmedAt).toBeNull();
    const confirmed = await postPage(link!, { intent: "confirm" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(msg("tr", "packages.reminder.link.active", { date: trDate(remindOn) }));
    expect((await rows())[0]!.confirmedAt).not.toBeNull();
  });

  it("the job sends exactly one mail on the reminder's day: the price after the commitment and the three cheaper packages in the province, cheapest total first", async () => {
    smtp.mails.length = 0;
    expect(await sendDueReminders(deps(), eveningBefore(remindOn))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 1 });
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps(), dueAt(addMonths(remindOn, 1)))).toEqual({ sent: 0 });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(["ayse@example.com"]);
    expect(mail.subject).toBe(msg("tr", "packages.reminder.mail.subject", { date: trDate(endsOn) }));
    expect(mail.text).toContain(msg("tr", "packages.reminder.mail.ends", { company: "Hatırlatma Net", title: "Hatırlatma Fiber 100", date: trDate(endsOn) }));
    expect(mail.text).toContain("ayda ₺700,00 ödeyeceksiniz");
    expect(mail.text).toContain(msg("tr", "packages.reminder.mail.cheaperSpeed", { province: "İzmir", speed: 100 }));
    const listed = [...mail.text.matchAll(/\/paket\/([\w-]+)/g)].map((m) => m[1]);
    const [own] = listed;
    expect(own).toBe((await packageRow(t.app.db, target)).slug);
    expect(listed.slice(1)).toEqual([slugs.A, slugs.C, slugs.B]);
    expect(mail.text).toContain("1. Ucuz Fiber – Ucuz A 12 Ay: ayda ortalama ₺300,00, 12 ayda toplam ₺3.600,00");
    expect(mail.text).toContain(`http://localhost/kablolu-internet/ucuz-fiber/paket/${slugs.C}`);
    for (const key of ["D", "E", "F", "G", "H"]) expect(mail.text, key).not.toContain(`/paket/${slugs[key]}`);
    expect(mail.text).toContain("http://localhost/paketler?kind=internet&speed=100&city=izmir&sort=total");
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost\/taahhut-hatirlatma\/\d+\.[\w-]{43}>/);
    const [row] = await rows();
    expect(row!.sentAt).not.toBeNull();
  });

  it("one-click unsubscribe from the mail erases the reminder at once; the link keeps saying so, a repeat is no error", async () => {
    const [unsubscribe] = links(smtp.mails[0]!.text);
    const oneClick = () => t.fetch(unsubscribe!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect((await oneClick()).status).toBe(200);
    expect(await stored()).toBe(0);
    expect((await oneClick()).status).toBe(200);
    const page = await t.fetch(unsubscribe!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(msg("tr", "packages.reminder.link.unsubscribed"));
    // Nothing to confirm any more.
    expect((await postPage(unsubscribe!, { intent: "confirm" })).status).toBe(404);
  });

  it("the page's delete buttons erase an unconfirmed reminder too; a page post without the CSRF token is refused", async () => {
    smtp.mails.length = 0;
    for (const email of ["buton1@example.com", "buton2@example.com"]) expect((await postPage(pagePath, guestForm({ email }))).status).toBe(200);
    await t.app.jobs.drain();
    const [link1, unsubscribe1] = links(smtp.mails[0]!.text);
    const [, unsubscribe2] = links(smtp.mails[1]!.text);
    expect((await postPage(link1!, { intent: "unsubscribe" }, { csrf: false })).status).toBe(403);
    expect(await stored()).toBe(2);
    // From the confirmation link's page: erased, and on to the unsubscribe link's page (the confirmation link is gone with it).
    const viaLink = await postPage(link1!, { intent: "unsubscribe" });
    expect(viaLink.status).toBe(302);
    expect(viaLink.headers.get("location")).toBe(unsubscribe1);
    expect(await (await t.fetch(unsubscribe1!)).text()).toContain(msg("tr", "packages.reminder.link.unsubscribed"));
    expect((await t.fetch(link1!)).status).toBe(404);
    const res = await postPage(unsubscribe2!, { intent: "unsubscribe" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(msg("tr", "packages.reminder.link.unsubscribed"));
    expect(await stored()).toBe(0);
  });

  it("a repeat of the same reminder is not stored twice (a fresh confirmation link replaces the old one)", async () => {
    smtp.mails.length = 0;
    const form = guestForm({ email: "tekrar@example.com", endsOn: endsOn.slice(0, 7).split("-").reverse().join(".") });
    expect((await postPage(pagePath, form)).status).toBe(200);
    expect((await postPage(pagePath, { ...form, email: " TEKRAR@example.com " })).status).toBe(200);
    const mine = (await rows()).filter((r) => r.email === "tekrar@example.com");
    expect(mine).toHaveLength(1);
    // A month alone is its first day.
    expect(mine[0]!.endsOn).toBe(`${endsOn.slice(0, 7)}-01`);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(2);
    const [first] = links(smtp.mails[0]!.text);
    const [second] = links(smtp.mails[1]!.text);
    expect((await t.fetch(first!)).status).toBe(404);
    expect((await t.fetch(second!)).status).toBe(200);
  });

  it("in English: the messages, the confirmation mail and the reminder itself", async () => {
    smtp.mails.length = 0;
    const res = await postPage(pagePath, guestForm({ email: "john@example.com" }), { locale: "en" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("en", "packages.reminder.sentGuest")));
    await t.app.jobs.drain();
    expect(smtp.mails[0]!.subject).toBe(msg("en", "packages.reminder.mail.confirmSubject"));
    const [link] = links(smtp.mails[0]!.text);
    expect(link).toMatch(/^\/en\/taahhut-hatirlatma\//);
    expect((await postPage(link!.replace(/^\/en/, ""), { intent: "confirm" }, { locale: "en" })).status).toBe(200);
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 1 });
    await t.app.jobs.drain();
    const mail = smtp.mails[1]!;
    expect(mail.subject).toBe(msg("en", "packages.reminder.mail.subject", { date: trDate(endsOn) }));
    expect(mail.text).toContain("Packages sold in İzmir with at least 100 Mbps");
    expect(mail.text).toContain(`http://localhost/en/kablolu-internet/ucuz-fiber/paket/${slugs.A}`);
  });
});

describe("a signed-in person", () => {
  it("sets a reminder with the account's address (on at once, no confirmation), sees it in settings and deletes it; another's is out of reach", async () => {
    await t.app.db.delete(commitmentReminders);
    smtp.mails.length = 0;
    const ayse = await insertUser(t.app.db, { email: "Ayse.Uye@example.com" });
    const mehmet = await insertUser(t.app.db, { email: "mehmet.uye@example.com" });
    await t.app.db.update(users).set({ cityCode: 35 }).where(eq(users.id, ayse.id));
    const page = await (await t.fetch(pagePath, { headers: { cookie: ayse.cookie } })).text();
    expect(page).toContain(htmlText(msg("tr", "packages.reminder.accountEmail", { email: "Ayse.Uye@example.com" })));
    expect(page).not.toContain('id="reminder-email"');
    expect(page).toMatch(/<option value="35" selected="">İZMİR<\/option>/);

    // The body's address is not used: the account's is.
    const res = await postPage(pagePath, { intent: "reminder", endsOn, provinceCode: "35", email: "baskasi@example.com" }, { cookie: ayse.cookie });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.reminder.sentAccount", { date: trDate(remindOn), email: "ayse.uye@example.com" })));
    const [row] = await rows();
    expect(row).toMatchObject({ userId: ayse.id, email: "ayse.uye@example.com", tokenHash: null, sentAt: null });
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.consentText).toBe(msg("tr", "packages.reminder.accountConsent", { days: REMINDER_KEEP_AFTER_SENT_DAYS }));
    expect((await postPage(pagePath, { intent: "reminder", endsOn, provinceCode: "35" }, { cookie: ayse.cookie })).status).toBe(200);
    expect(await stored()).toBe(1);
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(0);

    const tab = await (await t.fetch("/ayarlar?sekme=hatirlatmalar", { headers: { cookie: ayse.cookie } })).text();
    expect(tab).toContain("Hatırlatma Net – Hatırlatma Fiber 100");
    expect(tab).toContain(trDate(remindOn));
    expect(tab).toContain(msg("tr", "packages.reminder.account.states.active"));
    const others = await (await t.fetch("/ayarlar?sekme=hatirlatmalar", { headers: { cookie: mehmet.cookie } })).text();
    expect(others).toContain(msg("tr", "packages.reminder.account.empty"));
    expect(others).not.toContain("Hatırlatma Fiber 100");

    // Another person's id: a 404 by page and by API, nothing erased.
    const forged = await postPage("/ayarlar?sekme=hatirlatmalar", { intent: "deleteReminder", reminderId: String(row!.id) }, { cookie: mehmet.cookie });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain(msg("tr", "packages.reminder.notFound"));
    expect((await postApi(`/my/commitment-reminders/${row!.id}/delete`, {}, { authorization: `Bearer ${mehmet.token}` })).status).toBe(404);
    expect(await stored()).toBe(1);
    for (const bad of ["abc", "-1", "0", "1.5", "1 OR 1=1", `${row!.id}\u0000`]) {
      const r = await postPage("/ayarlar?sekme=hatirlatmalar", { intent: "deleteReminder", reminderId: bad }, { cookie: ayse.cookie });
      expect(r.status, bad).toBe(400);
      expect(await r.text()).toContain(msg("tr", "packages.reminder.validation.id"));
    }
    const deleted = await postPage("/ayarlar?sekme=hatirlatmalar", { intent: "deleteReminder", reminderId: String(row!.id) }, { cookie: ayse.cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(msg("tr", "packages.reminder.account.deleted"));
    expect(await stored()).toBe(0);
  });

  it("through the API: set (documented answers), list, delete; a guest's call needs the address and consent", async () => {
    await t.app.db.delete(commitmentReminders);
    const zeynep = await insertUser(t.app.db, { email: "zeynep.api@example.com" });
    const auth = { authorization: `Bearer ${zeynep.token}` };
    const set = await postApi(`/packages/${target}/commitment-reminder`, { endsOn, provinceCode: 35 }, auth);
    const body = (await schemas.expectMatchesSchema(set, "/packages/{id}/commitment-reminder", "post", 200)) as { state: string; created: boolean; remindOn: string };
    expect(body).toMatchObject({ state: "active", created: true, remindOn, email: "zeynep.api@example.com" });
    const again = (await (await postApi(`/packages/${target}/commitment-reminder`, { endsOn, provinceCode: 35 }, auth)).json()) as { created: boolean };
    expect(again.created).toBe(false);
    const list = await t.fetch("/api/v1/my/commitment-reminders", { headers: auth });
    const listed = (await schemas.expectMatchesSchema(list, "/my/commitment-reminders", "get", 200)) as { reminders: { id: number; state: string; pkg: { id: number } }[] };
    expect(listed.reminders).toHaveLength(1);
    expect(listed.reminders[0]).toMatchObject({ state: "active", endsOn, remindOn, province: "İzmir", pkg: { id: target } });

    const guest = await postApi(`/packages/${target}/commitment-reminder`, { endsOn, provinceCode: 35, email: "misafir@example.com", consent: true });
    expect(((await schemas.expectMatchesSchema(guest, "/packages/{id}/commitment-reminder", "post", 200)) as { state: string }).state).toBe("pending");
    const noConsent = await postApi(`/packages/${target}/commitment-reminder`, { endsOn, provinceCode: 35, email: "misafir2@example.com", consent: "on" }, { "accept-language": "en" });
    const refused = (await schemas.expectMatchesSchema(noConsent, "/packages/{id}/commitment-reminder", "post", 400)) as { message: string; errors: Record<string, string> };
    expect(refused.errors).toEqual({ consent: msg("en", "packages.reminder.validation.consent") });

    const del = await postApi(`/my/commitment-reminders/${listed.reminders[0]!.id}/delete`, {}, auth);
    await schemas.expectMatchesSchema(del, "/my/commitment-reminders/{id}/delete", "post", 200);
    expect((await t.app.db.select().from(commitmentReminders).where(eq(commitmentReminders.userId, zeynep.id))).length).toBe(0);
  });
});

describe("refused and hostile input", () => {
  it.each([
    ["an end date in the past", { endsOn: "01.01.2020" }, "endsOn", { key: "packages.reminder.validation.endsOnPast" }],
    ["yesterday", { endsOn: trDate(plusDays(today(), -1)) }, "endsOn", { key: "packages.reminder.validation.endsOnPast" }],
    ["a day more than 24 months away", { endsOn: trDate(plusDays(addMonths(today(), 24), 1)) }, "endsOn", { key: "packages.reminder.validation.endsOnTooFar", params: { max: 24 } }],
    ["no end date", { endsOn: "" }, "endsOn", { key: "packages.reminder.validation.endsOnRequired" }],
    ["a day no calendar has", { endsOn: "31.02.2027" }, "endsOn", { key: "packages.reminder.validation.endsOnFormat" }],
    [HOSTILE_TEXT.html.name, { endsOn: HOSTILE_TEXT.html.value }, "endsOn", { key: "packages.reminder.validation.endsOnFormat" }],
    [HOSTILE_TEXT.nul.name, { endsOn: `14.05\u00002027` }, "endsOn", { key: "packages.reminder.validation.endsOnFormat" }],
    ["province 82", { provinceCode: "82" }, "provinceCode", { key: "packages.reminder.validation.province" }],
    ["province as text", { provinceCode: "izmir" }, "provinceCode", { key: "packages.reminder.validation.province" }],
    ["no province", { provinceCode: "" }, "provinceCode", { key: "packages.reminder.validation.province" }],
    ["e-mail with HTML", { email: HOSTILE_TEXT.html.value }, "email", { key: "validation.email.format" }],
    ["e-mail with a NUL byte", { email: "ayse\u0000@example.com" }, "email", { key: "validation.email.format" }],
    ["e-mail with bad Unicode", { email: `a${HOSTILE_TEXT.replacement.value}@example.com` }, "email", { key: "validation.email.format" }],
    ["no consent", { consent: "" }, "consent", { key: "packages.reminder.validation.consent" }],
  ] as [string, Record<string, string>, string, { key: string; params?: Record<string, number> }][])("page: %s is a translated 400 and nothing is stored", async (name, over, _field, message) => {
    const before = await stored();
    const fields: Record<string, string> = { ...guestForm(), ...over };
    if (fields.consent === "") delete fields.consent;
    for (const locale of LOCALES) {
      const res = await postPage(pagePath, fields, { locale });
      expect(res.status, locale).toBe(400);
      const html = await res.text();
      expect(html, locale).toContain(htmlText(msg(locale, message.key, message.params)));
      // Refilled for a browser without JavaScript, escaped.
      if (name === HOSTILE_TEXT.html.name) expect(html).not.toContain("<script>alert(1)</script>");
    }
    expect(await stored()).toBe(before);
  });

  it("API: wrong types for every field, a forged or malformed package, a package without commitment", async () => {
    const before = await stored();
    const valid = { endsOn, provinceCode: 35, email: "tip@example.com", consent: true };
    const fieldMessage: Record<string, string> = {
      endsOn: "packages.reminder.validation.endsOnRequired",
      provinceCode: "packages.reminder.validation.province",
      email: "validation.email.required",
      consent: "packages.reminder.validation.consent",
    };
    for (const wrong of WRONG_TYPES) {
      for (const field of Object.keys(fieldMessage)) {
        if (field === "consent" && wrong.value === true) continue; // the one right value
        if (field === "provinceCode" && typeof wrong.value === "number") continue; // 12345678 is a number, out of range below
        const res = await postApi(`/packages/${target}/commitment-reminder`, { ...valid, [field]: wrong.value }, { "accept-language": "en" });
        const body = (await schemas.expectMatchesSchema(res, "/packages/{id}/commitment-reminder", "post", 400)) as { errors: Record<string, string> };
        expect(body.errors, `${field} as ${wrong.name}`).toEqual({ [field]: msg("en", fieldMessage[field]!) });
      }
    }
    // Hostile text (HTML, SQL, NUL, control characters, lone surrogates, bidi overrides) in the text fields.
    for (const hostile of Object.values(HOSTILE_TEXT)) {
      for (const [field, key] of [
        ["endsOn", "packages.reminder.validation.endsOnFormat"],
        ["email", "validation.email.format"],
      ] as const) {
        const res = await postApi(`/packages/${target}/commitment-reminder`, { ...valid, [field]: field === "email" ? `a${hostile.value}@example.com` : hostile.value }, { "accept-language": "en" });
        const body = (await schemas.expectMatchesSchema(res, "/packages/{id}/commitment-reminder", "post", 400)) as { errors: Record<string, string> };
        expect(body.errors, `${field}: ${hostile.name}`).toEqual({ [field]: msg("en", key) });
      }
    }
    for (const provinceCode of [0, 82, 12345678, 1.5, -1]) {
      const res = await postApi(`/packages/${target}/commitment-reminder`, { ...valid, provinceCode });
      expect(res.status, String(provinceCode)).toBe(400);
    }
    const array = await postApi(`/packages/${target}/commitment-reminder`, [valid]);
    expect(array.status).toBe(400);
    for (const forged of ["999999", "abc", "-1", "1.5", "0x1"]) {
      const res = await postApi(`/packages/${encodeURIComponent(forged)}/commitment-reminder`, valid);
      expect(res.status, forged).toBe(404);
    }
    // C has no commitment.
    const conflict = await postApi(`/packages/${ids.C}/commitment-reminder`, valid);
    const err = (await schemas.expectMatchesSchema(conflict, "/packages/{id}/commitment-reminder", "post", 409)) as { message: string };
    expect(err.message).toBe(msg("tr", "packages.reminder.noCommitment"));
    expect(await stored()).toBe(before);
  });

  it("is rate limited per address (5 a day) and per client (10 an hour)", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postPage(pagePath, guestForm({ email: "limit@example.com", endsOn: trDate(addMonths(today(), i)) }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await t.app.db.delete(rateLimits);
    const byIp: number[] = [];
    for (let i = 1; i <= 11; i++) byIp.push((await postPage(pagePath, guestForm({ email: `ip${i}@example.com` }))).status);
    expect(byIp).toEqual([...Array(10).fill(200), 429]);
    const limited = await postPage(pagePath, guestForm({ email: "ip12@example.com" }), { locale: "en" });
    expect(await limited.text()).toContain(htmlText(msg("en", "packages.reminder.rateLimited", { count: 60 })).slice(0, 40));
  });
});

describe("durable and erased", () => {
  it("with the SMTP server down the reminder is kept, and delivered once when it is back", async () => {
    await t.app.jobs.drain();
    await t.app.db.delete(commitmentReminders);
    const user = await insertUser(t.app.db, { email: "kesinti@example.com" });
    expect((await postApi(`/packages/${target}/commitment-reminder`, { endsOn, provinceCode: 35 }, { authorization: `Bearer ${user.token}` })).status).toBe(200);
    const port = smtp.port;
    await smtp.close();
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 1 });
    await t.app.jobs.drain();
    const [mailJob] = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, "mail.send"), isNull(jobs.doneAt), sql`${jobs.payload}->>'to' = 'kesinti@example.com'`));
    // The server, not the mail, failed: the attempt is given back, the mail channel waits (decision 039).
    expect(mailJob!.attempts).toBe(0);
    expect(mailJob!.lastError).not.toBeNull();
    // The job sees the reminder sent: the next run does not queue it again.
    expect(await sendDueReminders(deps(), dueAt(remindOn))).toEqual({ sent: 0 });

    smtp = await startSmtpServer(port);
    await t.app.db.update(jobChannels).set({ retryAt: new Date() });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(["kesinti@example.com"]);
  });

  it("the recurring job is booked once and runs through the worker", async () => {
    const waiting = await t.app.db.select().from(jobs).where(and(eq(jobs.kind, REMINDER_JOB), isNull(jobs.doneAt)));
    expect(waiting).toHaveLength(1);
    await t.app.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, waiting[0]!.id));
    await t.app.jobs.drain();
    const after = await t.app.db.select().from(jobs).where(eq(jobs.kind, REMINDER_JOB));
    expect(after.find((j) => j.id === waiting[0]!.id)!.doneAt).not.toBeNull();
    const next = after.filter((j) => j.doneAt === null);
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it("the clean-up erases sent reminders after their keeping, unconfirmed ones after a week, and any past its end's bound; keeps the rest", async () => {
    await t.app.db.delete(commitmentReminders);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const base = { packageId: target, provinceCode: 35, consentText: "Onay metni", consentAt: now, locale: "tr" as const };
    const far = addMonths(today(), 6);
    await t.app.db.insert(commitmentReminders).values([
      { ...base, email: "sent-old@example.com", endsOn: far, remindOn: far, confirmedAt: daysAgo(60), sentAt: daysAgo(REMINDER_KEEP_AFTER_SENT_DAYS + 1) },
      { ...base, email: "sent-new@example.com", endsOn: far, remindOn: far, confirmedAt: daysAgo(60), sentAt: daysAgo(REMINDER_KEEP_AFTER_SENT_DAYS - 1) },
      { ...base, email: "pending-old@example.com", endsOn: far, remindOn: far, createdAt: daysAgo(REMINDER_CONFIRM_DAYS + 1) },
      { ...base, email: "pending-new@example.com", endsOn: far, remindOn: far, createdAt: daysAgo(REMINDER_CONFIRM_DAYS - 1) },
      { ...base, email: "ended@example.com", endsOn: dayInTurkey(daysAgo(REMINDER_KEEP_AFTER_END_DAYS + 1)), remindOn: far, confirmedAt: daysAgo(60) },
      { ...base, email: "active@example.com", endsOn: far, remindOn: far, confirmedAt: daysAgo(60) },
    ]);
    const result = await cleanUp({ db: t.app.db, log: t.app.log, config: t.app.config, modules: t.app.modules }, now);
    expect(result.reminders).toBe(3);
    expect((await rows()).map((r) => r.email).sort()).toEqual(["active@example.com", "pending-new@example.com", "sent-new@example.com"]);
  });

  it("erasing an account erases its reminders (and those left with its address)", async () => {
    await t.app.db.delete(commitmentReminders);
    const user = await insertUser(t.app.db, { email: "silinecek@example.com" });
    const base = { packageId: target, provinceCode: 35, consentText: "Onay", consentAt: new Date(), locale: "tr" as const, endsOn, remindOn };
    await t.app.db.insert(commitmentReminders).values([
      { ...base, userId: user.id, email: "silinecek@example.com", confirmedAt: new Date() },
      { ...base, email: "silinecek@example.com", endsOn: addMonths(endsOn, 1) },
      { ...base, email: "kalacak@example.com" },
    ]);
    await t.app.db.transaction((tx) => reminderRecords.run({ tx, userId: user.id, formerEmail: "silinecek@example.com", erasedEmail: "x@invalid", now: new Date() }));
    expect((await rows()).map((r) => r.email)).toEqual(["kalacak@example.com"]);
  });
});
