import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { auditLog, users } from "../../server/accounts/schema";
import { companies, companyRevisions, companySponsorships } from "../../server/companies/schema";
import { jobs } from "../../server/jobs/schema";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { FORGED_IDS, HOSTILE_TEXT, overLong, WRONG_TYPES } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * The administrators' company calls (/api/v1/admin/…): the approval queue, approve and reject,
 * sponsorship and flags, through the services of isletme/onay and the edit page. Only an
 * administrator may call them; every action is mailed and audit-logged as on the page; hostile
 * input is a translated 4xx that changes nothing.
 */

let t: TestApp;
let api: ApiSchemas;
let adminToken: string;
let ownerToken: string;
let otherToken: string;
let individualToken: string;
let admin: number;
let owner: number;
let ownerEmail: string;

async function account(accountType: "corporate" | "individual", isAdmin = false) {
  const email = `yonetim-api-${randomBytes(4).toString("hex")}@example.com`;
  const [u] = await t.app.db
    .insert(users)
    .values({ fullName: `Yönetim Api ${accountType}`, email, passwordHash: "x", accountType, isAdmin, emailVerifiedAt: new Date(), membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession(t.app.db, u!.id, "api");
  return { id: u!.id, email, token };
}

function call(token: string | null, method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.fetch(`/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Calls and checks the answer against the OpenAPI document; returns its body. */
async function documented<T>(token: string | null, method: "GET" | "POST", path: string, pattern: string, status: number, body?: unknown): Promise<T> {
  return (await api.expectMatchesSchema(await call(token, method, path, body), pattern, method.toLowerCase(), status)) as T;
}

const COMPANY = {
  name: "Kuyruk Fiber İletişim",
  category: "kablolu-internet",
  country: "TR",
  provinceCode: 35,
  email: "info@kuyrukfiber.example",
  about: "İzmir'de fiber.",
  servesWholeCountry: true,
  services: [{ name: "Ev interneti", description: "100 Mbps" }],
};

const companyRow = async (id: number) => (await t.app.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;
const ownerMails = async () =>
  (await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"))).map((m) => m.payload as { to: string; subject: string; text: string }).filter((m) => m.to === ownerEmail);
const auditOf = async (action: string, companyId: number) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.action, action))).filter((r) => r.details.companyId === companyId);

/** A new company profile of the owner, made through the owner's own call (pending). */
async function newCompany(name: string): Promise<number> {
  const res = await call(ownerToken, "POST", "/my/companies", { ...COMPANY, name });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

let fresh: number;
let edited: number;

beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  const a = await account("individual", true);
  const o = await account("corporate");
  [admin, adminToken, owner, ownerToken, ownerEmail] = [a.id, a.token, o.id, o.token, o.email];
  otherToken = (await account("corporate")).token;
  individualToken = (await account("individual")).token;
  // One new profile, and one published profile with a pending edit.
  fresh = await newCompany("Kuyruk Yeni Net");
  edited = await newCompany("Kuyruk Yayında Net");
  await t.app.db.update(companies).set({ publishState: "published", publishedAt: new Date() }).where(eq(companies.id, edited));
  const edit = await call(ownerToken, "POST", `/my/companies/${edited}`, { ...COMPANY, name: "Kuyruk Yayında Net", about: "Yeni <b>metin</b>." });
  expect(((await edit.json()) as { outcome: string }).outcome).toBe("submitted");
});
afterAll(() => t?.close());

describe("the approval queue", () => {
  it("lists new profiles and edits with what changed, as the page does", async () => {
    const queue = await documented<{
      waiting: { new: number; edit: number; shown: number };
      items: { companyId: number; kind: string; name: string; ownerName: string | null; changes: { field: string; before: unknown; after: unknown }[] }[];
    }>(adminToken, "GET", "/admin/company-approvals", "/admin/company-approvals", 200);
    expect(queue.waiting).toEqual({ new: 1, edit: 1, shown: 100 });
    const neu = queue.items.find((i) => i.companyId === fresh)!;
    expect(neu).toMatchObject({ kind: "new", name: "Kuyruk Yeni Net", ownerName: "Yönetim Api corporate" });
    expect(neu.changes.map((c) => c.field)).toEqual(expect.arrayContaining(["name", "typeId", "subTypeId", "provinceCode", "email", "about", "services"]));
    expect(neu.changes.find((c) => c.field === "name")).toEqual({ field: "name", before: null, after: "Kuyruk Yeni Net" });
    const edit = queue.items.find((i) => i.companyId === edited)!;
    expect(edit.kind).toBe("edit");
    // Only what changed; HTML is data, given back as the text it is.
    expect(edit.changes).toEqual([{ field: "about", before: "İzmir'de fiber.", after: "Yeni <b>metin</b>." }]);
    // The page lists the same items.
    const { cookie } = await getFormSession(t);
    const page = await (await t.fetch("/isletme/onay", { headers: { cookie: `${cookie}; gb_session=${(await createSession(t.app.db, admin, "web")).token}` } })).text();
    for (const item of queue.items) expect(page).toContain(htmlText(item.name));
  });

  it("approve: the new profile goes public, the owner is mailed, the audit log has it", async () => {
    const before = await auditCount();
    const r = await documented<{ companyId: number; kind: string; mailed: boolean; name: string }>(adminToken, "POST", `/admin/companies/${fresh}/approve`, "/admin/companies/{id}/approve", 200);
    expect(r).toMatchObject({ success: true, companyId: fresh, kind: "new", mailed: true, name: "Kuyruk Yeni Net" });
    expect((await companyRow(fresh)).publishState).toBe("published");
    expect((await ownerMails()).map((m) => m.subject)).toContain(msg("tr", "companyAdmin.mail.approved.subject", { company: "Kuyruk Yeni Net" }));
    const rows = await auditOf("company.approve", fresh);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin, targetUserId: owner, details: { companyId: fresh, kind: "new" } });
    expect(await auditCount()).toBe(before + 1);
  });

  it("reject: the pending edit is dropped with its reason mailed to the owner; the published version stays", async () => {
    const reason = `Açıklama ${HOSTILE_TEXT.html.value} uygun değil.`;
    const r = await documented<{ kind: string; mailed: boolean }>(adminToken, "POST", `/admin/companies/${edited}/reject`, "/admin/companies/{id}/reject", 200, { reason });
    expect(r).toMatchObject({ companyId: edited, kind: "edit", mailed: true });
    expect((await companyRow(edited)).about).toBe("İzmir'de fiber.");
    const [revision] = await t.app.db.select().from(companyRevisions).where(eq(companyRevisions.companyId, edited));
    expect(revision).toMatchObject({ state: "rejected", reason, reviewerId: admin });
    const mail = (await ownerMails()).find((m) => m.subject === msg("tr", "companyAdmin.mail.rejected.subject", { company: "Kuyruk Yayında Net" }));
    expect(mail?.text).toContain(reason);
    expect(await auditOf("company.reject", edited)).toHaveLength(1);
    // The owner's edit page shows the reason as text.
    const { cookie } = await getFormSession(t);
    const page = await (await t.fetch(`/isletme/duzenle/${edited}`, { headers: { cookie: `${cookie}; gb_session=${(await createSession(t.app.db, owner, "web")).token}` } })).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain(htmlText(reason));
  });

  it("nothing waiting: 409 with its message, in both languages, nothing logged", async () => {
    const before = await auditCount();
    const nothing: ApiRefusal = { status: 409, code: "E_CONFLICT", key: "companyAdmin.errors.nothingPending" };
    await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/approve`, undefined, h), nothing, "approve");
    await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/reject`, { reason: "Eksik bilgi var." }, h), nothing, "reject");
    await api.expectMatchesSchema(await call(adminToken, "POST", `/admin/companies/${fresh}/approve`), "/admin/companies/{id}/approve", "post", 409);
    expect(await auditCount()).toBe(before);
  });

  it("a reject reason of the wrong type, length or characters: 400 on its field, nothing changed", async () => {
    const id = await newCompany("Kuyruk Ret Denemesi");
    const cases: [string, unknown, string][] = [
      ...WRONG_TYPES.map((c): [string, unknown, string] => [c.name, c.value, "companyAdmin.validation.reason.required"]),
      ["missing", undefined, "companyAdmin.validation.reason.required"],
      ["too short", "Yok", "companyAdmin.validation.reason.min"],
      ["too long", overLong(1000), "companyAdmin.validation.reason.max"],
      [HOSTILE_TEXT.nul.name, `Gerekçe ${HOSTILE_TEXT.nul.value}`, "companyAdmin.validation.reason.invalid"],
      [HOSTILE_TEXT.loneSurrogate.name, `Gerekçe ${HOSTILE_TEXT.loneSurrogate.value}`, "companyAdmin.validation.reason.invalid"],
    ];
    const mails = (await ownerMails()).length;
    for (const [name, reason, key] of cases) {
      const params: Record<string, number> = key.endsWith(".min") ? { min: 5 } : key.endsWith(".max") ? { max: 1000 } : {};
      await expectApiRefusalInBothLanguages(
        (h) => call(adminToken, "POST", `/admin/companies/${id}/reject`, reason === undefined ? {} : { reason }, h),
        { status: 400, code: "E_VALIDATION", key, params, fields: { reason: { key, params } } },
        name,
      );
    }
    // A body that is not an object.
    const array = await call(adminToken, "POST", `/admin/companies/${id}/reject`, ["Eksik bilgi var."]);
    expect(array.status).toBe(400);
    await api.expectMatchesSchema(await call(adminToken, "POST", `/admin/companies/${id}/reject`, {}), "/admin/companies/{id}/reject", "post", 400);
    expect((await companyRow(id)).publishState).toBe("pending");
    expect((await ownerMails()).length).toBe(mails);
    expect(await auditOf("company.reject", id)).toHaveLength(0);
  });
});

describe("sponsorship", () => {
  it("an administrator sets a period, lists it and ends it now; each step is audit-logged", async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const set = await documented<{ period: { startsAt: string; endsAt: string; state: string } }>(adminToken, "POST", `/admin/companies/${fresh}/sponsorships`, "/admin/companies/{id}/sponsorships", 200, {
      from,
      until,
    });
    expect(set.period).toEqual({ startsAt: `${from}T00:00:00.000Z`, endsAt: new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000).toISOString(), state: "current" });
    await documented(adminToken, "POST", `/admin/companies/${fresh}/sponsorships`, "/admin/companies/{id}/sponsorships", 200, { from: "2099-01-01", until: "2099-01-31" });
    const list = await documented<{ sponsoredNow: boolean; periods: { state: string }[] }>(adminToken, "GET", `/admin/companies/${fresh}/sponsorships`, "/admin/companies/{id}/sponsorships", 200);
    expect(list.sponsoredNow).toBe(true);
    expect(list.periods.map((p) => p.state)).toEqual(["upcoming", "current"]);
    // The public label follows.
    const profile = (await (await t.fetch(`/api/v1/companies/${(await companyRow(fresh)).slug}`)).json()) as { company: { sponsored: boolean } };
    expect(profile.company.sponsored).toBe(true);
    expect(await auditOf("company.sponsor", fresh)).toHaveLength(2);

    const ended = await documented<{ ended: number; removed: number }>(adminToken, "POST", `/admin/companies/${fresh}/sponsorships/end`, "/admin/companies/{id}/sponsorships/end", 200);
    expect(ended).toMatchObject({ companyId: fresh, ended: 1, removed: 1 });
    const after = await documented<{ sponsoredNow: boolean; periods: { state: string }[] }>(adminToken, "GET", `/admin/companies/${fresh}/sponsorships`, "/admin/companies/{id}/sponsorships", 200);
    expect(after).toMatchObject({ sponsoredNow: false, periods: [{ state: "past" }] });
    const rows = await auditOf("company.unsponsor", fresh);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin, targetUserId: owner, details: { companyId: fresh, ended: 1, removed: 1 } });
    const profileAfter = (await (await t.fetch(`/api/v1/companies/${(await companyRow(fresh)).slug}`)).json()) as { company: { sponsored: boolean } };
    expect(profileAfter.company.sponsored).toBe(false);
    // Nothing left to end.
    await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/sponsorships/end`, undefined, h), {
      status: 409,
      code: "E_CONFLICT",
      key: "companyAdmin.errors.notSponsored",
    });
  });

  it("the page's 'end the sponsorship' form uses the same service", async () => {
    await call(adminToken, "POST", `/admin/companies/${edited}/sponsorships`, { from: "2099-02-01", until: "2099-02-28" });
    const session = await getFormSession(t);
    const cookie = `${session.cookie}; gb_session=${(await createSession(t.app.db, admin, "web")).token}`;
    const edit = await (await t.fetch(`/isletme/duzenle/${edited}`, { headers: { cookie } })).text();
    expect(edit).toContain('value="unsponsor"');
    const res = await t.fetch(`/isletme/duzenle/${edited}`, { method: "POST", headers: { cookie }, body: new URLSearchParams({ csrf: session.csrf, intent: "unsponsor" }) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(htmlText(msg("tr", "companyAdmin.sponsor.ended")));
    expect(await t.app.db.select().from(companySponsorships).where(eq(companySponsorships.companyId, edited))).toEqual([]);
    expect(await auditOf("company.unsponsor", edited)).toHaveLength(1);
  });

  it("wrong types, impossible dates and a reversed period: 400 on the field, nothing stored", async () => {
    const stored = async () => (await t.app.db.select({ n: count() }).from(companySponsorships))[0]!.n;
    const before = await stored();
    const audits = await auditCount();
    const from = "companyAdmin.validation.sponsorFrom";
    const until = "companyAdmin.validation.sponsorUntil";
    const cases: [string, unknown, string, string][] = [
      ...WRONG_TYPES.map((c): [string, unknown, string, string] => [`from: ${c.name}`, { from: c.value, until: "2026-12-31" }, "from", from]),
      ...WRONG_TYPES.map((c): [string, unknown, string, string] => [`until: ${c.name}`, { from: "2026-12-01", until: c.value }, "until", until]),
      ["31 February", { from: "2026-02-31", until: "2026-03-31" }, "from", from],
      ["month 13", { from: "2026-12-01", until: "2026-13-01" }, "until", until],
      ["before 2000", { from: "1999-12-31", until: "2026-01-01" }, "from", from],
      ["after 2099", { from: "2026-01-01", until: "2100-01-01" }, "until", until],
      ["Turkish date order", { from: "01.12.2026", until: "2026-12-31" }, "from", from],
      ["SQL", { from: "2026-12-01'; DROP TABLE companies;--", until: "2026-12-31" }, "from", from],
      ["reversed", { from: "2026-12-31", until: "2026-12-01" }, "until", "companyAdmin.validation.sponsorOrder"],
    ];
    for (const [name, body, field, key] of cases) {
      await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/sponsorships`, body, h), { status: 400, code: "E_VALIDATION", key, fields: { [field]: key } }, name);
    }
    expect(await stored()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe("flags", () => {
  it("verified and self-managed are set as sent, a published profile taken down and back; audit-logged", async () => {
    const r = await documented<{ verified: boolean; selfManaged: boolean; publishState: string }>(adminToken, "POST", `/admin/companies/${fresh}/flags`, "/admin/companies/{id}/flags", 200, {
      verified: true,
      visible: "unpublished",
    });
    expect(r).toMatchObject({ companyId: fresh, verified: true, selfManaged: false, publishState: "unpublished" });
    expect(await companyRow(fresh)).toMatchObject({ verified: true, selfManaged: false, publishState: "unpublished" });
    await documented(adminToken, "POST", `/admin/companies/${fresh}/flags`, "/admin/companies/{id}/flags", 200, { verified: true, selfManaged: true, visible: "published" });
    expect(await companyRow(fresh)).toMatchObject({ verified: true, selfManaged: true, publishState: "published" });
    const rows = await auditOf("company.flags", fresh);
    expect(rows.map((x) => x.details)).toEqual([
      { companyId: fresh, verified: true, selfManaged: false, publishState: "unpublished" },
      { companyId: fresh, verified: true, selfManaged: true, publishState: "published" },
    ]);
  });

  it("a flag that is not a boolean, an unknown state, and publishing past the queue are refused; nothing changed", async () => {
    const pending = await newCompany("Kuyruk Bayrak Denemesi");
    const before = await companyRow(fresh);
    const audits = await auditCount();
    const flag = "companyAdmin.validation.flag";
    for (const value of [1, 0, "yes", "evet", null, [true], { $ne: false }]) {
      await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/flags`, { verified: value, selfManaged: true }, h), {
        status: 400,
        code: "E_VALIDATION",
        key: flag,
        fields: { verified: flag },
      }, JSON.stringify(value));
    }
    for (const visible of ["deleted", true, "<script>"]) {
      await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${fresh}/flags`, { verified: true, visible }, h), {
        status: 400,
        code: "E_VALIDATION",
        key: "companyAdmin.validation.visible",
        fields: { visible: "companyAdmin.validation.visible" },
      }, String(visible));
    }
    await expectApiRefusalInBothLanguages((h) => call(adminToken, "POST", `/admin/companies/${pending}/flags`, { verified: true, visible: "published" }, h), {
      status: 409,
      code: "E_CONFLICT",
      key: "companyAdmin.errors.publishThroughQueue",
    });
    expect(await companyRow(fresh)).toEqual(before);
    expect((await companyRow(pending)).publishState).toBe("pending");
    expect(await auditCount()).toBe(audits);
  });
});

describe("who may call them", () => {
  const calls = (id: number | string): [string, "GET" | "POST", string, unknown][] => [
    ["queue", "GET", "/admin/company-approvals", undefined],
    ["approve", "POST", `/admin/companies/${id}/approve`, undefined],
    ["reject", "POST", `/admin/companies/${id}/reject`, { reason: "Eksik bilgi var." }],
    ["sponsorships", "GET", `/admin/companies/${id}/sponsorships`, undefined],
    ["sponsor", "POST", `/admin/companies/${id}/sponsorships`, { from: "2026-12-01", until: "2026-12-31" }],
    ["end sponsorship", "POST", `/admin/companies/${id}/sponsorships/end`, undefined],
    ["flags", "POST", `/admin/companies/${id}/flags`, { verified: true, selfManaged: true }],
  ];

  it("a guest: 401; the owner, another corporate user and an individual: 403, in both languages; nothing changed", async () => {
    const id = await newCompany("Kuyruk Yetki Denemesi");
    const before = await companyRow(id);
    const audits = await auditCount();
    for (const [name, method, path, body] of calls(id)) {
      await expectApiRefusalInBothLanguages((h) => call(null, method, path, body, h), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" }, `guest ${name}`);
      for (const [who, token] of [
        ["owner", ownerToken],
        ["other corporate", otherToken],
        ["individual", individualToken],
      ] as const) {
        await expectApiRefusalInBothLanguages((h) => call(token, method, path, body, h), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" }, `${who} ${name}`);
      }
    }
    const pattern = (path: string) => path.replace(`/${id}/`, "/{id}/");
    for (const [, method, path, body] of calls(id)) {
      await api.expectMatchesSchema(await call(ownerToken, method, path, body), pattern(path), method.toLowerCase(), 403);
      await api.expectMatchesSchema(await call(null, method, path, body), pattern(path), method.toLowerCase(), 401);
    }
    expect(await companyRow(id)).toEqual(before);
    expect(await t.app.db.select().from(companySponsorships).where(eq(companySponsorships.companyId, id))).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it("unknown and forged ids: 404 with the company's message, nothing changed", async () => {
    const audits = await auditCount();
    const sponsorships = (await t.app.db.select({ n: count() }).from(companySponsorships))[0]!.n;
    for (const forged of FORGED_IDS.filter((c) => c.value !== "")) {
      for (const [name, method, path, body] of calls(encodeURIComponent(forged.value)).slice(1)) {
        await expectApiRefusalInBothLanguages((h) => call(adminToken, method, path, body, h), { status: 404, code: "E_NOT_FOUND", key: "companyAdmin.errors.notFound" }, `${forged.name}: ${name}`);
      }
    }
    for (const [, method, path, body] of calls(99999999).slice(1)) {
      await api.expectMatchesSchema(await call(adminToken, method, path, body), path.replace("/99999999/", "/{id}/"), method.toLowerCase(), 404);
    }
    expect(await auditCount()).toBe(audits);
    expect((await t.app.db.select({ n: count() }).from(companySponsorships))[0]!.n).toBe(sponsorships);
  });

  it("a forged id in a body changes nothing: the company is the path's", async () => {
    const id = await newCompany("Kuyruk Gövde Denemesi");
    const res = await call(adminToken, "POST", `/admin/companies/${id}/reject`, { reason: "Eksik bilgi var.", companyId: fresh });
    expect(res.status).toBe(200);
    expect((await companyRow(id)).publishState).toBe("rejected");
    expect((await companyRow(fresh)).publishState).toBe("published");
    // One audit row, for the path's company, by this administrator; none for the body's id.
    const rows = await auditOf("company.reject", id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin, action: "company.reject", details: { companyId: id } });
    expect((await auditOf("company.reject", fresh)).length).toBe(0);
  });
});
