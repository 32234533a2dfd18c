import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, findSessionUser } from "../../server/accounts/sessions";
import { auditLog, users } from "../../server/accounts/schema";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { FORGED_IDS, HOSTILE_TEXT } from "../helpers/hostile";
import { htmlText } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * The user administration calls (/api/v1/admin/users…) for administrators' apps: the page's
 * list, history and four actions through its services: administrators only, the last active
 * administrator stays, each action audit-logged, the page showing the same.
 */

let t: TestApp;
let api: ApiSchemas;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  admin = await account({ isAdmin: true, fullName: "Yönetici Api" });
});
afterAll(() => t?.close());

async function account(values: Partial<typeof users.$inferInsert> = {}) {
  const row = await insertVerifiedUser(t.app.db, values);
  return { ...row, token: (await createSession(t.app.db, row.id, "api")).token };
}

const call = (token: string | null, method: "GET" | "POST", p: string, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${p}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const documented = async <T>(res: Response, pattern: string, method: "get" | "post", status: number) => (await api.expectMatchesSchema(res, pattern, method, status)) as T;

const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;

interface AdminUser {
  id: number;
  fullName: string;
  isAdmin: boolean;
  state: string;
  deletionDaysLeft: number | null;
}

describe("GET /admin/users", () => {
  it("lists users newest first, searches the Turkish way and filters by state, as the page does", async () => {
    const isik = await account({ fullName: "Işık Çankaya" });
    const gone = await account({ fullName: "Silinecek Üye", deletionRequestedAt: new Date() });
    const all = await documented<{ users: AdminUser[]; total: number; page: number; pageSize: number; state: null; search: string }>(
      await call(admin.token, "GET", "/admin/users"),
      "/admin/users",
      "get",
      200,
    );
    expect(all.users[0]!.id).toBe(gone.id);
    expect(all).toMatchObject({ page: 1, pageSize: 20, state: null, search: "" });

    const found = await documented<{ users: AdminUser[]; search: string }>(await call(admin.token, "GET", `/admin/users?search=${encodeURIComponent("  ışık   CANKAYA ")}`), "/admin/users", "get", 200);
    expect(found.users.map((u) => u.id)).toEqual([isik.id]);
    expect(found.search).toBe("ışık CANKAYA");

    const requested = await documented<{ users: AdminUser[]; state: string }>(await call(admin.token, "GET", "/admin/users?state=deletionRequested"), "/admin/users", "get", 200);
    expect(requested.state).toBe("deletionRequested");
    expect(requested.users.map((u) => u.id)).toEqual([gone.id]);
    expect(requested.users[0]!.deletionDaysLeft).toBe(30);

    // The page lists the same people.
    const { cookie } = await getFormSession(t);
    const web = await createSession(t.app.db, admin.id, "web");
    const page = await (await t.fetch("/kullanicilar?durum=silme-talebi", { headers: { cookie: `${cookie}; gb_session=${web.token}` } })).text();
    expect(page).toContain(htmlText("Silinecek Üye"));
    // Past the last page: the last one.
    expect((await documented<{ page: number }>(await call(admin.token, "GET", "/admin/users?page=9999"), "/admin/users", "get", 200)).page).toBe(all.page);
  });

  it.each([
    ["state=bogus", "state=bogus", "admin.validation.state"],
    ["state given twice", "state=active&state=erased", "admin.validation.state"],
    ["page=0", "page=0", "admin.validation.page"],
    ["page=-1", "page=-1", "admin.validation.page"],
    ["page=1.5", "page=1.5", "admin.validation.page"],
    ["page=100001", "page=100001", "admin.validation.page"],
    ["page=abc", "page=abc", "admin.validation.page"],
    ["a search of 101 characters", `search=${"a".repeat(101)}`, "admin.validation.search"],
    ["a search with a NUL byte", "search=a%00b", "admin.validation.search"],
    ["a search with a lone surrogate", "search=%ED%A0%80", "admin.validation.search"],
  ])("%s: 400, translated", async (_n, query, key) => {
    const field = key.split(".").at(-1)!;
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "GET", `/admin/users?${query}`, h), { status: 400, code: "E_VALIDATION", key, fields: { [field]: key } });
  });

  it("takes markup and SQL in the search as text", async () => {
    const res = await documented<{ users: AdminUser[] }>(await call(admin.token, "GET", `/admin/users?search=${encodeURIComponent(HOSTILE_TEXT.sql.value)}`), "/admin/users", "get", 200);
    expect(res.users).toEqual([]);
  });
});

describe("the actions", () => {
  it("grant, revoke, deactivate, restore: each through the page's service, audit-logged, the account as it is after", async () => {
    const target = await account({ fullName: "Hedef Üye" });
    const before = await auditCount();
    const granted = await documented<{ user: AdminUser }>(await call(admin.token, "POST", `/admin/users/${target.id}/grant-admin`), "/admin/users/{id}/grant-admin", "post", 200);
    expect(granted.user).toMatchObject({ id: target.id, isAdmin: true, state: "active" });
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/users/${target.id}/grant-admin`, h), { status: 409, code: "E_CONFLICT", key: "admin.errors.alreadyAdmin" });
    const revoked = await documented<{ user: AdminUser }>(await call(admin.token, "POST", `/admin/users/${target.id}/revoke-admin`), "/admin/users/{id}/revoke-admin", "post", 200);
    expect(revoked.user.isAdmin).toBe(false);

    const deactivated = await documented<{ user: AdminUser }>(await call(admin.token, "POST", `/admin/users/${target.id}/deactivate`), "/admin/users/{id}/deactivate", "post", 200);
    expect(deactivated.user.state).toBe("deactivated");
    expect(await findSessionUser(t.app.db, target.token)).toBeNull();
    const restored = await documented<{ user: AdminUser }>(await call(admin.token, "POST", `/admin/users/${target.id}/restore`), "/admin/users/{id}/restore", "post", 200);
    expect(restored.user.state).toBe("active");
    expect(await auditCount()).toBe(before + 4);

    const history = await documented<{ user: AdminUser; audit: { action: string; actorId: number; actorName: string }[] }>(
      await call(admin.token, "GET", `/admin/users/${target.id}`),
      "/admin/users/{id}",
      "get",
      200,
    );
    expect(history.audit.map((a) => a.action)).toEqual(["user.restore", "user.deactivate", "admin.revoke", "admin.grant"]);
    expect(history.audit[0]).toMatchObject({ actorId: admin.id, actorName: "Yönetici Api" });
  });

  it("restore cancels a deletion request, as the page's does", async () => {
    const target = await account({ deletionRequestedAt: new Date() });
    const { user } = await documented<{ user: AdminUser }>(await call(admin.token, "POST", `/admin/users/${target.id}/restore`), "/admin/users/{id}/restore", "post", 200);
    expect(user.state).toBe("active");
    expect((await userRow(target.id)).deletionRequestedAt).toBeNull();
  });

  it("refuses deactivating oneself and revoking the last active administrator (409), changing nothing", async () => {
    await t.app.db.update(users).set({ isAdmin: false }).where(and(eq(users.isAdmin, true)));
    await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const before = await auditCount();
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/users/${admin.id}/deactivate`, h), { status: 409, code: "E_CONFLICT", key: "admin.errors.selfDeactivate" });
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/users/${admin.id}/revoke-admin`, h), { status: 409, code: "E_CONFLICT", key: "admin.errors.lastAdmin" });
    expect((await userRow(admin.id)).isAdmin).toBe(true);
    expect(await auditCount()).toBe(before);
  });

  it("an erased account cannot be changed (409)", async () => {
    const erased = await account({ erasedAt: new Date(), fullName: "Silinmiş Üye" });
    for (const action of ["grant-admin", "deactivate", "restore"]) {
      await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/users/${erased.id}/${action}`, h), { status: 409, code: "E_CONFLICT", key: "admin.errors.erased" });
    }
  });
});

describe("who may call them", () => {
  const ACTIONS = ["grant-admin", "revoke-admin", "deactivate", "restore"];

  it("a member, a corporate account and a guest are refused before anything is read; nothing changes", async () => {
    const target = await account({ isAdmin: true });
    const individual = await account();
    const corporate = await account({ accountType: "corporate" });
    const before = await auditCount();
    const forbidden: ApiRefusal = { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" };
    const guest: ApiRefusal = { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" };
    for (const [token, refusal] of [
      [individual.token, forbidden],
      [corporate.token, forbidden],
      [null, guest],
    ] as const) {
      for (const p of ["/admin/users", `/admin/users/${target.id}`]) await expectApiRefusalInBothLanguages((h) => call(token, "GET", p, h), refusal);
      for (const action of ACTIONS) {
        await expectApiRefusalInBothLanguages((h) => call(token, "POST", `/admin/users/${target.id}/${action}`, h), refusal);
        // Another user's id is refused the same as the caller's own.
        await expectApiRefusalInBothLanguages((h) => call(token, "POST", `/admin/users/${individual.id}/${action}`, h), refusal);
      }
    }
    expect(await userRow(target.id)).toMatchObject({ isAdmin: true, removedAt: null });
    expect(await auditCount()).toBe(before);
  });

  it("an administrator whose rights were revoked a moment ago no longer acts (403)", async () => {
    const former = await account({ isAdmin: true });
    const target = await account();
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.id, former.id));
    await expectApiRefusalInBothLanguages((h) => call(former.token, "POST", `/admin/users/${target.id}/grant-admin`, h), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" });
    expect((await userRow(target.id)).isAdmin).toBe(false);
  });

  it.each(FORGED_IDS.filter((c) => c.value !== ""))("a forged id ($name) is a 404 on every call; nothing changes", async ({ value }) => {
    const before = await auditCount();
    const id = encodeURIComponent(value);
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "GET", `/admin/users/${id}`, h), { status: 404, code: "E_NOT_FOUND", key: "admin.errors.notFound" });
    for (const action of ACTIONS) {
      await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", `/admin/users/${id}/${action}`, h), { status: 404, code: "E_NOT_FOUND", key: "admin.errors.notFound" });
    }
    expect(await auditCount()).toBe(before);
  });
});
