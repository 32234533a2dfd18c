import { and, count, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listUsers, USERS_PAGE_SIZE } from "../../server/accounts/admin-users";
import { createOrPromoteAdmin } from "../../server/accounts/create-admin";
import { DEMO_PASSWORD, DEMO_USERS, seedDemoUsers } from "../../server/accounts/demo-users";
import { hashPassword, verifyPassword } from "../../server/accounts/passwords";
import { createSession, findSessionUser } from "../../server/accounts/sessions";
import { auditLog, sessions, users } from "../../server/accounts/schema";
import { companyReviews, packageReviews } from "../../server/reviews/schema";
import { insertCompany } from "../helpers/companies";
import { makePackage } from "../helpers/packages";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let passwordHash: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  passwordHash = await hashPassword("Parola1234");
});
afterAll(() => t?.close());

interface NewUser {
  fullName?: string;
  email?: string;
  isAdmin?: boolean;
  accountType?: "individual" | "corporate";
  deletionRequestedAt?: Date | null;
  removedAt?: Date | null;
  erasedAt?: Date | null;
}

async function createUser(opts: NewUser = {}) {
  seq++;
  const [row] = await t.app.db
    .insert(users)
    .values({
      fullName: opts.fullName ?? `Test Üye ${seq}`,
      email: opts.email ?? `uye${seq}.${Date.now()}@example.com`,
      passwordHash,
      accountType: opts.accountType ?? "individual",
      isAdmin: opts.isAdmin ?? false,
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
      deletionRequestedAt: opts.deletionRequestedAt ?? null,
      removedAt: opts.removedAt ?? null,
      erasedAt: opts.erasedAt ?? null,
    })
    .returning();
  return row;
}

async function sessionCookie(userId: number): Promise<string> {
  const { token } = await createSession(t.app.db, userId, "web");
  return `gb_session=${token}`;
}

/** A signed-in admin with a CSRF token, as a browser would hold them. */
async function browser(userId: number) {
  const form = await getFormSession(t);
  return { cookie: `${form.cookie}; ${await sessionCookie(userId)}`, csrf: form.csrf };
}

async function post(b: { cookie: string; csrf?: string }, fields: Record<string, string>, path = "/kullanicilar") {
  const body = new URLSearchParams(fields);
  if (b.csrf !== undefined) body.set("csrf", b.csrf);
  return t.fetch(path, { method: "POST", headers: { cookie: b.cookie, "content-type": "application/x-www-form-urlencoded" }, body });
}

/** The sign-in call of the API (the page form runs the same service). */
const login = (email: string, headers: Record<string, string> = {}) =>
  t.fetch("/api/v1/login", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password: "Parola1234" }),
  });
/** What every refused sign-in answers (the same as a wrong password, so it tells nothing). */
const SIGN_IN_REFUSED = { status: 400, code: "E_VALIDATION", key: "auth.login.invalid" } as const;
const get = async (path: string, cookie?: string) => t.fetch(path, { headers: cookie ? { cookie } : {} });
const user = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0].n;
const auditFor = (id: number) => t.app.db.select().from(auditLog).where(eq(auditLog.targetUserId, id)).orderBy(auditLog.id);

/** Leaves `keep` as the only active administrator. */
async function onlyAdmin(keep: number) {
  await t.app.db.update(users).set({ isAdmin: false }).where(ne(users.id, keep));
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, keep));
}

describe("permissions", () => {
  it("sends a guest to /giris, answers 403 to individual and corporate users and 200 to an admin", async () => {
    const guest = await get("/kullanicilar?ara=x");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/giris?redirectTo=${encodeURIComponent("/kullanicilar?ara=x")}`);

    const individual = await createUser();
    const corporate = await createUser({ accountType: "corporate" });
    const admin = await createUser({ isAdmin: true, fullName: "Yönetici Ayşe" });
    const forbidden = await get("/kullanicilar", await sessionCookie(individual.id));
    expect(forbidden.status).toBe(403);
    // An error page has a <title> too (the W3C checker's "head is missing title").
    expect(await forbidden.text()).toMatch(/<title>[^<]+<\/title>/);
    expect((await get("/kullanicilar", await sessionCookie(corporate.id))).status).toBe(403);
    const ok = await get("/kullanicilar", await sessionCookie(admin.id));
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toMatch(/<h1[^>]*>Kullanıcılar<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toContain(`href="/kullanicilar"`);
  });

  it("refuses actions from a guest (redirect) and from a non-admin (403), changing nothing", async () => {
    const target = await createUser();
    const individual = await createUser();
    const before = await auditCount();
    const form = await getFormSession(t);
    const guest = await post({ cookie: form.cookie, csrf: form.csrf }, { intent: "grantAdmin", userId: String(target.id) });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/giris/);
    const denied = await post(await browser(individual.id), { intent: "grantAdmin", userId: String(target.id) });
    expect(denied.status).toBe(403);
    expect((await user(target.id)).isAdmin).toBe(false);
    expect(await auditCount()).toBe(before);
  });

  it("/ozet: guest to /giris, any user 200 with the four counts in singular/plural wording", async () => {
    const guest = await get("/ozet");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/giris?redirectTo=%2Fozet");
    const member = await createUser({ fullName: "Özet Üyesi" });
    const res = await get("/ozet", await sessionCookie(member.id));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ["0 işletme profili", "0 blog yazısı", "0 paket", "0 yorum", "Hoş geldiniz, Özet Üyesi.", "size ait kayıtları"]) {
      expect(html).toContain(text);
    }
    // The menu: summary and settings, no user administration for a member.
    expect(html).toContain('href="/ayarlar"');
    expect(html).not.toContain('href="/kullanicilar"');

    const admin = await createUser({ isAdmin: true });
    const en = await get("/en/ozet", await sessionCookie(admin.id));
    const enHtml = await en.text();
    for (const text of ["0 company profiles", "0 blog posts", "0 packages", "0 comments", "whole site"]) expect(enHtml).toContain(text);
    expect(enHtml).toContain('href="/en/kullanicilar"');
  });

  it("/ozet counts a member's own reviews, and an owner's reviews received, each once", async () => {
    const member = await createUser({ fullName: "Yorum Yazan" });
    const owner = await createUser({ fullName: "Firma Sahibi", accountType: "corporate" });
    const company = await insertCompany(t.app.db, { name: "Özet Yorum Net", ownerId: owner.id });
    const review = { fullName: "Yorum Yazan", title: "İyi hizmet", body: "Kurulum hızlıydı, hat sorunsuz.", score: 5 };
    await t.app.db.insert(companyReviews).values({ ...review, companyId: company.id, userId: member.id, state: "confirmed" });
    const packageId = await makePackage(t.app.db, company.id, { title: "Özet Fiber 50" });
    // The owner's own review of the package: written by them and about their package, counted once.
    await t.app.db.insert(packageReviews).values({ ...review, packageId, userId: owner.id, state: "confirmed" });
    expect(await (await get("/en/ozet", await sessionCookie(member.id))).text()).toContain(">1 comment<");
    expect(await (await get("/ozet", await sessionCookie(owner.id))).text()).toContain(">2 yorum<");
  });

  it("/baslangic redirects to /ozet", async () => {
    const res = await get("/baslangic");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ozet");
  });
});

describe("list, search and paging", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    admin = await createUser({ isAdmin: true, fullName: "Liste Yöneticisi" });
    for (let i = 1; i <= 45; i++) {
      await createUser({ fullName: `Sayfalama Kişi ${String(i).padStart(2, "0")}`, email: `sayfalama${i}@example.com` });
    }
  });

  it("pages 45 matches by 20 with total, previous and next links that keep the search", async () => {
    const cookie = await sessionCookie(admin.id);
    const first = await (await get("/kullanicilar?ara=SAYFALAMA", cookie)).text();
    expect(first).toContain("45 kullanıcı bulundu");
    expect(first).toContain("Sayfa 1 / 3");
    // Rendered cells only (the hydration data repeats each address).
    const cells = (html: string) => [...html.matchAll(/>(sayfalama\d+@example\.com)</g)].map((m) => m[1]);
    expect(cells(first)).toHaveLength(USERS_PAGE_SIZE);
    // Newest first: 45 … 26 on page 1.
    expect(first).toContain("sayfalama45@example.com");
    expect(first).not.toContain("sayfalama25@example.com");
    expect(first).toContain('href="/kullanicilar?ara=SAYFALAMA&amp;sayfa=2"');

    const third = await (await get("/kullanicilar?ara=SAYFALAMA&sayfa=3", cookie)).text();
    expect(third).toContain("Sayfa 3 / 3");
    expect(cells(third).sort()).toEqual(
      ["sayfalama1@", "sayfalama2@", "sayfalama3@", "sayfalama4@", "sayfalama5@"].map((p) => `${p}example.com`).sort(),
    );
    expect(third).toContain('href="/kullanicilar?ara=SAYFALAMA&amp;sayfa=2"');
    expect(third).not.toContain("sayfa=4");

    // A page past the end shows the last one; a nonsense page the first.
    expect(await (await get("/kullanicilar?ara=SAYFALAMA&sayfa=99", cookie)).text()).toContain("Sayfa 3 / 3");
    expect(await (await get("/kullanicilar?ara=SAYFALAMA&sayfa=-1", cookie)).text()).toContain("Sayfa 1 / 3");
  });

  it("searches name and e-mail case-insensitively, the Turkish way", async () => {
    const isil = await createUser({ fullName: "Işıl Yıldız", email: "isil.y@example.com" });
    const irem = await createUser({ fullName: "İrem Şahin", email: "irem.s@example.com" });
    const found = async (search: string) => (await listUsers(t.app, { actor: { user: { ...admin, image: null, emailVerified: true } }, search })).rows.map((r) => r.id);
    expect(await found("IŞIL")).toEqual([isil.id]);
    expect(await found("ışıl yıl")).toEqual([isil.id]);
    expect(await found("irem şahin")).toEqual([irem.id]);
    expect(await found("İREM")).toEqual([irem.id]);
    expect(await found("ŞAHİN")).toEqual([irem.id]);
    expect(await found("IREM.S@EXAMPLE")).toEqual([irem.id]);
  });

  it("filters by state", async () => {
    const cookie = await sessionCookie(admin.id);
    const gone = await createUser({ fullName: "Filtre Silme", deletionRequestedAt: new Date(Date.now() - 10 * 86400_000) });
    const off = await createUser({ fullName: "Filtre Pasif", removedAt: new Date() });
    const on = await createUser({ fullName: "Filtre Etkin" });
    const html = async (state: string) => (await get(`/kullanicilar?ara=Filtre&durum=${state}`, cookie)).text();
    // Each state lists exactly its own one of the three rows the test made.
    const names = { "silme-talebi": gone.fullName, pasif: off.fullName, aktif: on.fullName };
    for (const [state, own] of Object.entries(names)) {
      const page = await html(state);
      expect(page, state).toContain(own);
      for (const other of Object.values(names).filter((n) => n !== own)) expect(page, `${state} lists ${other}`).not.toContain(other);
    }
    expect(await html("silme-talebi")).toContain("20 gün kaldı");
  });

  it.each([
    ["%", "100%_Gerçek"],
    ["_", "100%_Gerçek"],
    ["%_", "100%_Gerçek"],
    ["\\", null],
    ["'", "O'Brien Tırnak"],
    ['"', null],
    ["' OR 1=1 --", null],
    ["'); DROP TABLE users; --", null],
    ["<script>alert(1)</script>", null],
    ["a\u0000b", null],
    ["\uD800", null],
    ["x".repeat(10_000), null],
  ])("a hostile search %# answers 200 and matches literally", async (search, expected) => {
    await t.app.db
      .insert(users)
      .values(
        ["100%_Gerçek", "O'Brien Tırnak"].map((fullName, i) => ({
          fullName,
          email: `literal${i}@example.org`,
          passwordHash,
          accountType: "individual" as const,
          membershipAcceptedAt: new Date(),
          kvkkAcceptedAt: new Date(),
        })),
      )
      .onConflictDoNothing();
    const cookie = await sessionCookie(admin.id);
    // A lone surrogate cannot be percent-encoded: send its invalid UTF-8 bytes as such.
    const q = search === "\uD800" ? "%ED%A0%80" : encodeURIComponent(search);
    const others = search.length < 100 ? `&durum=${q}&sayfa=${q}&kullanici=${q}` : "";
    const res = await get(`/kullanicilar?ara=${q}${others}`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    if (expected) {
      expect(html).toContain("1 kullanıcı bulundu");
      expect(html).toContain(expected.replace("'", "&#x27;"));
    } else expect(html).toContain("0 kullanıcı bulundu");
    const raw = await t.fetch(`/kullanicilar?ara=${"%25".repeat(3000)}`, { headers: { cookie } });
    expect(raw.status).toBe(200);
  });
});

describe("actions", () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  let b: { cookie: string; csrf: string };
  beforeEach(async () => {
    admin = await createUser({ isAdmin: true, fullName: "Eylem Yöneticisi" });
    await onlyAdmin(admin.id);
    b = await browser(admin.id);
  });

  it("grants and revokes admin, each with exactly one audit row (who, what, whom)", async () => {
    const target = await createUser({ fullName: "Aday Yönetici" });
    const granted = await post(b, { intent: "grantAdmin", userId: String(target.id) });
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain("Aday Yönetici artık yönetici.");
    expect((await user(target.id)).isAdmin).toBe(true);
    // The new admin can open the page.
    expect((await get("/kullanicilar", await sessionCookie(target.id))).status).toBe(200);

    const revoked = await post(b, { intent: "revokeAdmin", userId: String(target.id) });
    expect(revoked.status).toBe(200);
    expect((await user(target.id)).isAdmin).toBe(false);
    expect((await get("/kullanicilar", await sessionCookie(target.id))).status).toBe(403);

    const entries = await auditFor(target.id);
    expect(entries.map((e) => ({ actorId: e.actorId, action: e.action, targetUserId: e.targetUserId }))).toEqual([
      { actorId: admin.id, action: "admin.grant", targetUserId: target.id },
      { actorId: admin.id, action: "admin.revoke", targetUserId: target.id },
    ]);
    expect(entries.every((e) => e.createdAt instanceof Date)).toBe(true);

    // Granting twice is a conflict and writes nothing.
    await post(b, { intent: "grantAdmin", userId: String(target.id) });
    const again = await post(b, { intent: "grantAdmin", userId: String(target.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("zaten yönetici");
    expect(await auditFor(target.id)).toHaveLength(3);
  });

  it("never removes the last admin; an admin may step down while another remains", async () => {
    const before = await auditCount();
    const alone = await post(b, { intent: "revokeAdmin", userId: String(admin.id) });
    expect(alone.status).toBe(409);
    expect(await alone.text()).toContain("Son yöneticinin yetkisi kaldırılamaz");
    expect((await user(admin.id)).isAdmin).toBe(true);
    expect(await auditCount()).toBe(before);

    // A deactivated admin does not count as the other one.
    const dormant = await createUser({ isAdmin: true, removedAt: new Date() });
    expect((await post(b, { intent: "revokeAdmin", userId: String(admin.id) })).status).toBe(409);

    const other = await createUser({ fullName: "İkinci Yönetici" });
    expect((await post(b, { intent: "grantAdmin", userId: String(other.id) })).status).toBe(200);
    const stepDown = await post(b, { intent: "revokeAdmin", userId: String(admin.id) });
    expect(stepDown.status).toBe(200);
    expect((await user(admin.id)).isAdmin).toBe(false);
    expect((await get("/kullanicilar", b.cookie)).status).toBe(403);

    // Now the other one is the last.
    const ob = await browser(other.id);
    expect((await post(ob, { intent: "revokeAdmin", userId: String(other.id) })).status).toBe(409);
    expect((await user(other.id)).isAdmin).toBe(true);
    // The deactivated admin was never counted nor touched.
    expect(await user(dormant.id)).toMatchObject({ isAdmin: true, removedAt: expect.any(Date) });
  });

  it("two admins revoking each other at once: one wins, one admin remains", async () => {
    const other = await createUser({ isAdmin: true });
    const ob = await browser(other.id);
    const [r1, r2] = await Promise.all([
      post(b, { intent: "revokeAdmin", userId: String(other.id) }),
      post(ob, { intent: "revokeAdmin", userId: String(admin.id) }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 403]);
    const admins = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), inArray(users.id, [admin.id, other.id])));
    expect(admins).toHaveLength(1);
  });

  it("deactivation ends the user's sessions and sign-in; an admin cannot deactivate themselves", async () => {
    const target = await createUser({ fullName: "Pasif Olacak" });
    const { token } = await createSession(t.app.db, target.id, "web");
    const { token: apiToken } = await createSession(t.app.db, target.id, "api");
    expect(await findSessionUser(t.app.db, token)).not.toBeNull();

    const res = await post(b, { intent: "deactivate", userId: String(target.id) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Pasif Olacak hesabı pasifleştirildi");
    expect((await user(target.id)).removedAt).toBeInstanceOf(Date);
    expect(await findSessionUser(t.app.db, token)).toBeNull();
    expect(await findSessionUser(t.app.db, apiToken)).toBeNull();
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    // A new session (what a login would create) does not work either.
    const { token: fresh } = await createSession(t.app.db, target.id, "web");
    expect(await findSessionUser(t.app.db, fresh)).toBeNull();
    expect((await get("/ozet", `gb_session=${fresh}`)).status).toBe(302);
    await expectApiRefusalInBothLanguages((h) => login(target.email, h), SIGN_IN_REFUSED, "deactivated login");

    const self = await post(b, { intent: "deactivate", userId: String(admin.id) });
    expect(self.status).toBe(409);
    expect(await self.text()).toContain("Kendi hesabınızı pasifleştiremezsiniz");
    expect((await user(admin.id)).removedAt).toBeNull();

    const entries = await auditFor(target.id);
    expect(entries.map((e) => [e.actorId, e.action])).toEqual([[admin.id, "user.deactivate"]]);

    // Restoring brings sign-in back.
    expect((await post(b, { intent: "restore", userId: String(target.id) })).status).toBe(200);
    const { token: back } = await createSession(t.app.db, target.id, "web");
    expect((await findSessionUser(t.app.db, back))?.id).toBe(target.id);
    expect((await login(target.email)).status).toBe(200);
  });

  it("restores an account within 30 days of its deletion request; an erased one cannot be", async () => {
    const target = await createUser({ fullName: "Geri Dönen", deletionRequestedAt: new Date(Date.now() - 12 * 86400_000) });
    const { token } = await createSession(t.app.db, target.id, "web");
    expect(await findSessionUser(t.app.db, token)).toBeNull();
    await expectApiRefusalInBothLanguages((h) => login(target.email, h), SIGN_IN_REFUSED, "deletion-requested login");

    const list = await (await get(`/kullanicilar?ara=${encodeURIComponent("Geri Dönen")}`, b.cookie)).text();
    expect(list).toContain("Silme talebi · 18 gün kaldı");

    const res = await post(b, { intent: "restore", userId: String(target.id) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Geri Dönen hesabı geri yüklendi");
    const row = await user(target.id);
    expect(row.deletionRequestedAt).toBeNull();
    expect(row.removedAt).toBeNull();
    const { token: fresh } = await createSession(t.app.db, target.id, "web");
    expect((await findSessionUser(t.app.db, fresh))?.id).toBe(target.id);
    expect((await login(target.email)).status).toBe(200);

    const [entry] = await auditFor(target.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.restore", targetUserId: target.id, details: { deletionCancelled: true } });

    // Nothing to restore now.
    expect((await post(b, { intent: "restore", userId: String(target.id) })).status).toBe(409);

    const erased = await createUser({ fullName: "Silinmiş üye", deletionRequestedAt: new Date(Date.now() - 40 * 86400_000), erasedAt: new Date() });
    const refused = await post(b, { intent: "restore", userId: String(erased.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("kalıcı olarak silindi");
    expect((await user(erased.id)).deletionRequestedAt).not.toBeNull();
    expect((await post(b, { intent: "grantAdmin", userId: String(erased.id) })).status).toBe(409);
    expect(await auditFor(erased.id)).toHaveLength(0);
  });

  it("shows a user's history: who, what, when", async () => {
    const target = await createUser({ fullName: "Geçmişi Olan" });
    await post(b, { intent: "grantAdmin", userId: String(target.id) });
    await post(b, { intent: "revokeAdmin", userId: String(target.id) });
    const html = await (await get(`/kullanicilar?kullanici=${target.id}`, b.cookie)).text();
    expect(html).toContain("Geçmişi Olan için işlem geçmişi");
    expect(html).toContain("Yönetici yetkisi verildi");
    expect(html).toContain("Yönetici yetkisi kaldırıldı");
    expect(html).toContain("Eylem Yöneticisi");
    expect(html).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const missing = await get("/kullanicilar?kullanici=999999", b.cookie);
    expect(missing.status).toBe(200);
    expect(await missing.text()).toContain("İstenen kullanıcı bulunamadı");
  });

  it("refuses a post without or with a wrong CSRF token (403) and changes nothing", async () => {
    const target = await createUser();
    const before = await auditCount();
    const missing = await post({ cookie: b.cookie }, { intent: "grantAdmin", userId: String(target.id) });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("Oturum doğrulaması başarısız");
    const wrong = await post({ cookie: b.cookie, csrf: "0".repeat(32) }, { intent: "deactivate", userId: String(target.id) });
    expect(wrong.status).toBe(403);
    const row = await user(target.id);
    expect(row.isAdmin).toBe(false);
    expect(row.removedAt).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it.each([
    [{ intent: "dropUsers", userId: "1" }, 400, "Bilinmeyen işlem"],
    [{ userId: "1" }, 400, "Bilinmeyen işlem"],
    [{ intent: "grantAdmin", userId: "abc" }, 400, "Geçersiz kullanıcı numarası"],
    [{ intent: "grantAdmin", userId: "1 OR 1=1" }, 400, "Geçersiz kullanıcı numarası"],
    [{ intent: "grantAdmin", userId: "99999999999" }, 400, "Geçersiz kullanıcı numarası"],
    [{ intent: "grantAdmin" }, 400, "Geçersiz kullanıcı numarası"],
    [{ intent: "grantAdmin", userId: "2147483000" }, 404, "Kullanıcı bulunamadı"],
  ])("refuses %j with %i and changes nothing", async (fields, status, message) => {
    const before = await auditCount();
    const admins = await t.app.db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    const res = await post(b, fields as Record<string, string>);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
    expect(await auditCount()).toBe(before);
    expect(await t.app.db.select({ n: count() }).from(users).where(eq(users.isAdmin, true))).toEqual(admins);
  });

  it("answers in English with the English messages", async () => {
    const res = await post({ cookie: b.cookie, csrf: b.csrf }, { intent: "revokeAdmin", userId: String(admin.id) }, "/en/kullanicilar");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("The last administrator&#x27;s rights cannot be revoked.");
    const page = await (await get("/en/kullanicilar", b.cookie)).text();
    expect(page).toMatch(/<h1[^>]*>Users<\/h1>/);
    expect(page).toContain("Make administrator");
  });

  it("every action writes exactly one audit row in its own transaction", async () => {
    const target = await createUser({ deletionRequestedAt: new Date(Date.now() - 86400_000) });
    for (const intent of ["grantAdmin", "revokeAdmin", "deactivate", "restore"]) {
      const before = await auditCount();
      const res = await post(b, { intent, userId: String(target.id) });
      expect(res.status, intent).toBe(200);
      expect(await auditCount()).toBe(before + 1);
    }
    const rows = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, target.id), eq(auditLog.actorId, admin.id)));
    expect(rows.map((r) => r.action)).toEqual(["admin.grant", "admin.revoke", "user.deactivate", "user.restore"]);
  });
});

describe("demo users", () => {
  it("are not in the test database, and the seed creates them once, labelled and verified", async () => {
    const emails = DEMO_USERS.map((u) => u.email);
    expect(await t.app.db.select().from(users).where(inArray(users.email, emails))).toHaveLength(0);
    expect(await seedDemoUsers(t.app.db)).toBe(3);
    expect(await seedDemoUsers(t.app.db)).toBe(0);
    const rows = await t.app.db.select().from(users).where(inArray(users.email, emails));
    expect(rows.map((r) => [r.email, r.accountType, r.isAdmin]).sort()).toEqual([
      ["demo.admin@genisbant.com.tr", "individual", true],
      ["demo.bireysel@genisbant.com.tr", "individual", false],
      ["demo.kurumsal@genisbant.com.tr", "corporate", false],
    ]);
    for (const row of rows) {
      expect(row.fullName).toMatch(/^Demo /);
      expect(row.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const demoAdmin = rows.find((r) => r.isAdmin)!;
    expect((await get("/kullanicilar", await sessionCookie(demoAdmin.id))).status).toBe(200);
  });
});

describe("admin:create (the service behind the command)", () => {
  it("creates a verified individual administrator with the registration rules", async () => {
    await expect(createOrPromoteAdmin(t.app.db, { email: "kurucu@example.com", fullName: "Kurucu Yönetici", password: "kısa" })).rejects.toMatchObject({
      code: "E_VALIDATION",
      fieldErrors: { password: { key: "auth.validation.password.min", params: { min: 8 } } },
    });
    await expect(createOrPromoteAdmin(t.app.db, { email: "not-an-email", fullName: "X Y", password: "Guclu-Parola-1" })).rejects.toMatchObject({
      code: "E_VALIDATION",
    });
    const made = await createOrPromoteAdmin(t.app.db, { email: " Kurucu@Example.com ", fullName: "Kurucu Yönetici", password: "Guclu-Parola-1" });
    expect(made).toMatchObject({ created: true, restored: false, alreadyAdmin: false });
    const row = await user(made.userId);
    expect(row).toMatchObject({ email: "kurucu@example.com", accountType: "individual", isAdmin: true, advertisingConsentAt: null });
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.membershipAcceptedAt).toBeInstanceOf(Date);
    expect(row.kvkkAcceptedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(row.passwordHash, "Guclu-Parola-1")).toBe(true);
    expect((await auditFor(made.userId)).map((e) => [e.actorId, e.action, e.details])).toEqual([[null, "admin.grant", { via: "cli", created: true }]]);
    expect(await createOrPromoteAdmin(t.app.db, { email: "kurucu@example.com" })).toMatchObject({ created: false, alreadyAdmin: true });
  });

  it("promotes an existing account and gives back access it had lost, without touching its password", async () => {
    const member = await createUser({ fullName: "Terfi Eden", removedAt: new Date(), deletionRequestedAt: new Date() });
    const result = await createOrPromoteAdmin(t.app.db, { email: member.email });
    expect(result).toEqual({ userId: member.id, created: false, restored: true, alreadyAdmin: false });
    const row = await user(member.id);
    expect(row).toMatchObject({ isAdmin: true, removedAt: null, deletionRequestedAt: null, passwordHash: member.passwordHash });
    expect((await auditFor(member.id)).map((e) => e.action)).toEqual(["user.restore", "admin.grant"]);
  });
});
