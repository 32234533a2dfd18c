import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/accounts/schema";
import { packages } from "../../server/packages/schema";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { FORGED_IDS, WRONG_TYPES } from "../helpers/hostile";
import { insertUser } from "../helpers/companies";
import { htmlText, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * A package's sponsored period: set and ended by an administrator on the
 * package edit page and through /api/v1/admin/packages/{id}/sponsorship, audit-logged; a label
 * only, which never moves a package in /paketler nor changes what a filter finds.
 */

const DAY = 86_400_000;
let t: TestApp;
let api: ApiSchemas;
let admin: Awaited<ReturnType<typeof insertUser>>;
let owner: Awaited<ReturnType<typeof insertUser>>;
let other: Awaited<ReturnType<typeof insertUser>>;
let individual: Awaited<ReturnType<typeof insertUser>>;
let company: { id: number; slug: string; name: string };
let otherCompany: { id: number; slug: string; name: string };
/** Five packages of the company, cheapest first (500, 550 … 700 ₺). */
const ids: number[] = [];

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

function call(token: string | null, method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.fetch(`/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function documented<T>(method: "GET" | "POST", path: string, pattern: string, status: number, body?: unknown): Promise<T> {
  return (await api.expectMatchesSchema(await call(admin.token, method, path, body), pattern, method.toLowerCase(), status)) as T;
}

/** The ids of the packages a /paketler page lists, in its order. */
async function listed(query: string, lang = ""): Promise<{ ids: number[]; html: string }> {
  const res = await t.fetch(`${lang}/paketler?${query}`);
  expect(res.status, query).toBe(200);
  const html = await res.text();
  return { ids: [...html.matchAll(/id="pkg-(\d+)-title"/g)].map((m) => Number(m[1])), html };
}

const audits = async (action: string, packageId: number) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.action, action))).filter((r) => r.details.packageId === packageId);
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  admin = await insertUser(t.app.db, { email: "yonetici@sponsor.example", isAdmin: true });
  owner = await insertUser(t.app.db, { email: "sahip@sponsor.example", accountType: "corporate" });
  other = await insertUser(t.app.db, { email: "baska@sponsor.example", accountType: "corporate" });
  individual = await insertUser(t.app.db, { email: "bireysel@sponsor.example" });
  company = await makeCompany(t.app.db, { name: "Sponsor Fiber AŞ", ownerId: owner.id });
  otherCompany = await makeCompany(t.app.db, { name: "Öteki Fiber AŞ", ownerId: other.id });
  for (const [i, price] of ["500", "550", "600", "650", "700"].entries()) {
    ids.push(await makePackage(t.app.db, company.id, { title: `Sponsor Fiber ${i + 1}`, price, downloadMbps: 100 + i * 100 }));
  }
});
afterAll(() => t?.close());

describe("a sponsored package in /paketler", () => {
  it("keeps its position in the results and what each filter finds; only its label changes", async () => {
    const queries = [`company=${company.slug}`, `company=${company.slug}&sort=speed`, `company=${company.slug}&sort=perMbps`, `company=${company.slug}&sort=total`, `company=${company.slug}&speed=300`, "tech=fiber"];
    const before = await Promise.all(queries.map((q) => listed(q)));
    // The most expensive one, last by price: were sponsorship to move it, it would rise.
    const sponsored = ids[4]!;
    expect(before[0]!.ids).toEqual(ids);
    expect(before[0]!.html).not.toContain('data-testid="sponsored-label"');
    await documented("POST", `/admin/packages/${sponsored}/sponsorship`, "/admin/packages/{id}/sponsorship", 200, { from: day(-1), until: day(10) });

    const after = await Promise.all(queries.map((q) => listed(q)));
    for (const [i, q] of queries.entries()) expect(after[i]!.ids, q).toEqual(before[i]!.ids);
    // The kept searches were cleared: the label shows at once, on its card only, in both languages.
    expect([...after[0]!.html.matchAll(/data-testid="sponsored-label"/g)]).toHaveLength(1);
    const en = await listed(`company=${company.slug}`, "/en");
    expect(en.ids).toEqual(ids);
    expect(en.html).toContain(htmlText(msg("en", "packages.card.sponsored")));
    // The package page says what the label means.
    const page = await (await t.fetch(`/kablolu-internet/${company.slug}/paket/sponsor-fiber-5`)).text();
    expect(page).toContain(htmlText(msg("tr", "packages.detail.sponsoredNotice")));

    await documented("POST", `/admin/packages/${sponsored}/sponsorship/end`, "/admin/packages/{id}/sponsorship/end", 200);
    const ended = await listed(`company=${company.slug}`);
    expect(ended.ids).toEqual(ids);
    expect(ended.html).not.toContain('data-testid="sponsored-label"');
  });
});

describe("the administrators' calls", () => {
  it("set a period, read it and end it now (a running one ends, an upcoming one is deleted); each step audit-logged", async () => {
    const id = ids[1]!;
    const from = day(-2);
    const until = day(5);
    const set = await documented<{ period: { startsAt: string; endsAt: string; state: string } }>("POST", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200, { from, until });
    expect(set).toMatchObject({ packageId: id, period: { startsAt: `${from}T00:00:00.000Z`, endsAt: new Date(Date.parse(`${until}T00:00:00Z`) + DAY).toISOString(), state: "current" } });
    const read = await documented<object>("GET", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200);
    expect(read).toMatchObject({ packageId: id, companyId: company.id, title: "Sponsor Fiber 2", sponsoredNow: true, period: { state: "current" } });
    const pub = (await (await t.fetch(`/api/v1/packages/${id}`)).json()) as { package: { card: { sponsored: boolean } } };
    expect(pub.package.card.sponsored).toBe(true);
    expect(await audits("package.sponsor", id)).toMatchObject([{ actorId: admin.id, targetUserId: owner.id, details: { packageId: id, companyId: company.id, from, until } }]);

    const ended = await documented<object>("POST", `/admin/packages/${id}/sponsorship/end`, "/admin/packages/{id}/sponsorship/end", 200);
    expect(ended).toEqual({ success: true, packageId: id, outcome: "ended" });
    const row = await packageRow(t.app.db, id);
    expect(row.sponsoredFrom!.toISOString()).toBe(`${from}T00:00:00.000Z`);
    expect(row.sponsoredUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await documented<object>("GET", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200)).toMatchObject({ sponsoredNow: false, period: { state: "past" } });
    expect(((await (await t.fetch(`/api/v1/packages/${id}`)).json()) as { package: { card: { sponsored: boolean } } }).package.card.sponsored).toBe(false);
    expect(await audits("package.unsponsor", id)).toMatchObject([{ actorId: admin.id, targetUserId: owner.id, details: { packageId: id, companyId: company.id, outcome: "ended" } }]);
    // Nothing left to end.
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/packages/${id}/sponsorship/end`, undefined, h), { status: 409, code: "E_CONFLICT", key: "packages.sponsor.notSponsored" });

    // A period that has not started: a new one replaces the old, and ending it deletes it.
    await documented("POST", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200, { from: "2099-01-01", until: "2099-01-31" });
    expect(await documented<object>("GET", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200)).toMatchObject({ sponsoredNow: false, period: { state: "upcoming" } });
    expect(await documented<object>("POST", `/admin/packages/${id}/sponsorship/end`, "/admin/packages/{id}/sponsorship/end", 200)).toMatchObject({ outcome: "removed" });
    expect(await packageRow(t.app.db, id)).toMatchObject({ sponsoredFrom: null, sponsoredUntil: null });
    expect(await documented<object>("GET", `/admin/packages/${id}/sponsorship`, "/admin/packages/{id}/sponsorship", 200)).toMatchObject({ sponsoredNow: false, period: null });
    expect(await audits("package.sponsor", id)).toHaveLength(2);
    expect(await audits("package.unsponsor", id)).toHaveLength(2);
  });

  it("dates that are not real days, a reversed period and wrong types: 400 on the field; a withdrawn package: 409; nothing changed", async () => {
    const id = ids[2]!;
    const before = await packageRow(t.app.db, id);
    const logged = await auditCount();
    const from = "companyAdmin.validation.sponsorFrom";
    const until = "companyAdmin.validation.sponsorUntil";
    const cases: [string, unknown, string, string][] = [
      ...WRONG_TYPES.map((c): [string, unknown, string, string] => [`from: ${c.name}`, { from: c.value, until: "2026-12-31" }, "from", from]),
      ...WRONG_TYPES.map((c): [string, unknown, string, string] => [`until: ${c.name}`, { from: "2026-12-01", until: c.value }, "until", until]),
      ["31 February", { from: "2027-02-31", until: "2027-03-31" }, "from", from],
      ["29 February of a common year", { from: "2027-02-01", until: "2027-02-29" }, "until", until],
      ["month 13", { from: "2026-12-01", until: "2026-13-01" }, "until", until],
      ["day 0", { from: "2026-12-00", until: "2026-12-31" }, "from", from],
      ["before 2000", { from: "1999-12-31", until: "2026-01-01" }, "from", from],
      ["after 2099", { from: "2026-01-01", until: "2100-01-01" }, "until", until],
      ["Turkish date order", { from: "01.12.2026", until: "2026-12-31" }, "from", from],
      ["a time of day", { from: "2026-12-01T00:00:00Z", until: "2026-12-31" }, "from", from],
      ["SQL", { from: "2026-12-01'; DROP TABLE packages;--", until: "2026-12-31" }, "from", from],
      ["HTML", { from: "2026-12-01", until: "<script>alert(1)</script>" }, "until", until],
      ["NUL byte", { from: "2026-12-01\u0000", until: "2026-12-31" }, "from", from],
      ["end before start", { from: "2026-12-31", until: "2026-12-01" }, "until", "companyAdmin.validation.sponsorOrder"],
    ];
    for (const [name, body, field, key] of cases) {
      await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/packages/${id}/sponsorship`, body, h), { status: 400, code: "E_VALIDATION", key, fields: { [field]: key } }, name);
    }
    await api.expectMatchesSchema(await call(admin.token, "POST", `/admin/packages/${id}/sponsorship`, { from: "2026-12-31", until: "2026-12-01" }), "/admin/packages/{id}/sponsorship", "post", 400);
    const notJson = await t.fetch(`/api/v1/admin/packages/${id}/sponsorship`, { method: "POST", headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" }, body: "{nope" });
    expect(notJson.status).toBe(400);

    const withdrawn = await makePackage(t.app.db, company.id, { title: "Sponsor Eski Paket", price: "300" });
    await t.app.db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, withdrawn));
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/packages/${withdrawn}/sponsorship`, { from: day(0), until: day(3) }, h), { status: 409, code: "E_CONFLICT", key: "packages.sponsor.withdrawn" });
    await api.expectMatchesSchema(await call(admin.token, "POST", `/admin/packages/${withdrawn}/sponsorship`, { from: day(0), until: day(3) }), "/admin/packages/{id}/sponsorship", "post", 409);

    expect(await packageRow(t.app.db, id)).toEqual(before);
    expect(await packageRow(t.app.db, withdrawn)).toMatchObject({ sponsoredFrom: null, sponsoredUntil: null });
    expect(await auditCount()).toBe(logged);
  });

  it("a guest: 401; the owner, another corporate user and an individual: 403; forged ids: 404; nothing changed", async () => {
    const id = ids[3]!;
    const calls = (pid: number | string): [string, "GET" | "POST", string, unknown][] => [
      ["read", "GET", `/admin/packages/${pid}/sponsorship`, undefined],
      ["set", "POST", `/admin/packages/${pid}/sponsorship`, { from: "2099-03-01", until: "2099-03-31" }],
      ["end", "POST", `/admin/packages/${pid}/sponsorship/end`, undefined],
    ];
    const before = await packageRow(t.app.db, id);
    const logged = await auditCount();
    for (const [name, method, path, body] of calls(id)) {
      await expectApiRefusalInBothLanguages((h) => call(null, method, path, body, h), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" }, `guest ${name}`);
      for (const [who, user] of [["owner", owner], ["other corporate", other], ["individual", individual]] as const) {
        await expectApiRefusalInBothLanguages((h) => call(user.token, method, path, body, h), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" }, `${who} ${name}`);
      }
      const pattern = path.replace(`/${id}/`, "/{id}/");
      await api.expectMatchesSchema(await call(owner.token, method, path, body), pattern, method.toLowerCase(), 403);
      await api.expectMatchesSchema(await call(null, method, path, body), pattern, method.toLowerCase(), 401);
    }
    for (const forged of [...FORGED_IDS.filter((c) => c.value !== ""), { name: "no such package", value: "99999999" }]) {
      for (const [name, method, path, body] of calls(encodeURIComponent(forged.value))) {
        await expectApiRefusalInBothLanguages((h) => call(admin.token, method, path, body, h), { status: 404, code: "E_NOT_FOUND", key: "packages.errors.packageNotFound" }, `${forged.name}: ${name}`);
      }
    }
    for (const [, method, path, body] of calls(99999999)) {
      await api.expectMatchesSchema(await call(admin.token, method, path, body), path.replace("/99999999/", "/{id}/"), method.toLowerCase(), 404);
    }
    // An id in the body is not the package: the path's is.
    await call(admin.token, "POST", `/admin/packages/${ids[0]}/sponsorship`, { from: "2099-04-01", until: "2099-04-30", packageId: id, id });
    expect(await packageRow(t.app.db, id)).toEqual(before);
    expect((await packageRow(t.app.db, ids[0]!)).sponsoredFrom!.toISOString()).toBe("2099-04-01T00:00:00.000Z");
    expect(await auditCount()).toBe(logged + 1);
    await call(admin.token, "POST", `/admin/packages/${ids[0]}/sponsorship/end`);
  });
});

describe("the package edit page's sponsorship form", () => {
  const editPath = (companyId: number, packageId: number) => `/isletme/paketler/duzenle/${companyId}/${packageId}`;

  async function post(cookie: string, path: string, fields: Record<string, string>) {
    const session = await getFormSession(t);
    return t.fetch(path, { method: "POST", headers: { cookie: `${session.cookie}; ${cookie}` }, body: new URLSearchParams({ csrf: session.csrf, ...fields }) });
  }

  it("is shown to administrators only; an administrator sets and ends a period through it", async () => {
    const id = ids[3]!;
    const page = (cookie: string, lang = "") => t.fetch(`${lang}${editPath(company.id, id)}`, { headers: { cookie } }).then((r) => r.text());
    expect(await page(owner.cookie)).not.toContain('data-testid="package-sponsorship"');
    const adminPage = await page(admin.cookie);
    expect(adminPage).toContain('data-testid="package-sponsorship"');
    expect(adminPage).toContain(htmlText(msg("tr", "packages.sponsor.none")));
    expect(await page(admin.cookie, "/en")).toContain(htmlText(msg("en", "packages.sponsor.title")));

    const set = await post(admin.cookie, editPath(company.id, id), { intent: "sponsor", from: "2099-12-01", until: "2099-12-31" });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain(htmlText(msg("tr", "packages.sponsor.done", { from: "01.12.2099", until: "31.12.2099" })));
    expect(await packageRow(t.app.db, id)).toMatchObject({ sponsoredFrom: new Date("2099-12-01T00:00:00Z"), sponsoredUntil: new Date("2100-01-01T00:00:00Z") });
    const shown = await page(admin.cookie);
    expect(shown).toContain(htmlText(`${msg("tr", "packages.sponsor.period", { from: "01.12.2099", until: "31.12.2099" })} ${msg("tr", "packages.sponsor.upcoming")}`));
    expect(shown).toContain('value="unsponsor"');
    expect(await audits("package.sponsor", id)).toHaveLength(1);

    const end = await post(admin.cookie, editPath(company.id, id), { intent: "unsponsor" });
    expect(end.status).toBe(200);
    expect(await end.text()).toContain(htmlText(msg("tr", "packages.sponsor.removed")));
    expect(await packageRow(t.app.db, id)).toMatchObject({ sponsoredFrom: null, sponsoredUntil: null });
    expect(await audits("package.unsponsor", id)).toHaveLength(1);
  });

  it("refuses the owner (403), impossible dates (400 on the field, in the page's language), another company's path and forged ids (404); nothing changed", async () => {
    const id = ids[3]!;
    const before = await packageRow(t.app.db, id);
    const logged = await auditCount();
    const good = { intent: "sponsor", from: "2099-05-01", until: "2099-05-31" };
    for (const intent of ["sponsor", "unsponsor"]) {
      const res = await post(owner.cookie, editPath(company.id, id), { ...good, intent });
      expect(res.status, intent).toBe(403);
    }
    const feb = await post(admin.cookie, `/en${editPath(company.id, id)}`, { ...good, from: "2099-02-30" });
    expect(feb.status).toBe(400);
    expect(await feb.text()).toContain(htmlText(msg("en", "companyAdmin.validation.sponsorFrom")));
    const reversed = await post(admin.cookie, editPath(company.id, id), { ...good, from: "2099-05-31", until: "2099-05-01" });
    expect(reversed.status).toBe(400);
    expect(await reversed.text()).toContain(htmlText(msg("tr", "companyAdmin.validation.sponsorOrder")));
    // A package of this company under another company's path, and forged ids.
    for (const path of [editPath(otherCompany.id, id), editPath(company.id, 99999999), `/isletme/paketler/duzenle/${company.id}/1%20OR%201=1`, `/isletme/paketler/duzenle/abc/${id}`]) {
      for (const intent of ["sponsor", "unsponsor"]) {
        const res = await post(admin.cookie, path, { ...good, intent });
        expect(res.status, `${path} ${intent}`).toBe(404);
      }
    }
    expect(await packageRow(t.app.db, id)).toEqual(before);
    expect(await auditCount()).toBe(logged);
  });
});
