import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { localizePath } from "../../common/paths";
import { issueEmailCode } from "../../server/accounts/email-codes";
import { verifyPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { users } from "../../server/accounts/schema";
import { newsletterSubscriptions } from "../../server/newsletter/schema";
import { rateLimits } from "../../server/security/schema";
import { expectPageRefusal, type PageRefusal } from "../helpers/expect-error";
import { BAD_BYTES, HOSTILE_TEXT, overLong } from "../helpers/hostile";
import { htmlText, LOCALES, msg, type Locale } from "../helpers/messages";
import { rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

// (A lone surrogate cannot travel in an urlencoded UTF-8 body: a browser sends U+FFFD for it.
// The JSON tables in hostile-api.test.ts send real ones.)
// Hostile input against the page forms (no JavaScript: plain urlencoded posts, as a browser
// without scripts sends them, and raw bodies no browser would send). Each row: the exact status,
// the field message shown in Turkish and in English, and nothing changed.
let t: TestApp;
const PASSWORD = "Parola-2024!";
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

async function createUser() {
  return insertVerifiedUser(t.app.db, {}, PASSWORD);
}

/**
 * Posts a page form as a browser without JavaScript would, to the page in `locale` (the URL
 * decides the language: English is the /en twin, decision 008); `raw` is appended unencoded.
 */
async function post(path: string, fields: Record<string, string>, opts: { locale: Locale; session?: string; raw?: string }) {
  const s = await getFormSession(t, "/");
  const body = `${new URLSearchParams({ csrf: s.csrf, ...fields }).toString()}${opts.raw ? `&${opts.raw}` : ""}`;
  const cookie = [s.cookie, opts.session ? `gb_session=${opts.session}` : ""].filter(Boolean).join("; ");
  return t.fetch(localizePath(opts.locale, path), { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body });
}

const refused = (...keys: PageRefusal["keys"]): PageRefusal => ({ status: 400, keys });
const T = HOSTILE_TEXT;

describe("/giris", () => {
  it.each([
    [T.html.name, { email: T.html.value }, refused("auth.validation.email.format")],
    [T.nul.name, { email: T.nul.value }, refused("auth.validation.email.format")],
    [T.loneSurrogate.name, { email: `a${T.loneSurrogate.value}@example.com` }, refused("auth.validation.email.format")],
    ["255-character e-mail", { email: `${overLong(242)}@example.com` }, refused({ key: "auth.validation.email.max", params: { max: 254 } })],
    ["129-character password", { password: overLong(128) }, refused({ key: "auth.validation.password.max", params: { max: 128 } })],
  ])("%s", async (_n, over, refusal) => {
    for (const locale of LOCALES) {
      const res = await post("/giris", { email: "ayse@example.com", password: "Guclu-Sifre-2024", ...over }, { locale });
      await expectPageRefusal(res, locale, refusal);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("gb_session="))).toBe(false);
    }
  });

  it.each(BAD_BYTES)("raw body: $name in the e-mail", async ({ value }) => {
    for (const locale of LOCALES) {
      const res = await post("/giris", { password: "Guclu-Sifre-2024" }, { locale, raw: `email=ayse${value}%40example.com` });
      await expectPageRefusal(res, locale, refused("auth.validation.email.format"));
    }
  });
});

describe("/hesap-olustur", () => {
  const base = { accountType: "individual", fullName: "Ayşe Yılmaz", email: "ayse.new@example.com", password: "Guclu-Sifre-2024", passwordConfirm: "Guclu-Sifre-2024", membership: "on", kvkk: "on" };
  it.each([
    [T.html.name, { fullName: T.html.value }, refused("auth.validation.fullName.pattern")],
    [T.nul.name, { fullName: T.nul.value }, refused("auth.validation.fullName.invalid")],
    [T.control.name, { fullName: T.control.value }, refused("auth.validation.fullName.invalid")],
    ["accountType admin", { accountType: "admin" }, refused("auth.validation.accountType")],
    ["membership not ticked", { membership: "" }, refused("auth.validation.membership")],
    ["a control character in the password", { password: "Guclu\u0007Sifre-2024", passwordConfirm: "Guclu\u0007Sifre-2024" }, refused("auth.validation.password.invalid")],
    ["a line break in the password", { password: "Guclu\nSifre-2024", passwordConfirm: "Guclu\nSifre-2024" }, refused("auth.validation.password.invalid")],
  ])("%s, and no account is made", async (_n, over, refusal) => {
    for (const locale of LOCALES) {
      await expectPageRefusal(await post("/hesap-olustur", { ...base, ...over }, { locale }), locale, refusal);
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, base.email))).toEqual([]);
  });

  it.each(BAD_BYTES)("raw body: $name in the full name", async ({ value }) => {
    const { fullName: _, ...rest } = base;
    for (const locale of LOCALES) {
      const res = await post("/hesap-olustur", rest, { locale, raw: `fullName=Ay${value}se` });
      // NUL, and bytes that arrive as U+FFFD (the mark of damaged text): characters not allowed.
      await expectPageRefusal(res, locale, refused("auth.validation.fullName.invalid"));
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, base.email))).toEqual([]);
  });
});

describe("/sifirla/sifre and /sifirla/sifre/{code}", () => {
  it.each([
    [T.html.name, T.html.value, "auth.validation.email.format"],
    [T.nul.name, T.nul.value, "auth.validation.email.format"],
    ["empty", "   ", "auth.validation.email.required"],
  ])("forgot password: %s", async (_n, email, key) => {
    for (const locale of LOCALES) await expectPageRefusal(await post("/sifirla/sifre", { email }, { locale }), locale, refused(key));
  });

  it.each([
    ["7 characters", { password: "Kisa-7!", passwordConfirm: "Kisa-7!" }, refused({ key: "auth.validation.password.min", params: { min: 8 } })],
    ["129 characters", { password: overLong(128), passwordConfirm: overLong(128) }, refused({ key: "auth.validation.password.max", params: { max: 128 } })],
    ["passwords that differ", { password: "Guclu-Sifre-2024", passwordConfirm: "Guclu-Sifre-2025" }, refused("auth.validation.passwordConfirm.mismatch")],
    ["HTML in the confirmation", { password: "Guclu-Sifre-2024", passwordConfirm: T.html.value }, refused("auth.validation.passwordConfirm.mismatch")],
    ["a control character", { password: "Guclu\u0000Sifre-2024", passwordConfirm: "Guclu\u0000Sifre-2024" }, refused("auth.validation.password.invalid")],
  ])("reset: %s, and the password stays", async (_n, fields, refusal) => {
    const user = await createUser();
    const code = await issueEmailCode(t.app.db, user.id, "reset", 3600_000);
    for (const locale of LOCALES) await expectPageRefusal(await post(`/sifirla/sifre/${code}`, fields, { locale }), locale, refusal);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash!, PASSWORD)).toBe(true);
  });
});

describe("/ayarlar password and deletion", () => {
  it.each([
    ["NUL in the new password", { currentPassword: PASSWORD, newPassword: "Yeni\u0000Parola1", newPasswordRepeat: "Yeni\u0000Parola1" }, refused("settings.validation.newPassword.invalid")],
    ["1025-character current password", { currentPassword: overLong(1024), newPassword: "Yeni-Parola-2024", newPasswordRepeat: "Yeni-Parola-2024" }, refused({ key: "settings.validation.currentPassword.max", params: { max: 1024 } })],
    ["HTML in the repeat", { currentPassword: PASSWORD, newPassword: "Yeni-Parola-2024", newPasswordRepeat: T.html.value }, refused("settings.password.errors.mismatch")],
  ])("password: %s, and the password stays", async (_n, fields, refusal) => {
    const user = await createUser();
    const { token } = await createSession(t.app.db, user.id, "web");
    for (const locale of LOCALES) {
      await expectPageRefusal(await post("/ayarlar", { intent: "password", ...fields }, { locale, session: token }), locale, refusal);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row.passwordHash!, PASSWORD)).toBe(true);
  });

  it.each([
    ["not confirmed", { password: PASSWORD }, refused("settings.validation.deletionConfirm")],
    ["confirm 'yes'", { password: PASSWORD, confirm: "yes" }, refused("settings.validation.deletionConfirm")],
    ["1025-character password", { password: overLong(1024), confirm: "on" }, refused({ key: "settings.validation.deletionPassword.max", params: { max: 1024 } })],
  ])("deletion: %s, and the account stays", async (_n, fields, refusal) => {
    const user = await createUser();
    const { token } = await createSession(t.app.db, user.id, "web");
    for (const locale of LOCALES) {
      await expectPageRefusal(await post("/ayarlar", { intent: "delete", ...fields }, { locale, session: token }), locale, refusal);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.deletionRequestedAt).toBeNull();
  });
});

describe("/bulten", () => {
  it.each([
    [T.html.name, { email: `${T.html.value}@example.com`, emailCheckbox: "on" }, refused("validation.newsletter.email.format")],
    [T.nul.name, { email: `a${T.nul.value}@example.com`, emailCheckbox: "on" }, refused("validation.newsletter.email.format")],
    ["101 characters", { email: `${overLong(88)}@example.com`, emailCheckbox: "on" }, refused({ key: "validation.newsletter.email.max", params: { max: 100 } })],
    ["no consent", { email: "bulten@example.com" }, refused("validation.newsletter.consent")],
    ["consent 'yes'", { email: "bulten@example.com", emailCheckbox: "yes" }, refused("validation.newsletter.consent")],
  ])("%s, and nothing is stored", async (_n, fields, refusal) => {
    for (const locale of LOCALES) await expectPageRefusal(await post("/bulten", fields, { locale }), locale, refusal);
    expect(await t.app.db.select().from(newsletterSubscriptions)).toEqual([]);
  });

  it.each(BAD_BYTES)("raw body: $name in the e-mail", async ({ value }) => {
    for (const locale of LOCALES) {
      await expectPageRefusal(await post("/bulten", { emailCheckbox: "on" }, { locale, raw: `email=a${value}%40example.com` }), locale, refused("validation.newsletter.email.format"));
    }
    expect(await t.app.db.select().from(newsletterSubscriptions)).toEqual([]);
  });
});

describe("/tercih", () => {
  // Unknown values are ignored (no cookie is set for them), never echoed into a cookie.
  it.each([
    ["theme with markup", { theme: T.html.value }],
    ["theme with a cookie attribute", { theme: "dark; Domain=evil.example" }],
    ["language with NUL", { lng: "en\u0000" }],
    ["language with CRLF", { lng: "en\r\nSet-Cookie: x=1" }],
    ["consent 2", { consent: "2" }],
  ])("%s: 302 home, no cookie", async (_n, fields) => {
    const res = await post("/tercih", fields, { locale: "tr" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().filter((c) => /^gb_(lng|theme|consent)=/.test(c))).toEqual([]);
  });

  it.each([
    ["an absolute URL", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash trick", "/\\evil.example"],
  ])("redirectTo %s stays on the site", async (_n, redirectTo) => {
    const res = await post("/tercih", { theme: "dark", redirectTo }, { locale: "tr" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  // A redirect target is normalised before it is judged.
  it.each([["/..//evil.example"], ["/./..//evil.example/path"], ["/%2e%2e//evil.example"]])("redirectTo %s stays on the site", async (redirectTo) => {
    const res = await post("/tercih", { theme: "dark", redirectTo }, { locale: "tr" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location") ?? "").not.toMatch(/^\/\/|^https?:|evil\.example/);
  });
});

describe("every HTTP method on a page", () => {
  // A page answers GET and HEAD, POST where it has a form; any other method is 405 (never a 5xx).
  // /hakkimizda has no form, so a POST is 405 too (React Router's answer for a route without an action).
  const cases = (["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] as const).map((method) => ({
    method,
    status: method === "GET" || method === "HEAD" ? 200 : 405,
  }));
  // Connection: close, so the answer to HEAD (a length and no body) ends with the connection.
  const send = (method: string) =>
    rawRequest(t.url, {
      method,
      path: "/hakkimizda",
      headers: { connection: "close", ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded", "content-length": "0" } : {}) },
    });
  it.each(cases)("$method /hakkimizda → $status", async ({ method, status }) => {
    expect((await send(method)).status).toBe(status);
  });
  it.each(LOCALES)("a POST to a page without a form says the request was refused, in its language (%s)", async (locale) => {
    const res = await t.fetch(localizePath(locale, "/hakkimizda"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(res.status).toBe(405);
    const html = await res.text();
    expect(html).toContain(htmlText(msg(locale, "requestRefused.title")));
    expect(html).not.toContain(htmlText(msg(locale, "errorPage.title")));
  });
});
