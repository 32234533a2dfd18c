import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { companyDeliverySettings, leads } from "../../server/leads/schema";
import { packages } from "../../server/packages/schema";
import { submitLead } from "../../server/leads/submit-lead";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, overLong, WRONG_TYPES } from "../helpers/hostile";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * The dashboard's package and inbox calls (/api/v1/my/…): the same services as the pages, so
 * the same owner checks and validation; JSON bodies may carry numbers and booleans.
 */
let t: TestApp;
let ownerToken: string;
let otherToken: string;
let company: { id: number; slug: string; name: string };
let foreign: { id: number; slug: string; name: string };
let foreignPackage: number;

const userIds = new Map<string, number>();

async function token(accountType: "corporate" | "individual", isAdmin = false): Promise<string> {
  const [u] = await t.app.db
    .insert(users)
    .values({
      fullName: "Api Panel",
      email: `api-panel-${randomBytes(4).toString("hex")}@example.com`,
      passwordHash: "x",
      accountType,
      isAdmin,
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token: tok } = await createSession(t.app.db, u!.id, "api");
  userIds.set(tok, u!.id);
  return tok;
}

const idOf = (tok: string) => userIds.get(tok)!;

function call(tok: string, method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${tok}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const packageCount = async () => (await t.app.db.select({ n: count() }).from(packages))[0]!.n;

const BODY = {
  serviceKind: "internet",
  title: "Api Fiber 200",
  technology: "fiber",
  downloadMbps: 200,
  uploadMbps: 40,
  price: 599.9,
  commitmentMonths: 24,
  commitmentPrice: "449,90",
  modemOffer: "free",
  servesAllCities: true,
  tags: ["fiber", "api"],
};

beforeAll(async () => {
  t = await startTestApp();
  ownerToken = await token("corporate");
  otherToken = await token("corporate");
  company = await makeCompany(t.app.db, { name: "Api Panel AŞ", ownerId: idOf(ownerToken) });
  foreign = await makeCompany(t.app.db, { name: "Api Başka AŞ", ownerId: idOf(otherToken) });
  foreignPackage = await makePackage(t.app.db, foreign.id, { title: "Api Başka Paket" });
});
afterAll(() => t?.close());

describe("package calls", () => {
  let id: number;

  it("the owner creates, lists, updates, copies, withdraws and restores", async () => {
    const created = await call(ownerToken, "POST", `/my/companies/${company.id}/packages`, BODY);
    expect(created.status).toBe(200);
    id = ((await created.json()) as { id: number }).id;
    expect(await packageRow(t.app.db, id)).toMatchObject({ priceKurus: 59_990, commitmentPriceKurus: 44_990, downloadMbps: 200, slug: "api-fiber-200", tags: ["fiber", "api"] });
    const list = (await (await call(ownerToken, "GET", `/my/companies/${company.id}/packages`)).json()) as { packages: { id: number; withdrawnAt: string | null }[] };
    expect(list.packages.map((p) => p.id)).toEqual([id]);
    expect((await call(ownerToken, "POST", `/my/companies/${company.id}/packages/${id}`, { ...BODY, price: 649 })).status).toBe(200);
    expect((await packageRow(t.app.db, id)).priceKurus).toBe(64_900);
    const copy = (await (await call(ownerToken, "POST", `/my/companies/${company.id}/packages/${id}/duplicate`)).json()) as { id: number };
    expect((await packageRow(t.app.db, copy.id)).slug).toBe("api-fiber-200-kopya");
    expect(await (await call(ownerToken, "POST", `/my/companies/${company.id}/packages/${id}/withdraw`)).json()).toEqual({ success: true, id, withdrawn: true });
    expect((await packageRow(t.app.db, id)).withdrawnAt).not.toBeNull();
    expect((await call(ownerToken, "POST", `/my/companies/${company.id}/packages/${id}/restore`)).status).toBe(200);
    expect((await packageRow(t.app.db, id)).withdrawnAt).toBeNull();
  });

  const invalid = (field: string, key: string, params?: Record<string, string | number>): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, params, fields: { [field]: { key, params } } });
  const CASES: [string, Record<string, unknown>, ApiRefusal][] = [
    ...WRONG_TYPES.filter((c) => c.value !== null).map((c): [string, Record<string, unknown>, ApiRefusal] => [`title as ${c.name}`, { title: c.value }, invalid("title", "packages.validation.title.required")]),
    ["title with a NUL byte", { title: HOSTILE_TEXT.nul.value }, invalid("title", "packages.validation.title.invalid")],
    ["title too long", { title: overLong(120) }, invalid("title", "packages.validation.title.max", { max: 120 })],
    ["price as text", { price: "bedava" }, invalid("price", "packages.validation.money")],
    ["price as an object", { price: { $gt: 0 } }, invalid("price", "packages.validation.money")],
    ["price negative", { price: -1 }, invalid("price", "packages.validation.money")],
    ["speed a fraction", { downloadMbps: 1.5 }, invalid("downloadMbps", "packages.validation.number")],
    ["speed over the bound", { downloadMbps: 100_001 }, invalid("downloadMbps", "packages.validation.numberMax", { max: 100_000 })],
    ["commitment over 24 months", { commitmentMonths: 36 }, invalid("commitmentMonths", "packages.validation.numberMax", { max: 24 })],
    ["unknown service kind", { serviceKind: "<script>" }, invalid("serviceKind", "packages.validation.serviceKind")],
    ["provinces of the wrong type", { servesAllCities: false, provinces: ["<b>"] }, invalid("provinces.0", "packages.validation.province")],
  ];
  it.each(CASES)("a new package with %s: 400, its translated message, nothing stored", async (_n, fields, refusal) => {
    const before = await packageCount();
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/packages`, { ...BODY, slug: "hostile", ...fields }, h), refusal);
    expect(await packageCount()).toBe(before);
  });

  it("'url not unique' is a 409 with the slug's message", async () => {
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/packages`, BODY, h), {
      status: 409,
      code: "E_CONFLICT",
      key: "packages.errors.urlNotUnique",
      fields: { slug: "packages.errors.urlNotUnique" },
    });
  });

  it("another owner's company or package, and forged ids, are 404 and change nothing", async () => {
    const before = await packageRow(t.app.db, foreignPackage);
    const notFound = (key: string): ApiRefusal => ({ status: 404, code: "E_NOT_FOUND", key });
    for (const [method, path] of [
      ["GET", `/my/companies/${foreign.id}/packages`],
      ["POST", `/my/companies/${foreign.id}/packages/${foreignPackage}/withdraw`],
      ["POST", `/my/companies/${foreign.id}/packages/${foreignPackage}/duplicate`],
      ["GET", `/my/companies/${foreign.id}/leads`],
      ["GET", `/my/companies/${foreign.id}/delivery`],
      ["POST", `/my/companies/${foreign.id}/delivery/test`],
      ["GET", "/my/companies/abc/packages"],
      ["GET", "/my/companies/0/leads"],
    ] as const) {
      await expectApiRefusalInBothLanguages((h) => call(ownerToken, method, path, undefined, h), notFound("packages.errors.companyNotFound"), path);
    }
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${foreign.id}/packages/${foreignPackage}`, { ...BODY, title: "Ele Geçirildi" }, h), notFound("packages.errors.companyNotFound"));
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/packages/${foreignPackage}`, { ...BODY, title: "Ele Geçirildi" }, h), notFound("packages.errors.packageNotFound"));
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/packages/1e3/withdraw`, undefined, h), notFound("packages.errors.packageNotFound"));
    expect(await packageRow(t.app.db, foreignPackage)).toEqual(before);
    // Without a token: 401; an individual member: 403.
    await expectApiRefusalInBothLanguages((h) => t.fetch(`/api/v1/my/companies/${company.id}/packages`, { headers: h }), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" });
    const individual = await token("individual");
    await expectApiRefusalInBothLanguages((h) => call(individual, "GET", `/my/companies/${company.id}/packages`, undefined, h), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" });
  });
});

describe("inbox calls", () => {
  it("lists the company's requests, updates one; another owner's request is a 404", async () => {
    const pkg = await makePackage(t.app.db, company.id, { title: "Api Talep Paketi" });
    const lead = await submitLead(t.app, { kind: "call_me", input: { fullName: "Ece Api", phone: "05321110000" }, packageId: pkg, locale: "tr", ip: "10.8.0.1", ipHash: null });
    const answer = await call(ownerToken, "GET", `/my/companies/${company.id}/leads`);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const list = (await answer.json()) as { leads: { id: number; reference: string; phone: string; deliveries: unknown[] }[] };
    expect(list.leads).toHaveLength(1);
    expect(list.leads[0]).toMatchObject({ reference: lead.reference, phone: "+905321110000" });
    const leadId = list.leads[0]!.id;
    expect((await call(ownerToken, "POST", `/my/leads/${leadId}`, { state: "closed", notes: "Tamamlandı" })).status).toBe(200);
    const [row] = await t.app.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row).toMatchObject({ state: "closed", notes: "Tamamlandı" });
    await expectApiRefusalInBothLanguages((h) => call(otherToken, "POST", `/my/leads/${leadId}`, { state: "new" }, h), { status: 404, code: "E_NOT_FOUND", key: "packages.inbox.notFound" });
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/leads/${leadId}`, { state: ["new"] }, h), {
      status: 400,
      code: "E_VALIDATION",
      key: "packages.inbox.validation.state",
      fields: { state: "packages.inbox.validation.state" },
    });
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/leads/${leadId}`, { state: "new", notes: HOSTILE_TEXT.nul.value }, h), {
      status: 400,
      code: "E_VALIDATION",
      key: "packages.validation.text",
      fields: { notes: "packages.validation.text" },
    });
    expect((await t.app.db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({ state: "closed", notes: "Tamamlandı" });
  });

  it("delivery settings: private webhook addresses and wrong types are refused, nothing stored", async () => {
    for (const [webhookUrl, key] of [
      ["http://169.254.169.254/latest/meta-data/", "packages.inbox.validation.webhookPrivate"],
      ["http://[fd00::1]/h", "packages.inbox.validation.webhookPrivate"],
      ["http://localhost:8080/h", "packages.inbox.validation.webhookPrivate"],
      [12345, "packages.inbox.validation.webhookUrl"],
      [["https://hooks.example.com"], "packages.inbox.validation.webhookUrl"],
      ["gopher://hooks.example.com/", "packages.inbox.validation.webhookUrl"],
    ] as const) {
      await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/delivery`, { webhookUrl }, h), {
        status: 400,
        code: "E_VALIDATION",
        key,
        fields: { webhookUrl: key },
      });
    }
    await expectApiRefusalInBothLanguages((h) => call(ownerToken, "POST", `/my/companies/${company.id}/delivery`, { mail: { $ne: null } }, h), {
      status: 400,
      code: "E_VALIDATION",
      key: "packages.inbox.validation.mail",
      fields: { mail: "packages.inbox.validation.mail" },
    });
    expect(await t.app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, company.id))).toEqual([]);
    const saved = await call(ownerToken, "POST", `/my/companies/${company.id}/delivery`, { mail: "talep@apipanel.example" });
    expect(await saved.json()).toEqual({ success: true, mail: "talep@apipanel.example", webhookUrl: null, webhookSecret: null });
    expect(await (await call(ownerToken, "GET", `/my/companies/${company.id}/delivery`)).json()).toEqual({ success: true, mail: "talep@apipanel.example", webhookUrl: null, hasSecret: false });
  });
});
