import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { companyDeliverySettings, leads } from "../../server/leads/schema";
import { packageProvinces, packages } from "../../server/packages/schema";
import { submitLead } from "../../server/leads/submit-lead";
import { FORGED_IDS, HOSTILE_TEXT, overLong } from "../helpers/hostile";
import { htmlText, msg, type Locale } from "../helpers/messages";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * The dashboard's package screens and lead inbox through real page requests: the
 * owner works them, another owner's ids and forged ids answer 404 and change nothing, and every
 * hostile field is a 400 with its translated message, nothing stored, the values kept.
 */

let t: TestApp;
let csrf: { cookie: string; csrf: string };
let owner: number;
let other: number;
let admin: number;
let individual: number;
let company: { id: number; slug: string; name: string };
let foreignCompany: { id: number; slug: string; name: string };
let foreignPackage: number;

async function createUser(values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  return (await insertVerifiedUser(t.app.db, { accountType: "corporate", ...values }, "Parola-1234")).id;
}

async function cookieFor(userId: number) {
  const { token } = await createSession(t.app.db, userId, "web");
  return `${csrf.cookie}; gb_session=${token}`;
}

async function get(path: string, userId: number) {
  return t.fetch(path, { headers: { cookie: await cookieFor(userId) } });
}

async function post(path: string, userId: number, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams({ csrf: csrf.csrf });
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return t.fetch(path, { method: "POST", headers: { cookie: await cookieFor(userId), "content-type": "application/x-www-form-urlencoded" }, body });
}

const packageCount = async () => (await t.app.db.select({ n: count() }).from(packages))[0]!.n;

const FULL = {
  intent: "save",
  serviceKind: "internet",
  title: "Panel Fiber 100",
  slug: "",
  description: "Evler için fiber.",
  tags: "fiber, ev",
  technology: "fiber",
  downloadMbps: "100",
  uploadMbps: "20",
  quotaGb: "",
  fairUsage: "",
  price: "499,90",
  commitmentMonths: "12",
  commitmentPrice: "399,90",
  introMonths: "3",
  introPrice: "299",
  priceAfterCommitment: "549,90",
  modemOffer: "rental",
  modemRental: "30",
  activationFee: "250",
  freeMonths: "1",
  discount: "100",
  discountNote: "Bağlantı ücretinden",
  phoneBundle: "bare",
  talkPackage: "on",
  tvPlatform: "",
  servesAllCities: "",
  provinces: ["35", "6"],
  diskGb: "",
  trafficGb: "",
  cpuCores: "",
  ramGb: "",
  channelCount: "",
  priceConfirmedOn: "2026-11-01",
};

beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t);
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ accountType: "individual", isAdmin: true });
  individual = await createUser({ accountType: "individual" });
  company = await makeCompany(t.app.db, { name: "Panel Net AŞ", ownerId: owner, email: "satis@panelnet.example" });
  foreignCompany = await makeCompany(t.app.db, { name: "Başka Net AŞ", ownerId: other });
  foreignPackage = await makePackage(t.app.db, foreignCompany.id, { title: "Başka Fiber" });
});
afterAll(() => t?.close());

describe("package screens", () => {
  let packageId: number;

  it("the owner adds a package with every field: stored in kuruş, provinces kept, then its edit page shows the values", async () => {
    const before = await packageCount();
    const res = await post(`/isletme/paketler/yeni-paket/${company.id}`, owner, FULL);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/isletme/paketler/duzenle/${company.id}/\\d+\\?sonuc=eklendi$`));
    packageId = Number(/\/(\d+)\?/.exec(location)![1]);
    expect(await packageCount()).toBe(before + 1);
    const row = await packageRow(t.app.db, packageId);
    expect(row).toMatchObject({
      companyId: company.id,
      slug: "panel-fiber-100",
      priceKurus: 49_990,
      commitmentPriceKurus: 39_990,
      introMonths: 3,
      introPriceKurus: 29_900,
      priceAfterCommitmentKurus: 54_990,
      modemRentalKurus: 3000,
      activationFeeKurus: 25_000,
      phoneBundle: "bare",
      talkPackage: true,
      gsmIncluded: false,
      servesAllCities: false,
      priceConfirmedOn: "2026-11-01",
      tags: ["fiber", "ev"],
    });
    const provinces = await t.app.db.select().from(packageProvinces).where(eq(packageProvinces.packageId, packageId));
    expect(provinces.map((p) => p.provinceCode).sort((a, b) => a - b)).toEqual([6, 35]);

    const page = await get(location, owner);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(htmlText(msg("tr", "packages.dashboard.form.created")));
    expect(html).toContain('value="499,90"');
    expect(html).toContain('value="Panel Fiber 100"');
    // The English page shows the same amount with a decimal point.
    expect(await (await get(`/en/isletme/paketler/duzenle/${company.id}/${packageId}`, owner)).text()).toContain('value="499.90"');
  });

  it("labels the fields required in some cases by that case, never as optional", async () => {
    for (const locale of ["tr", "en"] as const) {
      const html = await (await get(`${locale === "en" ? "/en" : ""}/isletme/paketler/yeni-paket/${company.id}`, owner)).text();
      const optional = `<span class="font-normal"> (${msg(locale, "common.optional")})</span>`;
      for (const [field, label, when] of [
        ["downloadMbps", "packages.dashboard.fields.downloadMbps", "packages.dashboard.requiredWhen.internet"],
        ["technology", "packages.dashboard.fields.technology", "packages.dashboard.requiredWhen.internet"],
        ["commitmentPrice", "packages.dashboard.fields.commitmentPrice", "packages.dashboard.requiredWhen.commitment"],
        ["modemRental", "packages.dashboard.fields.modemRental", "packages.dashboard.requiredWhen.modemRented"],
      ]) {
        const tag = new RegExp(`<label for="package-${field}" class="field-label">(.*?)</label>`).exec(html)?.[1];
        expect(tag, `${locale} ${field}`).toBe(`${htmlText(msg(locale, label))}<span class="font-normal"> (${htmlText(msg(locale, when))})</span>`);
        expect(tag).not.toContain(optional);
      }
    }
  });

  it("the list shows the company's packages with their state; the company list links to it", async () => {
    const res = await get(`/isletme/paketler/liste/${company.id}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Panel Fiber 100");
    expect(html).toContain(msg("tr", "packages.dashboard.list.onSale"));
    expect(html).toContain(`/isletme/paketler/duzenle/${company.id}/${packageId}`);
    expect(html).not.toContain("Başka Fiber");
    const companies = await (await get("/isletme/liste", owner)).text();
    expect(companies).toContain(`href="/isletme/paketler/liste/${company.id}"`);
    expect(companies).toContain(`href="/isletme/talepler/${company.id}"`);
  });

  it("an edit keeps every term; a clash of url answers 'url not unique' and changes nothing", async () => {
    const res = await post(`/isletme/paketler/duzenle/${company.id}/${packageId}`, owner, { ...FULL, price: "519", title: "Panel Fiber 100 Yeni", slug: "panel-fiber-100" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.dashboard.form.saved")));
    expect(await packageRow(t.app.db, packageId)).toMatchObject({ priceKurus: 51_900, title: "Panel Fiber 100 Yeni" });

    const second = await makePackage(t.app.db, company.id, { title: "Panel İkinci" });
    for (const locale of ["tr", "en"] as Locale[]) {
      const prefix = locale === "en" ? "/en" : "";
      const clash = await post(`${prefix}/isletme/paketler/duzenle/${company.id}/${second}`, owner, { ...FULL, slug: "panel-fiber-100" });
      expect(clash.status).toBe(409);
      const html = await clash.text();
      expect(html).toContain(htmlText(msg(locale, "packages.errors.urlNotUnique")));
      expect(html).toContain('value="panel-fiber-100"');
      expect((await packageRow(t.app.db, second)).slug).toBe("panel-ikinci");
      const before = await packageCount();
      const add = await post(`${prefix}/isletme/paketler/yeni-paket/${company.id}`, owner, { ...FULL, slug: "panel-ikinci" });
      expect(add.status).toBe(409);
      expect(await add.text()).toContain(htmlText(msg(locale, "packages.errors.urlNotUnique")));
      expect(await packageCount()).toBe(before);
    }
  });

  // Hostile input to the package form: field, value, the message key the page must show.
  const HOSTILE_FORM: { name: string; fields: Record<string, string | string[]>; key: string; params?: Record<string, string | number> }[] = [
    { name: "title missing", fields: { title: "" }, key: "packages.validation.title.required" },
    { name: "title too long", fields: { title: overLong(120) }, key: "packages.validation.title.max", params: { max: 120 } },
    { name: "title NUL byte", fields: { title: HOSTILE_TEXT.nul.value }, key: "packages.validation.title.invalid" },
    { name: "title control character", fields: { title: HOSTILE_TEXT.control.value }, key: "packages.validation.title.invalid" },
    { name: "title sent twice", fields: { title: ["Bir", "İki paket"] }, key: "packages.validation.title.required" },
    { name: "description NUL byte", fields: { description: HOSTILE_TEXT.nul.value }, key: "packages.validation.text" },
    { name: "description too long", fields: { description: overLong(3000) }, key: "packages.validation.textMax", params: { max: 3000 } },
    { name: "unknown service kind", fields: { serviceKind: "ftp" }, key: "packages.validation.serviceKind" },
    { name: "technology as script", fields: { technology: "<script>alert(1)</script>" }, key: "packages.validation.technology" },
    { name: "slug with HTML", fields: { slug: "<b>paket</b>" }, key: "packages.validation.slug" },
    { name: "slug with capitals", fields: { slug: "Panel-Fiber" }, key: "packages.validation.slug" },
    { name: "price not a number", fields: { price: "abc" }, key: "packages.validation.money" },
    { name: "price negative", fields: { price: "-5" }, key: "packages.validation.money" },
    { name: "price with three decimals", fields: { price: "1,005" }, key: "packages.validation.money" },
    { name: "price over the bound", fields: { price: "1000001" }, key: "packages.validation.moneyMax", params: { max: 1_000_000 } },
    { name: "price missing", fields: { price: "" }, key: "packages.validation.money" },
    { name: "speed a fraction", fields: { downloadMbps: "1.5" }, key: "packages.validation.number" },
    { name: "speed zero", fields: { downloadMbps: "0" }, key: "packages.validation.numberMin", params: { min: 1 } },
    { name: "speed over the bound", fields: { downloadMbps: "100001" }, key: "packages.validation.numberMax", params: { max: 100_000 } },
    { name: "speed missing for internet", fields: { downloadMbps: "" }, key: "packages.validation.speedRequired" },
    { name: "commitment over 24 months", fields: { commitmentMonths: "25" }, key: "packages.validation.numberMax", params: { max: 24 } },
    { name: "commitment without its price", fields: { commitmentPrice: "" }, key: "packages.validation.commitmentPriceRequired" },
    { name: "campaign longer than the commitment", fields: { introMonths: "13" }, key: "packages.validation.introWithinCommitment" },
    { name: "rented modem without its rent", fields: { modemRental: "" }, key: "packages.validation.modemRentalRequired" },
    { name: "unknown modem offer", fields: { modemOffer: "gift" }, key: "packages.validation.modemOffer" },
    { name: "unknown phone option", fields: { phoneBundle: "fax" }, key: "packages.validation.phoneBundle" },
    { name: "province out of range", fields: { provinces: ["82"] }, key: "packages.validation.province" },
    { name: "province not a number", fields: { provinces: ["izmir"] }, key: "packages.validation.province" },
    { name: "no province and not all", fields: { provinces: [] }, key: "packages.validation.provincesRequired" },
    { name: "impossible date", fields: { priceConfirmedOn: "2026-02-30" }, key: "packages.validation.date" },
    { name: "too many tags", fields: { tags: Array.from({ length: 11 }, (_, i) => `etiket${i}`).join(",") }, key: "packages.validation.tagsMax", params: { max: 10 } },
    { name: "tag with HTML", fields: { tags: "<b>x</b>" }, key: "packages.validation.tag" },
  ];

  it.each(HOSTILE_FORM)("new package, $name: 400, its translated message, nothing stored, values kept", async ({ fields, key, params }) => {
    for (const locale of ["tr", "en"] as Locale[]) {
      const before = await packageCount();
      const res = await post(`${locale === "en" ? "/en" : ""}/isletme/paketler/yeni-paket/${company.id}`, owner, { ...FULL, title: "Tutulan Değer Paketi", ...fields });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(htmlText(msg(locale, key, params)));
      if (!("title" in fields)) expect(html).toContain('value="Tutulan Değer Paketi"');
      expect(await packageCount()).toBe(before);
    }
  });

  it("HTML in the text fields is kept as text, never markup", async () => {
    const res = await post(`/isletme/paketler/yeni-paket/${company.id}`, owner, { ...FULL, title: "Paket <b>kalın</b>", slug: "html-paket", description: HOSTILE_TEXT.html.value });
    expect(res.status).toBe(302);
    const id = Number(/\/(\d+)\?/.exec(res.headers.get("location")!)![1]);
    const html = await (await get(`/isletme/paketler/duzenle/${company.id}/${id}`, owner)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("another owner's company or package, and forged ids, answer 404 to pages and forms and change nothing", async () => {
    const before = await packageRow(t.app.db, foreignPackage);
    const count0 = await packageCount();
    for (const path of [
      `/isletme/paketler/liste/${foreignCompany.id}`,
      `/isletme/paketler/yeni-paket/${foreignCompany.id}`,
      `/isletme/paketler/duzenle/${foreignCompany.id}/${foreignPackage}`,
      `/isletme/paketler/duzenle/${company.id}/${foreignPackage}`,
      `/isletme/talepler/${foreignCompany.id}`,
    ]) {
      expect((await get(path, owner)).status, path).toBe(404);
    }
    for (const id of FORGED_IDS.filter((c) => c.value !== "" && !c.value.includes(" "))) {
      for (const path of [`/isletme/paketler/liste/${id.value}`, `/isletme/paketler/duzenle/${company.id}/${id.value}`, `/isletme/talepler/${id.value}`]) {
        expect((await get(path, owner)).status, `${id.name}: ${path}`).toBe(404);
      }
    }
    const edit = await post(`/isletme/paketler/duzenle/${foreignCompany.id}/${foreignPackage}`, owner, { ...FULL, title: "Ele Geçirildi" });
    expect(edit.status).toBe(404);
    expect(await edit.text()).toContain(htmlText(msg("tr", "packages.errors.companyNotFound")));
    const cross = await post(`/isletme/paketler/duzenle/${company.id}/${foreignPackage}`, owner, { ...FULL, title: "Ele Geçirildi" });
    expect(cross.status).toBe(404);
    expect(await cross.text()).toContain(htmlText(msg("tr", "packages.errors.packageNotFound")));
    const add = await post(`/isletme/paketler/yeni-paket/${foreignCompany.id}`, owner, { ...FULL, slug: "sizinti" });
    expect(add.status).toBe(404);
    for (const intent of ["duplicate", "withdraw"]) {
      expect((await post(`/isletme/paketler/liste/${foreignCompany.id}`, owner, { intent, packageId: String(foreignPackage) })).status).toBe(404);
      expect((await post(`/isletme/paketler/liste/${company.id}`, owner, { intent, packageId: String(foreignPackage) })).status).toBe(404);
      for (const id of FORGED_IDS) {
        const res = await post(`/isletme/paketler/liste/${company.id}`, owner, { intent, packageId: id.value });
        expect(res.status, id.name).toBe(404);
      }
    }
    expect(await packageRow(t.app.db, foreignPackage)).toEqual(before);
    expect(await packageCount()).toBe(count0);
    // An individual member gets the 403 page, an administrator the page itself.
    expect((await get(`/isletme/paketler/liste/${company.id}`, individual)).status).toBe(403);
    expect((await get(`/isletme/paketler/liste/${foreignCompany.id}`, admin)).status).toBe(200);
  });

  it("duplicate, withdraw and put back on sale from the list; an unknown intent is a 400", async () => {
    const list = `/isletme/paketler/liste/${company.id}`;
    const before = await packageCount();
    const dup = await post(list, owner, { intent: "duplicate", packageId: String(packageId) });
    expect(dup.status).toBe(200);
    expect(await dup.text()).toContain(htmlText(msg("tr", "packages.dashboard.list.duplicated")));
    expect(await packageCount()).toBe(before + 1);
    const withdraw = await post(list, owner, { intent: "withdraw", packageId: String(packageId) });
    expect(withdraw.status).toBe(200);
    expect((await packageRow(t.app.db, packageId)).withdrawnAt).not.toBeNull();
    expect(await (await get(list, owner)).text()).toContain(msg("tr", "packages.dashboard.list.restore"));
    const restore = await post(list, owner, { intent: "restore", packageId: String(packageId) });
    expect(restore.status).toBe(200);
    expect((await packageRow(t.app.db, packageId)).withdrawnAt).toBeNull();
    for (const intent of ["delete", "<script>", ""]) {
      const res = await post(list, owner, { intent, packageId: String(packageId) });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(htmlText(msg("tr", "packages.dashboard.unknownIntent")));
    }
    expect(await packageCount()).toBe(before + 1);
  });

  it("the dashboard summary counts the packages of the user's companies; an administrator's, all", async () => {
    const own = await t.app.db.select({ n: count() }).from(packages).where(eq(packages.companyId, company.id));
    const summary = await (await get("/ozet", owner)).text();
    const countText = (n: number) => msg("tr", "admin.summary.packages.other").replace("{count}", String(n));
    expect(summary).toContain(countText(own[0]!.n));
    const all = await (await get("/ozet", admin)).text();
    expect(all).toContain(countText(await packageCount()));
  });
});

describe("lead inbox", () => {
  let leadId: number;
  let foreignLead: number;

  beforeAll(async () => {
    const pkg = await makePackage(t.app.db, company.id, { title: "Talep Paketi" });
    const lead = await submitLead(t.app, { kind: "subscribe", input: { firstName: "Ayşe", lastName: "Yılmaz", phone: "05321234567", consent: "on" }, packageId: pkg, locale: "tr", ip: "10.9.0.1", ipHash: null });
    leadId = (await t.app.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, lead.reference)))[0]!.id;
    const foreign = await submitLead(t.app, { kind: "call_me", input: { fullName: "Can Demir", phone: "05329998877" }, packageId: foreignPackage, locale: "tr", ip: "10.9.0.2", ipHash: null });
    foreignLead = (await t.app.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, foreign.reference)))[0]!.id;
  });

  const leadRow = async (id: number) => (await t.app.db.select().from(leads).where(eq(leads.id, id)))[0]!;

  it("shows the company's requests with reference, package, name, phone, state and delivery; never cached", async () => {
    const res = await get(`/isletme/talepler/${company.id}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    const lead = await leadRow(leadId);
    expect(html).toContain(lead.reference);
    expect(html).toContain("Talep Paketi");
    expect(html).toContain("Ayşe Yılmaz");
    expect(html).toContain("+905321234567");
    expect(html).toContain(msg("tr", "packages.inbox.states.new"));
    expect(html).toContain(`${msg("tr", "packages.inbox.channels.mail")}: ${msg("tr", "packages.inbox.deliveryStates.pending")}`);
    expect(html).not.toContain("Can Demir");
    expect((await get(`/isletme/talepler/${foreignCompany.id}`, admin)).status).toBe(200);
    expect((await get(`/isletme/talepler/${company.id}`, individual)).status).toBe(403);
  });

  it("the owner moves a request on with a note", async () => {
    const res = await post(`/isletme/talepler/${company.id}`, owner, { intent: "updateLead", leadId: String(leadId), state: "contacted", notes: "Salı arandı" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.inbox.updated")));
    expect(await leadRow(leadId)).toMatchObject({ state: "contacted", notes: "Salı arandı" });
  });

  const HOSTILE_LEAD: { name: string; fields: Record<string, string>; status: number; key: string; params?: Record<string, string | number> }[] = [
    { name: "unknown state", fields: { state: "deleted" }, status: 400, key: "packages.inbox.validation.state" },
    { name: "state as script", fields: { state: "<script>" }, status: 400, key: "packages.inbox.validation.state" },
    { name: "note with a NUL byte", fields: { notes: HOSTILE_TEXT.nul.value }, status: 400, key: "packages.validation.text" },
    { name: "note with a control character", fields: { notes: HOSTILE_TEXT.control.value }, status: 400, key: "packages.validation.text" },
    { name: "note too long", fields: { notes: overLong(2000) }, status: 400, key: "packages.validation.textMax", params: { max: 2000 } },
    { name: "another company's request", fields: { leadId: "FOREIGN" }, status: 404, key: "packages.inbox.notFound" },
    { name: "a request of another company of the site", fields: { leadId: "99999999" }, status: 404, key: "packages.inbox.notFound" },
    { name: "forged id (SQL)", fields: { leadId: "1 OR 1=1" }, status: 404, key: "packages.inbox.notFound" },
    { name: "forged id (negative)", fields: { leadId: "-1" }, status: 404, key: "packages.inbox.notFound" },
  ];

  it.each(HOSTILE_LEAD)("request update, $name: $status and its translated message, nothing changed", async ({ fields, status, key, params }) => {
    for (const locale of ["tr", "en"] as Locale[]) {
      const before = [await leadRow(leadId), await leadRow(foreignLead)];
      const id = fields.leadId === "FOREIGN" ? String(foreignLead) : (fields.leadId ?? String(leadId));
      const res = await post(`${locale === "en" ? "/en" : ""}/isletme/talepler/${company.id}`, owner, { intent: "updateLead", state: "closed", notes: "x", ...fields, leadId: id });
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(htmlText(msg(locale, key, params)));
      expect([await leadRow(leadId), await leadRow(foreignLead)]).toEqual(before);
    }
  });

  const HOSTILE_SETTINGS: { name: string; fields: Record<string, string>; key: string }[] = [
    { name: "mail not an address", fields: { mail: "satis-at-panel" }, key: "packages.inbox.validation.mail" },
    { name: "mail with HTML", fields: { mail: "<script>@x.example" }, key: "packages.inbox.validation.mail" },
    { name: "webhook javascript:", fields: { webhookUrl: "javascript:alert(1)" }, key: "packages.inbox.validation.webhookUrl" },
    { name: "webhook ftp:", fields: { webhookUrl: "ftp://hooks.example.com/" }, key: "packages.inbox.validation.webhookUrl" },
    { name: "webhook with a NUL byte", fields: { webhookUrl: "https://hooks.example.com/\u0000x" }, key: "packages.inbox.validation.webhookUrl" },
    { name: "webhook too long", fields: { webhookUrl: `https://hooks.example.com/${"a".repeat(500)}` }, key: "packages.inbox.validation.webhookUrl" },
    { name: "webhook on loopback", fields: { webhookUrl: "http://127.0.0.1:8080/hook" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook on localhost", fields: { webhookUrl: "http://localhost/hook" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook on a private network", fields: { webhookUrl: "http://10.0.0.5/hook" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook at the metadata address", fields: { webhookUrl: "http://169.254.169.254/latest/meta-data/" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook on IPv6 loopback", fields: { webhookUrl: "http://[::1]/hook" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook on IPv6 unique local", fields: { webhookUrl: "http://[fd12::1]/hook" }, key: "packages.inbox.validation.webhookPrivate" },
    { name: "webhook on IPv4-mapped loopback", fields: { webhookUrl: "http://[::ffff:127.0.0.1]/hook" }, key: "packages.inbox.validation.webhookPrivate" },
  ];

  it.each(HOSTILE_SETTINGS)("delivery settings, $name: 400, its translated message, nothing stored", async ({ fields, key }) => {
    for (const locale of ["tr", "en"] as Locale[]) {
      const res = await post(`${locale === "en" ? "/en" : ""}/isletme/talepler/${company.id}`, owner, { intent: "settings", mail: "", webhookUrl: "", ...fields });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(htmlText(msg(locale, key)));
      expect(await t.app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, company.id))).toEqual([]);
    }
  });

  it("another owner's settings and test call answer 404; without a webhook the test call says so", async () => {
    expect((await post(`/isletme/talepler/${foreignCompany.id}`, owner, { intent: "settings", mail: "ele@gecirildi.example" })).status).toBe(404);
    expect((await post(`/isletme/talepler/${foreignCompany.id}`, owner, { intent: "testWebhook" })).status).toBe(404);
    const none = await post(`/isletme/talepler/${company.id}`, owner, { intent: "testWebhook" });
    expect(none.status).toBe(409);
    expect(await none.text()).toContain(htmlText(msg("tr", "packages.inbox.noWebhook")));
    expect(await t.app.db.select().from(companyDeliverySettings)).toEqual([]);
  });

  it("a webhook saved when it was public is not called once it leads to a private address (checked at delivery)", async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      calls++;
      req.resume();
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const other = await makeCompany(t.app.db, { name: "Yeniden Bağlanan AŞ", ownerId: owner });
      await t.app.db.insert(companyDeliverySettings).values({ companyId: other.id, mail: null, webhookUrl: url, webhookSecret: "whsec_QUJDRA==" });
      const pkg = await makePackage(t.app.db, other.id, { title: "Yeniden Paket" });
      await submitLead(t.app, { kind: "call_me", input: { fullName: "Deniz Kaya", phone: "05325550000" }, packageId: pkg, locale: "tr", ip: "10.9.0.3", ipHash: null });
      await t.app.jobs.drain();
      expect(calls).toBe(0);
      const html = await (await get(`/isletme/talepler/${other.id}`, owner)).text();
      expect(html).toContain(`${msg("tr", "packages.inbox.channels.webhook")}: ${msg("tr", "packages.inbox.deliveryStates.pending")}`);
      expect(html).toContain(htmlText(msg("tr", "packages.inbox.webhookFailures.private")));
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("delivery settings with a local receiver (WEBHOOK_ALLOW_PRIVATE, tests only)", () => {
  it("saves the webhook, shows its secret once, and shows the receiver's answer to a test call", async () => {
    const local = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = 202;
        res.end("alındı");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const session = await getFormSession(local);
      const [u] = await local.app.db
        .insert(users)
        .values({ fullName: "Yerel Sahip", email: "yerel@example.com", passwordHash: "x", accountType: "corporate", emailVerifiedAt: new Date(), membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
        .returning({ id: users.id });
      const { token } = await createSession(local.app.db, u!.id, "web");
      const c = await makeCompany(local.app.db, { name: "Yerel Alıcı AŞ", ownerId: u!.id });
      const send = (fields: Record<string, string>) =>
        local.fetch(`/isletme/talepler/${c.id}`, {
          method: "POST",
          headers: { cookie: `${session.cookie}; gb_session=${token}`, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf: session.csrf, ...fields }),
        });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const saved = await send({ intent: "settings", mail: "talep@yerel.example", webhookUrl: url });
      expect(saved.status).toBe(200);
      const html = await saved.text();
      const [settings] = await local.app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, c.id));
      expect(settings).toMatchObject({ mail: "talep@yerel.example", webhookUrl: url });
      expect(html).toContain(settings!.webhookSecret!);
      // Saved again without a new secret: not shown again.
      const again = await send({ intent: "settings", mail: "talep@yerel.example", webhookUrl: url });
      expect(await again.text()).not.toContain(settings!.webhookSecret!);
      const page = await (await local.fetch(`/isletme/talepler/${c.id}`, { headers: { cookie: `${session.cookie}; gb_session=${token}` } })).text();
      expect(page).not.toContain(settings!.webhookSecret!);
      const test = await send({ intent: "testWebhook" });
      expect(test.status).toBe(200);
      const answered = await test.text();
      expect(answered).toMatch(withAnyMs("tr", "packages.inbox.test.answered", { status: 202 }));
      expect(answered).not.toContain("alındı");
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!.body)).toMatchObject({ type: "lead.test" });
      expect(received[0]!.headers["webhook-signature"]).toMatch(/^v1,/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await local.close();
    }
  });
});

/** A message with its {{ms}} left open, as a pattern (the time taken varies). */
function withAnyMs(locale: Locale, key: string, params: Record<string, string | number>): RegExp {
  const text = htmlText(msg(locale, key, { ...params, ms: "\u0000" }));
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\u0000", "\\d+"));
}

describe("a test call answers the status, the time and a classified reason, never what the receiver said", () => {
  it("a receiver's secret body and a closed port's address stay out of the page's and the API's answers, in both languages", async () => {
    const local = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
    const SECRET = "internal-admin-token-7f3a9c";
    let status = 500;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.statusCode = status;
        res.setHeader("content-type", "text/plain");
        res.end(`${SECRET} ${"x".repeat(100)}`);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      const session = await getFormSession(local);
      const [u] = await local.app.db
        .insert(users)
        .values({ fullName: "Yoklama Sahibi", email: "yoklama@example.com", passwordHash: "x", accountType: "corporate", emailVerifiedAt: new Date(), membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
        .returning({ id: users.id });
      const web = await createSession(local.app.db, u!.id, "web");
      const api = await createSession(local.app.db, u!.id, "api");
      const c = await makeCompany(local.app.db, { name: "Yoklama AŞ", ownerId: u!.id });
      await local.app.db.insert(companyDeliverySettings).values({ companyId: c.id, mail: null, webhookUrl: `http://127.0.0.1:${port}/hook`, webhookSecret: "whsec_QUJDRA==" });
      const page = (locale: Locale) =>
        local.fetch(`${locale === "en" ? "/en" : ""}/isletme/talepler/${c.id}`, {
          method: "POST",
          headers: { cookie: `${session.cookie}; gb_session=${web.token}`, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrf: session.csrf, intent: "testWebhook" }),
        });
      const call = (locale: Locale) =>
        local.fetch(`/api/v1/my/companies/${c.id}/delivery/test`, { method: "POST", headers: { authorization: `Bearer ${api.token}`, "accept-language": locale } });

      for (const locale of ["tr", "en"] as Locale[]) {
        status = 500;
        const failed = await page(locale);
        expect(failed.status).toBe(200);
        const failedHtml = await failed.text();
        expect(failedHtml).not.toContain(SECRET);
        expect(failedHtml).toMatch(withAnyMs(locale, "packages.inbox.test.failed", { reason: msg(locale, "packages.inbox.webhookFailures.http", { status: 500 }) }));
        const failedApi = await call(locale);
        expect(failedApi.status).toBe(200);
        const failedBody = (await failedApi.json()) as { answer: Record<string, unknown> };
        expect(JSON.stringify(failedBody)).not.toContain(SECRET);
        expect(failedBody.answer).toMatchObject({ status: 500, ok: false, reason: "http" });
        expect(Object.keys(failedBody.answer).sort()).toEqual(["message", "ms", "ok", "reason", "status"]);
        expect(failedBody.answer.message).toMatch(withAnyMs(locale, "packages.inbox.test.failed", { reason: msg(locale, "packages.inbox.webhookFailures.http", { status: 500 }) }));

        status = 200;
        const answered = await (await page(locale)).text();
        expect(answered).not.toContain(SECRET);
        expect(answered).toMatch(withAnyMs(locale, "packages.inbox.test.answered", { status: 200 }));
        const answeredApi = await (await call(locale)).text();
        expect(answeredApi).not.toContain(SECRET);
        expect(JSON.parse(answeredApi)).toMatchObject({ success: true, answer: { status: 200, ok: true, reason: null } });
      }

      // Nothing listens on the port any more: "refused", without the address or the raw error.
      await new Promise<void>((r) => server.close(() => r()));
      for (const locale of ["tr", "en"] as Locale[]) {
        // (The settings form shows the company its own webhook address: that is not the answer.)
        const refusedHtml = (await (await page(locale)).text()).replaceAll(`http://127.0.0.1:${port}/hook`, "");
        const refusedApi = await (await call(locale)).text();
        for (const text of [refusedHtml, refusedApi]) {
          expect(text).not.toContain(`127.0.0.1:${port}`);
          expect(text).not.toContain(String(port));
          expect(text).not.toMatch(/ECONNREFUSED|connect /);
        }
        expect(refusedHtml).toMatch(withAnyMs(locale, "packages.inbox.test.failed", { reason: msg(locale, "packages.inbox.webhookFailures.refused") }));
        expect(JSON.parse(refusedApi)).toMatchObject({ answer: { status: null, ok: false, reason: "refused" } });
      }
    } finally {
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
      await local.close();
    }
  });
});
