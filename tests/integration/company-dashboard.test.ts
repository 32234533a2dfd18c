import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_BOUNDS } from "../../common/companies";
import { createSession } from "../../server/accounts/sessions";
import { getDashboardSummary } from "../../server/accounts/dashboard-summary";
import { auditLog, users } from "../../server/accounts/schema";
import { companies, companyRevisions, companyServices, companySponsorships } from "../../server/companies/schema";
import { jobs } from "../../server/jobs/schema";
import { companyReviews } from "../../server/reviews/schema";
import { translate } from "../../server/i18n";
import { FORGED_IDS, HOSTILE_TEXT } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

let t: TestApp;
let csrf: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t);
});
afterAll(() => t?.close());

let seq = 0;
async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  seq++;
  return insertVerifiedUser(t.app.db, { accountType: "corporate", ...values }, "Parola-1234");
}

async function cookieFor(userId: number) {
  const { token } = await createSession(t.app.db, userId, "web");
  return `${csrf.cookie}; gb_session=${token}`;
}

const pngLogo = () => sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();

function companyForm(fields: Record<string, string | string[]>, logo?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  form.set("csrf", csrf.csrf);
  form.set("intent", "save");
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) form.append(k, x);
    else form.set(k, v);
  }
  if (logo) form.set("logo", new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  return form;
}

const BASE_FIELDS = {
  name: "Örnek Fiber İnternet",
  category: "kablolu-internet",
  country: "TR",
  provinceCode: "35",
  phone: "+90 232 555 00 00",
  email: "info@ornekfiber.example",
  webUrl: "https://ornekfiber.example",
  tags: "fiber, altyapı",
  about: "İzmir'de fiber internet.",
  provinces: ["35", "9"],
  "services.0.name": "Ev interneti",
  "services.0.description": "100 Mbps'e kadar",
  "services.1.name": "Kurumsal hat",
  "services.2.name": "Statik IP",
};

const logoFiles = () => {
  const dir = path.join(t.app.config.uploadsDir, "company-logos");
  return existsSync(dir) ? readdirSync(dir) : [];
};
const companyCount = async () => (await t.app.db.select({ n: count() }).from(companies))[0].n;

async function postNew(cookie: string, form: FormData, locale: "tr" | "en" = "tr") {
  return t.fetch(`${locale === "en" ? "/en" : ""}/isletme/yeni-isletme`, { method: "POST", headers: { cookie }, body: form });
}

describe("company dashboard: create, approve, edit", () => {
  let owner: typeof users.$inferSelect;
  let other: typeof users.$inferSelect;
  let admin: typeof users.$inferSelect;
  let companyId: number;

  beforeAll(async () => {
    owner = await createUser();
    other = await createUser();
    admin = await createUser({ accountType: "individual", isAdmin: true });
  });

  it("a corporate user creates a company with a logo and three services: stored pending, logo re-encoded", async () => {
    const before = logoFiles().length;
    const res = await postNew(await cookieFor(owner.id), companyForm(BASE_FIELDS, { bytes: await pngLogo(), name: "logo.png", type: "image/png" }));
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/isletme\/duzenle\/\d+\?sonuc=eklendi$/);
    companyId = Number(/duzenle\/(\d+)/.exec(location)![1]);
    const [row] = await t.app.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({ ownerId: owner.id, publishState: "pending", slug: "ornek-fiber-internet", subTypeId: 2, provinceCode: 35 });
    expect(row.searchText).toContain("ornek");
    const services = await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, companyId));
    expect(services.map((s) => s.name).sort()).toEqual(["Ev interneti", "Kurumsal hat", "Statik IP"]);
    expect(logoFiles().length).toBe(before + 1);
    const meta = await sharp(path.join(t.app.config.uploadsDir, "company-logos", row.logo!)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, "company.create"), eq(auditLog.targetUserId, owner.id)));
    expect(audit).toHaveLength(1);
  });

  it("the owner sees it in the list and its edit page; another corporate user gets 404, an individual 403, a guest the sign-in page", async () => {
    const list = await t.fetch("/isletme/liste", { headers: { cookie: await cookieFor(owner.id) } });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(await list.text()).toContain("Örnek Fiber İnternet");
    const otherList = await t.fetch("/isletme/liste", { headers: { cookie: await cookieFor(other.id) } });
    expect(await otherList.text()).not.toContain("Örnek Fiber İnternet");
    expect((await t.fetch(`/isletme/duzenle/${companyId}`, { headers: { cookie: await cookieFor(owner.id) } })).status).toBe(200);
    expect((await t.fetch(`/isletme/duzenle/${companyId}`, { headers: { cookie: await cookieFor(other.id) } })).status).toBe(404);
    const individual = await createUser({ accountType: "individual" });
    expect((await t.fetch(`/isletme/duzenle/${companyId}`, { headers: { cookie: await cookieFor(individual.id) } })).status).toBe(403);
    const guest = await t.fetch(`/isletme/duzenle/${companyId}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/giris?redirectTo=${encodeURIComponent(`/isletme/duzenle/${companyId}`)}`);
  });

  it("another owner's post to the edit page is a 404 and changes nothing", async () => {
    const res = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie: await cookieFor(other.id) }, body: companyForm({ ...BASE_FIELDS, name: "Ele Geçirildi" }) });
    expect(res.status).toBe(404);
    const [row] = await t.app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    expect(row.name).toBe("Örnek Fiber İnternet");
  });

  it("an administrator sees it in the queue with its fields and approves it", async () => {
    const cookie = await cookieFor(admin.id);
    const page = await t.fetch("/isletme/onay", { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Örnek Fiber İnternet");
    expect(html).toContain('data-field="services"');
    expect(html).toContain("Statik IP");
    const res = await t.fetch("/isletme/onay", { method: "POST", headers: { cookie }, body: new URLSearchParams({ csrf: csrf.csrf, intent: "approve", companyId: String(companyId) }) });
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row.publishState).toBe("published");
    expect(row.publishedAt).not.toBeNull();
    // The owner is told, in the owner's language, with the profile's address.
    const mail = (await ownerMails()).find((m) => m.subject === msg("tr", "companyAdmin.mail.approved.subject", { company: "Örnek Fiber İnternet" }));
    expect(mail?.text).toContain(msg("tr", "companyAdmin.mail.approved.bodyNew", { company: "Örnek Fiber İnternet" }));
    expect(mail?.text).toContain(`${t.app.config.SITE_URL}/kablolu-internet/ornek-fiber-internet`);
  });

  it("an edit of the published company waits; the published version stays until it is approved", async () => {
    const res = await t.fetch(`/isletme/duzenle/${companyId}`, {
      method: "POST",
      headers: { cookie: await cookieFor(owner.id) },
      body: companyForm({ ...BASE_FIELDS, name: "Örnek Fiber Yeni", about: "Yeni metin." }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row.name).toBe("Örnek Fiber İnternet");
    expect(row.publishState).toBe("published");
    const [revision] = await t.app.db.select().from(companyRevisions).where(and(eq(companyRevisions.companyId, companyId), eq(companyRevisions.state, "pending")));
    expect(revision.data.name).toBe("Örnek Fiber Yeni");
    // The logo stays (no new file, no removal).
    expect(revision.data.logo).toBe(row.logo);
    const queue = await (await t.fetch("/isletme/onay", { headers: { cookie: await cookieFor(admin.id) } })).text();
    expect(queue).toContain('data-field="name"');
    expect(queue).toContain('data-field="about"');
    expect(queue).not.toContain('data-field="services"');
  });

  it("a rejected edit is mailed to the owner with the reason; the published version stays", async () => {
    const res = await t.fetch("/isletme/onay", {
      method: "POST",
      headers: { cookie: await cookieFor(admin.id) },
      body: new URLSearchParams({ csrf: csrf.csrf, intent: "reject", companyId: String(companyId), reason: "Ad ticari unvanla uyuşmuyor." }),
    });
    expect(res.status).toBe(200);
    const mails = await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"));
    const mail = mails
      .map((m) => m.payload as { to: string; subject: string; text: string })
      .find((m) => m.to === owner.email && m.subject === msg("tr", "companyAdmin.mail.rejected.subject", { company: "Örnek Fiber Yeni" }));
    expect(mail?.text).toContain("Ad ticari unvanla uyuşmuyor.");
    expect(mail?.text).toContain(`/isletme/duzenle/${companyId}`);
    const [row] = await t.app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    expect(row.name).toBe("Örnek Fiber İnternet");
    const actions = (await t.app.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.targetUserId, owner.id))).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(["company.create", "company.approve", "company.edit_submit", "company.reject"]));
  });

  const ownerMails = async () =>
    (await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"))).map((m) => m.payload as { to: string; subject: string; text: string }).filter((m) => m.to === owner.email);

  it("an approved edit replaces the live version and its slug follows the name", async () => {
    await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie: await cookieFor(owner.id) }, body: companyForm({ ...BASE_FIELDS, name: "Örnek Fiber Yeni" }) });
    const res = await t.fetch("/isletme/onay", { method: "POST", headers: { cookie: await cookieFor(admin.id) }, body: new URLSearchParams({ csrf: csrf.csrf, intent: "approve", companyId: String(companyId) }) });
    expect(res.status).toBe(200);
    expect((await ownerMails()).map((m) => m.text)).toEqual(
      expect.arrayContaining([expect.stringContaining(msg("tr", "companyAdmin.mail.approved.bodyEdit", { company: "Örnek Fiber Yeni" }))]),
    );
    const [row] = await t.app.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({ name: "Örnek Fiber Yeni", slug: "ornek-fiber-yeni", publishState: "published" });
  });

  it("the summary counts the owner's companies; an administrator sees all", async () => {
    const own = await getDashboardSummary(t.app, { actor: { user: { id: owner.id, isAdmin: false, accountType: "corporate", fullName: "", email: "", image: null, emailVerified: true } } });
    expect(own.counts.companies).toBe(1);
    const all = await getDashboardSummary(t.app, { actor: { user: { id: admin.id, isAdmin: true, accountType: "individual", fullName: "", email: "", image: null, emailVerified: true } } });
    expect(all.counts.companies).toBe(await companyCount());
  });

  it("an administrator marks it sponsored for a period; a corporate user cannot", async () => {
    const body = () => new URLSearchParams({ csrf: csrf.csrf, intent: "sponsor", from: "2026-12-01", until: "2026-12-31" });
    const refused = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie: await cookieFor(owner.id) }, body: body() });
    expect(refused.status).toBe(403);
    const res = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie: await cookieFor(admin.id) }, body: body() });
    expect(res.status).toBe(200);
    // The days entered (UTC), not the next day in Turkey's time.
    expect(await res.text()).toContain(htmlText(msg("tr", "companyAdmin.sponsor.done", { from: "01.12.2026", until: "31.12.2026" })));
    const rows = await t.app.db.select().from(companySponsorships).where(eq(companySponsorships.companyId, companyId));
    expect(rows).toHaveLength(1);
    expect(rows[0].startsAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(rows[0].endsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("an administrator sets the verified and self-managed flags and takes the profile down and back; a corporate user cannot", async () => {
    const body = (fields: Record<string, string>) => new URLSearchParams({ csrf: csrf.csrf, intent: "flags", ...fields });
    const refused = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie: await cookieFor(owner.id) }, body: body({ verified: "on" }) });
    expect(refused.status).toBe(403);
    const cookie = await cookieFor(admin.id);
    const res = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie }, body: body({ verified: "on", visible: "unpublished" }) });
    expect(res.status).toBe(200);
    const row = async () => (await t.app.db.select().from(companies).where(eq(companies.id, companyId)))[0];
    expect(await row()).toMatchObject({ verified: true, selfManaged: false, publishState: "unpublished" });
    await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie }, body: body({ verified: "on", selfManaged: "on", visible: "published" }) });
    expect(await row()).toMatchObject({ verified: true, selfManaged: true, publishState: "published" });
    const bad = await t.fetch(`/isletme/duzenle/${companyId}`, { method: "POST", headers: { cookie }, body: body({ visible: "deleted" }) });
    expect(bad.status).toBe(400);
    expect((await row()).verified).toBe(true);
  });

  it("forged ids on the edit page are a 404", async () => {
    const cookie = await cookieFor(owner.id);
    for (const id of FORGED_IDS.filter((c) => c.value !== "" && !c.value.includes(" "))) {
      const res = await t.fetch(`/isletme/duzenle/${encodeURIComponent(id.value)}`, { headers: { cookie } });
      expect(res.status, id.name).toBe(404);
    }
  });
});

describe("company form: hostile input is refused with a translated 4xx, nothing stored", () => {
  let owner: typeof users.$inferSelect;
  beforeAll(async () => {
    owner = await createUser();
  });

  async function refused(fields: Record<string, string | string[]>, logo?: { bytes: Buffer; name: string; type: string }) {
    const companiesBefore = await companyCount();
    const logosBefore = logoFiles().length;
    const out: Record<string, { status: number; html: string }> = {};
    for (const locale of ["tr", "en"] as const) {
      const res = await postNew(await cookieFor(owner.id), companyForm(fields, logo), locale);
      out[locale] = { status: res.status, html: await res.text() };
    }
    expect(await companyCount()).toBe(companiesBefore);
    expect(logoFiles().length).toBe(logosBefore);
    return out;
  }

  it("the company name is required, with bounds (spec §8)", async () => {
    for (const [name, key] of [
      ["", "companyAdmin.validation.name.required"],
      ["A", "companyAdmin.validation.name.min"],
      ["a".repeat(COMPANY_BOUNDS.name.max + 1), "companyAdmin.validation.name.max"],
    ] as const) {
      const r = await refused({ ...BASE_FIELDS, name });
      for (const locale of ["tr", "en"] as const) {
        expect(r[locale].status).toBe(400);
        expect(r[locale].html).toContain(translate(locale, { key, params: { min: COMPANY_BOUNDS.name.min, max: COMPANY_BOUNDS.name.max } }).replaceAll("'", "&#x27;"));
      }
    }
  });

  it("more services than the maximum: the message carries the count", async () => {
    const fields: Record<string, string | string[]> = { ...BASE_FIELDS };
    for (let i = 0; i <= COMPANY_BOUNDS.maxServices; i++) fields[`services.${i}.name`] = `Hizmet ${i + 1}`;
    const r = await refused(fields);
    for (const locale of ["tr", "en"] as const) {
      expect(r[locale].status).toBe(400);
      expect(r[locale].html).toContain(translate(locale, { key: "companyAdmin.validation.services.max", params: { max: COMPANY_BOUNDS.maxServices } }));
    }
  });

  it("wrong choices, bad URLs and control characters", async () => {
    const cases: Record<string, string | string[]>[] = [
      { category: "no-such-category" },
      { country: "XX" },
      { provinceCode: "82" },
      { provinces: ["0"] },
      { webUrl: "javascript:alert(1)" },
      { youtubeUrl: "https://evil.example/watch?v=aaaaaaaaaaa" },
      { email: "not-an-address" },
      { name: HOSTILE_TEXT.nul.value },
      { name: HOSTILE_TEXT.control.value },
      { "services.0.name": "x" },
    ];
    for (const fields of cases) {
      const r = await refused({ ...BASE_FIELDS, ...fields });
      expect(r.tr.status, JSON.stringify(fields)).toBe(400);
      expect(r.en.status, JSON.stringify(fields)).toBe(400);
    }
  });

  it("a non-image named .png, and a text file, are refused as logos (415)", async () => {
    const fake = { bytes: Buffer.from("<?php echo 1; ?> not an image"), name: "logo.png", type: "image/png" };
    const r = await refused(BASE_FIELDS, fake);
    expect(r.tr.status).toBe(415);
    expect(r.tr.html).toContain(translate("tr", { key: "companyAdmin.validation.logo.type" }));
    expect(r.en.html).toContain(translate("en", { key: "companyAdmin.validation.logo.type" }));
    const svg = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: "logo.svg", type: "image/svg+xml" };
    expect((await refused(BASE_FIELDS, svg)).tr.status).toBe(415);
  });

  it("HTML and script in text fields are stored as text and never rendered as markup", async () => {
    const html = HOSTILE_TEXT.html.value;
    const res = await postNew(await cookieFor(owner.id), companyForm({ ...BASE_FIELDS, name: "Script Test A.Ş.", about: html, "services.0.name": html.slice(0, 60) }));
    expect(res.status).toBe(302);
    const id = Number(/duzenle\/(\d+)/.exec(res.headers.get("location")!)![1]);
    const [row] = await t.app.db.select({ about: companies.about }).from(companies).where(eq(companies.id, id));
    expect(row.about).toBe(html);
    const page = await (await t.fetch(`/isletme/duzenle/${id}`, { headers: { cookie: await cookieFor(owner.id) } })).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    const admin = await createUser({ isAdmin: true });
    const queue = await (await t.fetch("/isletme/onay", { headers: { cookie: await cookieFor(admin.id) } })).text();
    expect(queue).not.toContain("<script>alert(1)</script>");
    expect(queue).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("an unknown intent and a missing CSRF token are refused", async () => {
    const form = companyForm(BASE_FIELDS);
    form.set("intent", "delete-everything");
    expect((await postNew(await cookieFor(owner.id), form)).status).toBe(400);
    const noCsrf = companyForm(BASE_FIELDS);
    noCsrf.delete("csrf");
    expect((await postNew(await cookieFor(owner.id), noCsrf)).status).toBe(403);
  });
});

describe("service logos", () => {
  it("a service's logo is stored re-encoded with its service; a non-image as a service logo is refused on its field, nothing stored", async () => {
    const owner = await createUser();
    const form = companyForm({ ...BASE_FIELDS, name: "Hizmet Logolu Net" });
    form.set("services.1.logo", new Blob([new Uint8Array(await pngLogo())], { type: "image/png" }), "hizmet.png");
    const res = await postNew(await cookieFor(owner.id), form);
    expect(res.status).toBe(302);
    const id = Number(/duzenle\/(\d+)/.exec(res.headers.get("location")!)![1]);
    const services = await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, id)).orderBy(companyServices.position);
    expect(services.map((s) => s.logo === null)).toEqual([true, false, true]);
    const meta = await sharp(path.join(t.app.config.uploadsDir, "company-logos", services[1].logo!)).metadata();
    expect(meta.format).toBe("webp");

    const before = await companyCount();
    const logos = logoFiles().length;
    const bad = companyForm({ ...BASE_FIELDS, name: "Kötü Hizmet Logosu" });
    bad.set("services.2.logo", new Blob([Buffer.from("MZ not an image")], { type: "image/png" }), "x.png");
    const refused = await postNew(await cookieFor(owner.id), bad);
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain('href="#company-services.2.logo"');
    expect(await companyCount()).toBe(before);
    expect(logoFiles().length).toBe(logos);
  });
});

describe("logo files follow the versions", () => {
  it("an approved edit with a new logo deletes the old file; a rejected one deletes its own", async () => {
    const owner = await createUser();
    const admin = await createUser({ isAdmin: true });
    const ownerCookie = await cookieFor(owner.id);
    const adminCookie = await cookieFor(admin.id);
    const logo = { bytes: await pngLogo(), name: "a.png", type: "image/png" };
    const created = await postNew(ownerCookie, companyForm({ ...BASE_FIELDS, name: "Logo Sürümleri" }, logo));
    const id = Number(/duzenle\/(\d+)/.exec(created.headers.get("location")!)![1]);
    const queue = (intent: string, extra: Record<string, string> = {}) =>
      t.fetch("/isletme/onay", { method: "POST", headers: { cookie: adminCookie }, body: new URLSearchParams({ csrf: csrf.csrf, intent, companyId: String(id), ...extra }) });
    expect((await queue("approve")).status).toBe(200);
    const liveLogo = async () => (await t.app.db.select({ logo: companies.logo }).from(companies).where(eq(companies.id, id)))[0].logo!;
    const first = await liveLogo();

    // An edit with a new logo, rejected: its file goes, the live one stays.
    let files = logoFiles().length;
    await t.fetch(`/isletme/duzenle/${id}`, { method: "POST", headers: { cookie: ownerCookie }, body: companyForm({ ...BASE_FIELDS, name: "Logo Sürümleri" }, logo) });
    expect(logoFiles().length).toBe(files + 1);
    expect((await queue("reject", { reason: "Logo bulanık görünüyor." })).status).toBe(200);
    expect(logoFiles().length).toBe(files);
    expect(logoFiles()).toContain(first);

    // An edit with a new logo, approved: the old file goes.
    files = logoFiles().length;
    const before = new Set(logoFiles());
    await t.fetch(`/isletme/duzenle/${id}`, { method: "POST", headers: { cookie: ownerCookie }, body: companyForm({ ...BASE_FIELDS, name: "Logo Sürümleri" }, logo) });
    const pending = logoFiles().find((f) => !before.has(f))!;
    // The approval page shows both logos as images, the current beside the new, in either language.
    for (const [prefix, locale] of [["", "tr"], ["/en", "en"]] as const) {
      const html = await (await t.fetch(`${prefix}/isletme/onay`, { headers: { cookie: adminCookie } })).text();
      const row = /<tr[^>]*data-field="logo">(.*?)<\/tr>/.exec(html)?.[1] ?? "";
      const images = [...row.matchAll(/<img src="([^"]+)" alt="([^"]+)" width="64" height="64"/g)].map((m) => [m[1], m[2]]);
      expect(images).toEqual([
        [`/media/company-logos/${first}`, htmlText(msg(locale, "companyAdmin.approvals.oldLogo", { name: "Logo Sürümleri" }))],
        [`/media/company-logos/${pending}`, htmlText(msg(locale, "companyAdmin.approvals.newLogo", { name: "Logo Sürümleri" }))],
      ]);
    }
    const image = await t.fetch(`/media/company-logos/${pending}`, { headers: { cookie: adminCookie } });
    expect([image.status, image.headers.get("content-type")]).toEqual([200, expect.stringMatching(/^image\//)]);
    expect((await queue("approve")).status).toBe(200);
    expect(await liveLogo()).not.toBe(first);
    expect(logoFiles()).not.toContain(first);
    expect(logoFiles().length).toBe(files);
  });

  it("offers countries by their names in the page's language", async () => {
    const cookie = await cookieFor((await createUser()).id);
    const tr = await (await t.fetch("/isletme/yeni-isletme", { headers: { cookie } })).text();
    expect(tr).toContain('<option value="TR" selected="">Türkiye</option>');
    expect(tr).toContain('<option value="DE">Almanya</option>');
    const en = await (await t.fetch("/en/isletme/yeni-isletme", { headers: { cookie } })).text();
    expect(en).toContain('<option value="DE">Germany</option>');
    expect(en).not.toContain('<option value="DE">DE</option>');
  });

  it("the edit page takes multipart bodies (also in English); the queue does not; an oversized declared body is refused at once", async () => {
    const owner = await createUser();
    const cookie = await cookieFor(owner.id);
    const en = await t.fetch("/en/isletme/yeni-isletme", { method: "POST", headers: { cookie }, body: companyForm({ ...BASE_FIELDS, name: "English Route Ltd" }) });
    expect(en.status).toBe(302);
    expect(en.headers.get("location")).toMatch(/^\/en\/isletme\/duzenle\/\d+\?sonuc=eklendi$/);
    const queue = await t.fetch("/isletme/onay", { method: "POST", headers: { cookie }, body: companyForm({}) });
    expect(queue.status).toBe(415);
    const huge = await rawRequest(t.url, {
      method: "POST",
      path: "/isletme/duzenle/1",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(60 * 1024 * 1024) },
      body: "--x--",
    });
    expect(huge.status).toBe(413);
    // Chunked: counted while it streams, refused past the logos' limit with the logo's message,
    // before the 200 MB are sent. The upload reader stops reading at the limit, so TCP holds the
    // client back while the page renders its 413 (what the socket buffers take is the slack).
    let sent = 0;
    const chunk = Buffer.from(`--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const streamed = await rawRequest(t.url, {
      method: "POST",
      path: "/isletme/yeni-isletme",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x" },
      body: () => {
        if (sent > 200 * 1024 * 1024) return null;
        const out = sent === 0 ? chunk : Buffer.alloc(64 * 1024, 0x61);
        sent += out.length;
        return out;
      },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
  });
});

describe("review moderation (yorumlar)", () => {
  it("confirm, remove and restore change the state, the company's counts and the audit log; individuals get 403", async () => {
    const owner = await createUser();
    const writer = await createUser({ accountType: "individual" });
    const admin = await createUser({ isAdmin: true });
    const [company] = await t.app.db
      .insert(companies)
      .values({ ownerId: owner.id, name: "Yorum Test", slug: `yorum-test-${seq}`, typeId: 2, subTypeId: 2, publishState: "published" })
      .returning();
    const [review] = await t.app.db
      .insert(companyReviews)
      .values({ companyId: company.id, userId: writer.id, fullName: "Ali Veli", title: "Güzel hizmet", body: "<b>Çok</b> memnun kaldım, teşekkürler.", score: 4 })
      .returning();
    const cookie = await cookieFor(admin.id);
    const page = await (await t.fetch("/yorumlar", { headers: { cookie } })).text();
    expect(page).toContain("Güzel hizmet");
    expect(page).toContain("&lt;b&gt;Çok&lt;/b&gt;");
    expect(page).toContain("Yorum Test");
    // The author's account beside the name they typed: a link to its administration.
    const [account] = await t.app.db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, writer.id));
    expect(page).toContain(`<a href="/kullanicilar?kullanici=${writer.id}" data-testid="review-author">${account!.fullName} (${account!.email})</a>`);
    const act = (intent: string, reviewId = String(review.id)) =>
      t.fetch("/yorumlar", { method: "POST", headers: { cookie }, body: new URLSearchParams({ csrf: csrf.csrf, subject: "company", intent, reviewId }) });
    const stats = async () => (await t.app.db.select({ n: companies.reviewCount, sum: companies.reviewScoreSum }).from(companies).where(eq(companies.id, company.id)))[0];

    expect((await act("confirm")).status).toBe(200);
    expect(await stats()).toEqual({ n: 1, sum: 4 });
    expect((await act("confirm")).status).toBe(409);
    expect((await act("remove")).status).toBe(200);
    expect(await stats()).toEqual({ n: 0, sum: 0 });
    expect((await act("restore")).status).toBe(200);
    const [after] = await t.app.db.select({ state: companyReviews.state }).from(companyReviews).where(eq(companyReviews.id, review.id));
    expect(after.state).toBe("unconfirmed");
    expect((await act("no-such")).status).toBe(400);
    for (const id of FORGED_IDS) expect((await act("confirm", id.value)).status, id.name).toBe(404);
    const actions = (await t.app.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id))).map((r) => r.a);
    expect(actions).toEqual(["review.confirm", "review.remove", "review.restore"]);

    const individual = await createUser({ accountType: "individual" });
    expect((await t.fetch("/yorumlar", { headers: { cookie: await cookieFor(individual.id) } })).status).toBe(403);
    const tabs = await (await t.fetch("/yorumlar?sekme=blog", { headers: { cookie } })).text();
    expect(tabs).toContain(translate("tr", { key: "companyAdmin.comments.empty" }));
    const own = await getDashboardSummary(t.app, { actor: { user: { id: owner.id, isAdmin: false, accountType: "corporate", fullName: "", email: "", image: null, emailVerified: true } } });
    expect(own.counts.comments).toBe(1);
  });
});

describe("company dashboard API (/api/v1/my/companies)", () => {
  it("creates pending, lists own only, and answers 404 for another owner's company (nothing changed)", async () => {
    const a = await createUser();
    const b = await createUser();
    const bearer = async (id: number) => `Bearer ${(await createSession(t.app.db, id, "api")).token}`;
    const body = JSON.stringify({ name: "API İşletmesi", category: "kablolu-internet", country: "TR", servesWholeCountry: true, services: [{ name: "Barındırma" }] });
    const created = await t.fetch("/api/v1/my/companies", { method: "POST", headers: { authorization: await bearer(a.id), "content-type": "application/json" }, body });
    expect(created.status).toBe(200);
    const { id, publishState } = (await created.json()) as { id: number; publishState: string };
    expect(publishState).toBe("pending");
    const listA = (await (await t.fetch("/api/v1/my/companies", { headers: { authorization: await bearer(a.id) } })).json()) as { companies: { id: number }[] };
    expect(listA.companies.map((c) => c.id)).toEqual([id]);
    const listB = (await (await t.fetch("/api/v1/my/companies", { headers: { authorization: await bearer(b.id) } })).json()) as { companies: unknown[] };
    expect(listB.companies).toEqual([]);
    const forged = await t.fetch(`/api/v1/my/companies/${id}`, { method: "POST", headers: { authorization: await bearer(b.id), "content-type": "application/json" }, body: body.replace("API İşletmesi", "Ele Geçirildi") });
    expect(forged.status).toBe(404);
    const [row] = await t.app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
    expect(row.name).toBe("API İşletmesi");
    const tooMany = JSON.stringify({ ...JSON.parse(body), services: Array.from({ length: COMPANY_BOUNDS.maxServices + 1 }, (_, i) => ({ name: `Hizmet ${i}` })) });
    const refused = await t.fetch("/api/v1/my/companies", { method: "POST", headers: { authorization: await bearer(a.id), "content-type": "application/json", "accept-language": "en" }, body: tooMany });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.services).toContain(String(COMPANY_BOUNDS.maxServices));
  });
});

describe("rate limits on saving companies", () => {
  it("a corporate user adds at most 10 profiles a day: the 11th is a 429 with the wait in its language, nothing stored", async () => {
    const owner = await createUser();
    const cookie = await cookieFor(owner.id);
    for (let i = 1; i <= 10; i++) expect((await postNew(cookie, companyForm({ ...BASE_FIELDS, name: `Sınır Deneme ${i}` }))).status).toBe(302);
    const before = await companyCount();
    for (const locale of ["tr", "en"] as const) {
      const res = await postNew(cookie, companyForm({ ...BASE_FIELDS, name: "Sınır Deneme 11" }), locale);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3600);
      const html = await res.text();
      expect(html).toContain(htmlText(msg(locale, "companyAdmin.errors.createLimit", { count: 1440 })));
      expect(html).toContain("Sınır Deneme 11"); // what was typed stays in the form
    }
    expect(await companyCount()).toBe(before);
    // An invalid form is refused for what it is and spends nothing.
    const invalid = await postNew(cookie, companyForm({ ...BASE_FIELDS, name: "" }));
    expect(invalid.status).toBe(400);
  });
});

describe("a long approval queue", () => {
  it("shows the oldest 100 new profiles and says how many wait in all", async () => {
    const admin = await createUser({ accountType: "individual", isAdmin: true });
    const owner = await createUser();
    const waitingBefore = (await t.app.db.select({ n: count() }).from(companies).where(eq(companies.publishState, "pending")))[0].n;
    const extra = Math.max(0, 101 - waitingBefore);
    for (let i = 0; i < extra; i++) {
      await t.app.db.insert(companies).values({ ownerId: owner.id, name: `Kuyruk ${i}`, slug: `kuyruk-${i}-${owner.id}`, typeId: 2, subTypeId: 2, publishState: "pending" });
    }
    const total = waitingBefore + extra;
    for (const locale of ["tr", "en"] as const) {
      const html = await (await t.fetch(`${locale === "en" ? "/en" : ""}/isletme/onay`, { headers: { cookie: await cookieFor(admin.id) } })).text();
      expect(html.match(/data-queue-item="new"/g)?.length).toBe(100);
      const edits = (await t.app.db.select({ n: count() }).from(companyRevisions).where(eq(companyRevisions.state, "pending")))[0].n;
      expect(html).toContain(htmlText(msg(locale, "companyAdmin.approvals.waiting", { news: msg(locale, "companyAdmin.approvals.waitingNew", { count: total }), edits: msg(locale, "companyAdmin.approvals.waitingEdits", { count: edits }), shown: 100 })));
    }
  });
});
