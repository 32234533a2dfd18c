import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_DUPLICATE_WINDOW_MS } from "../../common/packages";
import { companies } from "../../server/companies/schema";
import { leads } from "../../server/leads/schema";
import { rateLimits } from "../../server/security/schema";
import { submitLead } from "../../server/leads/submit-lead";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { FORGED_IDS, HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let schemas: ApiSchemas;
let a: number;
let b: number;
let company: { id: number; slug: string; name: string };

const post = (path: string, body: unknown, lang?: string) =>
  t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...(lang ? { "accept-language": lang } : {}) }, body: JSON.stringify(body) });

beforeAll(async () => {
  t = await startTestApp();
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  company = await makeCompany(t.app.db, { name: "API Fiber AŞ" });
  a = await makePackage(t.app.db, company.id, { title: "API Fiber 100", downloadMbps: 100, price: "600", commitmentMonths: 24, commitmentPrice: "400", activationFee: "250", modemOffer: "rental", modemRental: "30" });
  b = await makePackage(t.app.db, company.id, { title: "API Fiber 500", downloadMbps: 500, price: "900" });
});
afterAll(async () => {
  await t?.close();
});

describe("packages API", () => {
  it("searches with the page's filters and answers in the documented shape", async () => {
    const res = await post("/packages/search", { tech: ["fiber"], speed: 200, sort: "speed" });
    const body = (await schemas.expectMatchesSchema(res, "/packages/search", "post", 200)) as { items: { id: number }[]; total: number; facets: { tech: Record<string, number> } };
    expect(body.items.map((p) => p.id)).toEqual([b]);
    expect(body.total).toBe(1);
    expect(body.facets.tech.fiber).toBe(1);
    const all = (await (await post("/packages/search", {})).json()) as { total: number };
    expect(all.total).toBe(2);
  });

  it("gives one package with its whole cost, 404 for forged ids", async () => {
    const res = await t.fetch(`/api/v1/packages/${a}`);
    const body = (await schemas.expectMatchesSchema(res, "/packages/{id}", "get", 200)) as { package: { cost: { totalCostKurus: number; terminationMaxKurus: number } } };
    expect(body.package.cost.totalCostKurus).toBe(1_057_000);
    expect(body.package.cost.terminationMaxKurus).toBe(320_000);
    for (const forged of FORGED_IDS.filter((f) => f.value !== "")) {
      const r = await t.fetch(`/api/v1/packages/${encodeURIComponent(forged.value)}`);
      expect(r.status, forged.name).toBe(404);
      expect(((await r.json()) as { exception: string }).exception, forged.name).toBe("E_NOT_FOUND");
    }
  });

  it("compares, marking the cheapest total and the fastest; more than four is a translated 400", async () => {
    const res = await post("/packages/compare", { ids: [a, b] });
    const body = (await schemas.expectMatchesSchema(res, "/packages/compare", "post", 200)) as { cheapestIds: number[]; fastestIds: number[] };
    // A: 10,570 ₺ over 24 months; B: 12 × 900 = 10,800 ₺ → A is cheaper; B is faster.
    expect(body.cheapestIds).toEqual([a]);
    expect(body.fastestIds).toEqual([b]);
    const many = await post("/packages/compare", { ids: [1, 2, 3, 4, 5] }, "en");
    const err = (await schemas.expectMatchesSchema(many, "/packages/compare", "post", 400)) as { message: string };
    expect(err.message).toBe("You can compare at most 4 packages.");
  });

  it("takes a subscription and a call-me request with a reference number", async () => {
    const res = await post(`/packages/${a}/subscribe`, { firstName: "Zeynep", lastName: "Kara", phone: "+90 532 999 88 77", consent: true });
    const body = (await schemas.expectMatchesSchema(res, "/packages/{id}/subscribe", "post", 200)) as { reference: string; created: boolean };
    expect(body.reference).toMatch(/^GB-/);
    expect(body.created).toBe(true);
    const call = await post(`/packages/${b}/call-me`, { fullName: "Zeynep Kara", phone: "05329998877" });
    await schemas.expectMatchesSchema(call, "/packages/{id}/call-me", "post", 200);
    const again = (await (await post(`/packages/${b}/call-me`, { fullName: "Zeynep Kara", phone: "05329998877" })).json()) as { created: boolean };
    expect(again.created).toBe(false);
  });

  it("ten identical requests at once store one lead and answer all ten with its reference", async () => {
    await t.app.db.delete(rateLimits);
    const id = await makePackage(t.app.db, company.id, { title: "API Eşzamanlı", price: "450" });
    const body = { firstName: "Eş", lastName: "Zaman", phone: "0532 700 00 10", consent: true };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/packages/${id}/subscribe`, body)));
    const bodies = (await Promise.all(answers.map((r) => schemas.expectMatchesSchema(r, "/packages/{id}/subscribe", "post", 200)))) as { reference: string; created: boolean }[];
    const stored = await t.app.db.select({ reference: leads.reference }).from(leads).where(eq(leads.packageId, id));
    expect(stored).toHaveLength(1);
    expect(bodies.map((b) => b.reference)).toEqual(Array.from({ length: 10 }, () => stored[0]!.reference));
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
  });

  it("ten identical calls of the service at once (no HTTP queue between them) store one lead", async () => {
    await t.app.db.delete(rateLimits);
    const id = await makePackage(t.app.db, company.id, { title: "Servis Eşzamanlı", price: "450" });
    const send = () => submitLead(t.app, { kind: "call_me", packageId: id, input: { fullName: "Eş Zaman", phone: "0532 700 00 12" }, locale: "tr", ip: "198.51.100.8", ipHash: null });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    const stored = await t.app.db.select({ reference: leads.reference }).from(leads).where(eq(leads.packageId, id));
    expect(stored).toHaveLength(1);
    expect(answers.map((a) => a.reference)).toEqual(Array.from({ length: 10 }, () => stored[0]!.reference));
  });

  it("the same request after the duplicate window is a new lead; the earlier one keeps its reference", async () => {
    const id = await makePackage(t.app.db, company.id, { title: "API Pencere", price: "450" });
    const send = (now: Date) =>
      submitLead(t.app, { kind: "call_me", packageId: id, input: { fullName: "Pen Cere", phone: "0532 700 00 11" }, locale: "tr", ip: "198.51.100.7", ipHash: null, now });
    const first = await send(new Date("2026-03-01T10:00:00Z"));
    const within = await send(new Date(Date.parse("2026-03-01T10:00:00Z") + LEAD_DUPLICATE_WINDOW_MS - 1000));
    const after = await send(new Date(Date.parse("2026-03-01T10:00:00Z") + LEAD_DUPLICATE_WINDOW_MS + 1000));
    expect([first.created, within.created, after.created]).toEqual([true, false, true]);
    expect(within.reference).toBe(first.reference);
    expect(after.reference).not.toBe(first.reference);
    const rows = await t.app.db.select({ reference: leads.reference }).from(leads).where(eq(leads.packageId, id)).orderBy(leads.id);
    expect(rows.map((r) => r.reference)).toEqual([first.reference, after.reference]);
  });

  it("hostile input to every call is a translated 4xx and stores nothing", async () => {
    const before = (await t.app.db.select({ n: count() }).from(leads))[0]!.n;
    for (const wrong of WRONG_TYPES) {
      for (const field of ["firstName", "lastName", "phone", "consent"]) {
        if (field === "consent" && wrong.value === true) continue; // the one right value
        const body = { firstName: "Ali", lastName: "Veli", phone: "05321234567", consent: true, [field]: wrong.value };
        const res = await post(`/packages/${a}/subscribe`, body);
        expect(res.status, `${field}: ${wrong.name}`).toBe(400);
      }
      // A filter of the wrong type is a 400; null is a filter not given (the page's empty select).
      for (const field of ["speed", "kind", "commitment", "maxPrice", "sort", "page"]) {
        const search = await post("/packages/search", { [field]: wrong.value });
        expect(search.status, `search ${field}: ${wrong.name}`).toBe(wrong.value === null ? 200 : 400);
      }
      const compare = await post("/packages/compare", { ids: wrong.value });
      expect(compare.status, `compare: ${wrong.name}`).toBe(400);
    }
    // (HTML in a name is text: it is stored as typed and printed escaped, like any name.)
    for (const text of [HOSTILE_TEXT.nul, HOSTILE_TEXT.control, HOSTILE_TEXT.loneSurrogate]) {
      const res = await post(`/packages/${a}/call-me`, { fullName: text.value, phone: "05321234567" }, "en");
      const err = (await schemas.expectMatchesSchema(res, "/packages/{id}/call-me", "post", 400)) as { message: string };
      expect(err.message, text.name).not.toMatch(/^Invalid|zod/i);
      const search = await post("/packages/search", { company: text.value, city: text.value });
      expect(search.status, text.name).toBe(400);
    }
    const phone = await post(`/packages/${a}/call-me`, { fullName: "Ali Veli", phone: "+90 212" });
    expect(((await phone.json()) as { message: string }).message).toBe("Geçerli bir telefon numarası yazın, örneğin 0532 123 45 67.");
    const notJson = await t.fetch(`/api/v1/packages/${a}/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(notJson.status).toBe(400);
    expect((await t.app.db.select({ n: count() }).from(leads))[0]!.n).toBe(before);
  });
});

describe("requests from a company's profile (no package)", () => {
  it("take a subscription and a call-me request for the company, with a reference number, through the pages' service", async () => {
    const res = await post(`/companies/${company.slug}/subscribe`, { firstName: "Deniz", lastName: "Aydın", phone: "0537 111 22 33", consent: true });
    const body = (await schemas.expectMatchesSchema(res, "/companies/{slug}/subscribe", "post", 200)) as { reference: string; company: string; created: boolean };
    expect(body).toMatchObject({ company: "API Fiber AŞ", created: true });
    const [lead] = await t.app.db.select().from(leads).where(eq(leads.reference, body.reference));
    expect(lead).toMatchObject({ kind: "subscribe", companyId: company.id, packageId: null, firstName: "Deniz", lastName: "Aydın", phone: "+905371112233", locale: "tr" });
    expect(lead!.consentText).toContain("API Fiber AŞ");

    const call = await post(`/companies/${company.slug}/call-me`, { fullName: "Deniz Aydın", phone: "+90 537 111 22 33" }, "en");
    const called = (await schemas.expectMatchesSchema(call, "/companies/{slug}/call-me", "post", 200)) as { reference: string };
    const [callLead] = await t.app.db.select().from(leads).where(eq(leads.reference, called.reference));
    expect(callLead).toMatchObject({ kind: "call_me", companyId: company.id, packageId: null, firstName: "Deniz Aydın", lastName: null, locale: "en" });
    // The same request again at once: the first one's reference, nothing stored twice.
    const again = (await (await post(`/companies/${company.slug}/call-me`, { fullName: "Deniz Aydın", phone: "05371112233" })).json()) as { reference: string; created: boolean };
    expect(again).toMatchObject({ reference: called.reference, created: false });
    expect((await t.app.db.select({ n: count() }).from(leads).where(eq(leads.phone, "+905371112233")))[0]!.n).toBe(2);
  });

  it("hostile input, a missing consent, an unknown or unpublished company: a translated 4xx, nothing stored", async () => {
    const before = (await t.app.db.select({ n: count() }).from(leads))[0]!.n;
    const path = `/companies/${company.slug}`;
    const subscribe = { firstName: "Ali", lastName: "Veli", phone: "05321234567", consent: true };
    for (const wrong of WRONG_TYPES) {
      for (const field of ["firstName", "lastName", "phone", "consent"]) {
        if (field === "consent" && wrong.value === true) continue; // the one right value
        const res = await post(`${path}/subscribe`, { ...subscribe, [field]: wrong.value });
        await schemas.expectMatchesSchema(res, "/companies/{slug}/subscribe", "post", 400);
      }
      for (const field of ["fullName", "phone"]) {
        const res = await post(`${path}/call-me`, { fullName: "Ali Veli", phone: "05321234567", [field]: wrong.value });
        expect(res.status, `call-me ${field}: ${wrong.name}`).toBe(400);
      }
    }
    // The page's checkbox value is not the API's consent: only the boolean true is.
    for (const consent of ["on", "true", 1, undefined]) {
      await expectApiRefusalInBothLanguages((h) => post(`${path}/subscribe`, { ...subscribe, consent }, h["accept-language"]), {
        status: 400,
        code: "E_VALIDATION",
        key: "packages.leads.validation.consent",
        fields: { consent: "packages.leads.validation.consent" },
      }, String(consent));
    }
    for (const text of [HOSTILE_TEXT.nul, HOSTILE_TEXT.control, HOSTILE_TEXT.loneSurrogate]) {
      await expectApiRefusalInBothLanguages((h) => post(`${path}/call-me`, { fullName: text.value, phone: "05321234567" }, h["accept-language"]), {
        status: 400,
        code: "E_VALIDATION",
        key: "packages.leads.validation.fullName.invalid",
        fields: { fullName: "packages.leads.validation.fullName.invalid" },
      }, text.name);
      const res = await post(`${path}/subscribe`, { ...subscribe, lastName: text.value });
      expect(res.status, text.name).toBe(400);
    }
    await expectApiRefusalInBothLanguages((h) => post(`${path}/subscribe`, { ...subscribe, phone: "+90 212" }, h["accept-language"]), {
      status: 400,
      code: "E_VALIDATION",
      key: "packages.leads.validation.phone",
      fields: { phone: "packages.leads.validation.phone" },
    });
    const notJson = await t.fetch(`/api/v1${path}/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(notJson.status).toBe(400);

    // No such company (forged, hostile or too long slugs), or one that is not published: 404.
    const hidden = await makeCompany(t.app.db, { name: "API Gizli Fiber" });
    await t.app.db.update(companies).set({ publishState: "pending" }).where(eq(companies.id, hidden.id));
    for (const slug of ["yok-boyle-sirket", hidden.slug, "1 OR 1=1", "<script>", "x".repeat(201), FORGED_IDS[0]!.value]) {
      for (const suffix of ["subscribe", "call-me"]) {
        const body = suffix === "subscribe" ? subscribe : { fullName: "Ali Veli", phone: "05321234567" };
        await expectApiRefusalInBothLanguages((h) => post(`/companies/${encodeURIComponent(slug)}/${suffix}`, body, h["accept-language"]), {
          status: 404,
          code: "E_NOT_FOUND",
          key: "companies.errors.notFound",
        }, `${suffix} ${slug.slice(0, 20)}`);
      }
    }
    await schemas.expectMatchesSchema(await post("/companies/yok-boyle-sirket/subscribe", subscribe), "/companies/{slug}/subscribe", "post", 404);
    expect((await t.app.db.select({ n: count() }).from(leads))[0]!.n).toBe(before);
  });
});
