import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localizePath } from "../../common/paths";
import { hashPassword } from "../../server/accounts/passwords";
import { RESEND_VERIFY_LIMIT } from "../../server/accounts/resend-verification";
import { createSession } from "../../server/accounts/sessions";
import { REGISTER_LIMIT } from "../../server/accounts/register";
import { emailCodes, users } from "../../server/accounts/schema";
import { mailOutbox } from "../../server/mail/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let csrf: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t, "/giris");
});
afterAll(() => t?.close());

const PASSWORD = "Guclu-Sifre-2024";
let seq = 0;
async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  const email = `formlar-${++seq}-${Date.now().toString(36)}@example.com`;
  const [row] = await t.app.db
    .insert(users)
    .values({ fullName: "Form Deneme", email, passwordHash: await hashPassword(PASSWORD), accountType: "individual", membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date(), ...values })
    .returning();
  await resetLimit(t.app.limits, RESEND_VERIFY_LIMIT, String(row.id));
  return row;
}

async function signedIn(userId: number, kind: "web" | "api" = "web") {
  const { token } = await createSession(t.app.db, userId, kind);
  return { token, cookie: `${csrf.cookie}; gb_session=${token}` };
}

// The URL decides a page's language (decision 008): English forms post to the /en twin.
function postForm(path: string, cookie: string, fields: Record<string, string>, locale: "tr" | "en" = "tr") {
  return t.fetch(localizePath(locale, path), {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: csrf.csrf, ...fields }),
  });
}

const page = async (path: string, cookie: string, locale: "tr" | "en" = "tr") => {
  const res = await t.fetch(localizePath(locale, path), { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
};

/** The text of the notice the shell shows (?bildirim=…), or undefined. */
const notice = (html: string) => /data-notice="[a-zA-Z]+"[^>]*>\s*<div[^>]*role="status"[^>]*>([^<]*)<\/div>/.exec(html)?.[1];

const mailsTo = async (email: string) => (await t.app.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0].n;
const verifyCodes = async (userId: number) =>
  (await t.app.db.select({ n: count() }).from(emailCodes).where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, "verify"))))[0].n;

describe("feedback after register, logout and a deletion request", () => {
  it.each([
    ["tr", "Hesabınız oluşturuldu. {email} adresine bir doğrulama e-postası gönderdik; bağlantıya tıklayarak adresinizi doğrulayın."],
    ["en", "Your account has been created. We have sent a verification e-mail to {email}; follow its link to verify your address."],
  ] as const)("register goes home saying the verification mail went to the address (%s)", async (locale, text) => {
    await resetLimit(t.app.limits, REGISTER_LIMIT, "127.0.0.1");
    const email = `kayit-${locale}-${Date.now().toString(36)}@example.com`;
    const fields = { accountType: "individual", fullName: "Ayşe Yılmaz", email, password: PASSWORD, passwordConfirm: PASSWORD, membership: "on", kvkk: "on" };
    const res = await postForm("/hesap-olustur", csrf.cookie, fields, locale);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(localizePath(locale, "/?bildirim=kayit"));
    const session = res.headers.getSetCookie().find((c) => c.startsWith("gb_session="))!.split(";")[0];
    const html = await page("/?bildirim=kayit", `${csrf.cookie}; ${session}`, locale);
    expect(notice(html)).toBe(text.replace("{email}", email));
  });

  it.each([
    ["tr", "Oturumunuz kapatıldı. Yeniden görüşmek üzere!"],
    ["en", "You have signed out. See you soon!"],
  ] as const)("logout without JavaScript goes home saying so (%s)", async (locale, text) => {
    const user = await createUser();
    const { cookie } = await signedIn(user.id);
    const res = await postForm("/cikis", cookie, {}, locale);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(localizePath(locale, "/?bildirim=cikis"));
    expect(res.headers.getSetCookie().join("\n")).toMatch(/gb_session=;.*Max-Age=0/);
    const html = await page("/?bildirim=cikis", csrf.cookie, locale);
    expect(notice(html)).toBe(text);
    // The session is gone: the page after it shows a guest.
    expect((await t.fetch("/ozet", { headers: { cookie } })).status).toBe(302);
  });

  it.each([
    ["tr", "Hesap silme isteğiniz alındı. Hesabınız kapatıldı; ayrıntıları e-postanıza gönderdik."],
    ["en", "Your account deletion request has been received. Your account is closed; we have sent the details to your e-mail."],
  ] as const)("a deletion request goes home saying it was received (%s)", async (locale, text) => {
    const user = await createUser();
    const { cookie } = await signedIn(user.id);
    const res = await postForm("/ayarlar?sekme=silme", cookie, { intent: "delete", password: PASSWORD, confirm: "on" }, locale);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(localizePath(locale, "/?bildirim=silme"));
    expect(notice(await page("/?bildirim=silme", csrf.cookie, locale))).toBe(text);
  });

  it("shows nothing for a page without a notice or with an unknown one", async () => {
    expect(await page("/", csrf.cookie)).not.toContain("data-notice");
    expect(await page("/?bildirim=%3Cscript%3E", csrf.cookie)).not.toContain("data-notice");
  });
});

describe("sending the verification mail again", () => {
  const MSG = {
    tr: {
      resent: (email: string) => `Doğrulama e-postasını ${email} adresine yeniden gönderdik.`,
      limited: "Doğrulama e-postasını kısa sürede çok kez istediniz. Lütfen 60 dakika sonra yeniden deneyin.",
      verified: "E-posta adresiniz zaten doğrulanmış.",
    },
    en: {
      resent: (email: string) => `We have sent the verification e-mail to ${email} again.`,
      limited: "You have asked for the verification e-mail too often. Please try again in 60 minutes.",
      verified: "Your e-mail address is already verified.",
    },
  };

  it("is offered on the profile of an unverified account only", async () => {
    const unverified = await createUser();
    const verified = await createUser({ emailVerifiedAt: new Date() });
    expect(await page("/kullanici/profil", (await signedIn(unverified.id)).cookie)).toContain('name="intent" value="resendVerification"');
    expect(await page("/kullanici/profil", (await signedIn(verified.id)).cookie)).not.toContain("resendVerification");
  });

  it.each(["tr", "en"] as const)("sends a new link from the profile page, three times an hour, then 429 (%s)", async (locale) => {
    const user = await createUser();
    const { cookie } = await signedIn(user.id);
    for (let i = 1; i <= 3; i++) {
      const res = await postForm("/kullanici/profil", cookie, { intent: "resendVerification" }, locale);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toContain(MSG[locale].resent(user.email));
      expect(await verifyCodes(user.id)).toBe(i);
    }
    await t.app.jobs.drain();
    expect(await mailsTo(user.email)).toBe(3);

    const refused = await postForm("/kullanici/profil", cookie, { intent: "resendVerification" }, locale);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await refused.text()).toContain(MSG[locale].limited);
    expect(await verifyCodes(user.id)).toBe(3);
  });

  it("refuses a verified address with 409 and sends nothing", async () => {
    const user = await createUser({ emailVerifiedAt: new Date() });
    const { cookie, token } = await signedIn(user.id);
    const res = await postForm("/kullanici/profil", cookie, { intent: "resendVerification" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(MSG.tr.verified);
    const api = await t.fetch("/api/v1/verification-mail", { method: "POST", headers: { authorization: `Bearer ${token}`, "accept-language": "en" } });
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ success: false, exception: "E_CONFLICT", message: MSG.en.verified });
    expect(await verifyCodes(user.id)).toBe(0);
  });

  it("refuses a page post without the CSRF token (403) and sends nothing", async () => {
    const user = await createUser();
    const { token } = await signedIn(user.id);
    const res = await t.fetch("/kullanici/profil", {
      method: "POST",
      headers: { cookie: `${csrf.cookie}; gb_session=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=resendVerification",
    });
    expect(res.status).toBe(403);
    expect(await verifyCodes(user.id)).toBe(0);
  });

  it("works as POST /api/v1/verification-mail with the same rule and budget", async () => {
    const user = await createUser();
    const { token } = await signedIn(user.id, "api");
    const call = (lang: string) =>
      t.fetch("/api/v1/verification-mail", { method: "POST", headers: { authorization: `Bearer ${token}`, "accept-language": lang } });
    // Two from the page, then the API has one left: one budget for both ways in.
    const { cookie } = await signedIn(user.id);
    for (let i = 0; i < 2; i++) expect((await postForm("/kullanici/profil", cookie, { intent: "resendVerification" })).status).toBe(200);
    const ok = await call("tr");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    const limited = await call("en");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, exception: "E_RATE_LIMITED", message: MSG.en.limited });
    const limitedTr = await call("tr");
    expect(((await limitedTr.json()) as { message: string }).message).toBe(MSG.tr.limited);
    expect(await verifyCodes(user.id)).toBe(3);
  });

  it("answers a guest 401 E_UNAUTHORIZED (API) and sends the page to sign-in", async () => {
    const api = await t.fetch("/api/v1/verification-mail", { method: "POST" });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ success: false, exception: "E_UNAUTHORIZED" });
    const res = await postForm("/kullanici/profil", csrf.cookie, { intent: "resendVerification" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/giris?redirectTo=%2Fkullanici%2Fprofil");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await t.fetch("/api/v1/openapi.json")).json()) as { paths: Record<string, { post?: { responses: object } }> };
    expect(doc.paths["/verification-mail"]?.post).toBeDefined();
    expect(Object.keys(doc.paths["/register"]!.post!.responses)).toContain("200");
  });
});

describe("one lookup, one avatar URL", () => {
  it("the API's user info and the page's menu give the same avatar path", async () => {
    const user = await createUser({ image: "abc_DEF-123.webp" });
    const { token } = await signedIn(user.id, "api");
    const me = (await (await t.fetch("/api/v1/me", { headers: { authorization: `Bearer ${token}` } })).json()) as { user: { image: string } };
    expect(me.user.image).toBe("http://localhost/media/avatars/abc_DEF-123.webp");
    const web = await signedIn(user.id);
    expect(await page("/kullanici/profil", web.cookie)).toContain('src="/media/avatars/abc_DEF-123.webp"');
  });
});
