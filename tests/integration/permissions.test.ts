import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/db/schema";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * The permission matrix: every protected page and call, for each role, with the exact status.
 * Later features add their rows here.
 */
type Role = "guest" | "individual" | "corporate" | "admin";
const ROLES: Role[] = ["guest", "individual", "corporate", "admin"];

interface Row {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** urlencoded fields for POST (the CSRF token is added). */
  form?: Record<string, string>;
  api?: boolean;
  expect: Record<Role, number | `${number} ${string}`>;
}

const LOGIN = "302 /giris";
const HOME = "302 /";

const MATRIX: Row[] = [
  // Pages of the accounts issue
  { name: "profile", method: "GET", path: "/kullanici/profil", expect: { guest: LOGIN, individual: 200, corporate: 200, admin: 200 } },
  { name: "support profile", method: "GET", path: "/teknik-destek/profil", expect: { guest: LOGIN, individual: 200, corporate: 200, admin: 200 } },
  { name: "settings", method: "GET", path: "/ayarlar", expect: { guest: LOGIN, individual: 200, corporate: 200, admin: 200 } },
  { name: "dashboard start", method: "GET", path: "/baslangic", expect: { guest: "302 /ozet", individual: "302 /ozet", corporate: "302 /ozet", admin: "302 /ozet" } },
  { name: "dashboard summary", method: "GET", path: "/ozet", expect: { guest: LOGIN, individual: 200, corporate: 200, admin: 200 } },
  { name: "user administration", method: "GET", path: "/kullanicilar", expect: { guest: LOGIN, individual: 403, corporate: 403, admin: 200 } },
  {
    name: "user administration action",
    method: "POST",
    path: "/kullanicilar",
    form: { intent: "no-such-intent" },
    expect: { guest: LOGIN, individual: 403, corporate: 403, admin: 400 },
  },
  { name: "settings action", method: "POST", path: "/ayarlar", form: { intent: "no-such-intent" }, expect: { guest: LOGIN, individual: 400, corporate: 400, admin: 400 } },
  { name: "login page", method: "GET", path: "/giris", expect: { guest: 200, individual: HOME, corporate: HOME, admin: HOME } },
  { name: "register page", method: "GET", path: "/hesap-olustur", expect: { guest: 200, individual: HOME, corporate: HOME, admin: HOME } },
  // Calls
  { name: "current user", method: "GET", path: "/api/v1/me", api: true, expect: { guest: 401, individual: 200, corporate: 200, admin: 200 } },
  { name: "logout", method: "POST", path: "/api/v1/logout", api: true, expect: { guest: 200, individual: 200, corporate: 200, admin: 200 } },
  // Public pages and calls stay open to everyone
  { name: "home", method: "GET", path: "/", expect: { guest: 200, individual: 200, corporate: 200, admin: 200 } },
  { name: "cities", method: "POST", path: "/api/v1/ttservice/cities", api: true, expect: { guest: 200, individual: 200, corporate: 200, admin: 200 } },
];

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const passwordHash = await hashPassword("Parola1234");
  for (const role of ["individual", "corporate", "admin"] as const) {
    await t.app.db
      .insert(users)
      .values({
        fullName: `Matris ${role}`,
        email: `matrix.${role}@example.com`,
        passwordHash,
        accountType: role === "corporate" ? "corporate" : "individual",
        isAdmin: role === "admin",
        emailVerifiedAt: new Date(),
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
      });
  }
});
afterAll(() => t?.close());

/** A fresh session per request, so logout rows do not end the sessions other rows use. */
async function cookieFor(role: Role): Promise<string> {
  if (role === "guest") return "";
  const [user] = await t.app.db.select().from(users).where(eq(users.email, `matrix.${role}@example.com`));
  return `gb_session=${(await createSession(t.app.db, user.id, "web")).token}`;
}

describe("permission matrix", () => {
  for (const row of MATRIX) {
    for (const role of ROLES) {
      const expected = row.expect[role];
      it(`${row.method} ${row.path} (${row.name}) as ${role} → ${expected}`, async () => {
        const session = await cookieFor(role);
        const headers: Record<string, string> = {};
        let body: URLSearchParams | undefined;
        if (row.method === "POST" && !row.api) {
          const s = await getFormSession(t, "/");
          headers.cookie = [s.cookie, session].filter(Boolean).join("; ");
          body = new URLSearchParams({ csrf: s.csrf, ...row.form });
        } else if (session) headers.cookie = session;
        const res = await t.fetch(row.path, { method: row.method, headers, body });
        const [status, location] = String(expected).split(" ");
        expect(res.status).toBe(Number(status));
        if (location) expect(res.headers.get("location") ?? "").toMatch(new RegExp(`^${location.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\?|$)`));
      });
    }
  }
});
