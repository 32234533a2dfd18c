import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORGOT_EMAIL_LIMIT, FORGOT_IP_LIMIT, requestPasswordReset } from "../../server/accounts/forgot-password";
import { accountLimitKey, LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT, loginAttemptKey } from "../../server/accounts/login";
import { REGISTER_LIMIT } from "../../server/accounts/register";
import { RESET_IP_LIMIT } from "../../server/accounts/reset-password";
import { hashSecret } from "../../server/accounts/tokens";
import { emailCodes, sessions, users } from "../../server/accounts/schema";
import { jobs } from "../../server/jobs/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const IP = "127.0.0.1";
// Every test starts with fresh per-address budgets (all requests come from the loopback address).
beforeEach(async () => {
  for (const rule of [REGISTER_LIMIT, LOGIN_IP_LIMIT, FORGOT_IP_LIMIT, RESET_IP_LIMIT]) await resetLimit(t.app.limits, rule, IP);
});

const MSG = {
  invalidLogin: "E-posta adresi veya şifre hatalı.",
  emailTaken: "Bu e-posta adresi başka bir üye tarafından kullanılıyor.",
  neutral: "Üyeliğiniz varsa şifre sıfırlama bağlantısı e-posta adresinize gönderilecek.",
  mismatch: "Şifreler eşleşmiyor.",
  invalidCode: "Doğrulama kodu geçersiz.",
  expiredCode: "Kodun süresi doldu, lütfen yeni bir sıfırlama isteyin.",
};

/** A browser: keeps its cookies, and posts forms with the CSRF token its pages carry. */
class Browser {
  cookies = new Map<string, string>();
  csrf = "";

  static async open(extraCookies: Record<string, string> = {}): Promise<Browser> {
    const b = new Browser();
    const s = await getFormSession(t, "/giris");
    b.csrf = s.csrf;
    b.cookies.set("gb_csrf", s.csrf);
    for (const [k, v] of Object.entries(extraCookies)) b.cookies.set(k, v);
    return b;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get session(): string | undefined {
    return this.cookies.get("gb_session");
  }

  private keep(res: Response): Response {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (value === "" || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string): Promise<Response> {
    return this.keep(await t.fetch(path, { headers: { cookie: this.cookieHeader } }));
  }

  async post(path: string, fields: Record<string, string>, opts: { csrf?: string | null } = {}): Promise<Response> {
    const body = new URLSearchParams();
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf !== null) body.set("csrf", csrf);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return this.keep(
      await t.fetch(path, {
        method: "POST",
        headers: { cookie: this.cookieHeader, "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
  }
}

const api = (path: string, init: { method?: string; body?: unknown; token?: string; cookie?: string; raw?: string } = {}) =>
  t.fetch(`/api/v1${path}`, {
    method: init.method ?? "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      // The site's own scripts: a session cookie goes with a same-origin signal (decision 003).
      ...(init.cookie ? { cookie: init.cookie, "sec-fetch-site": "same-origin" } : {}),
    },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });

let seq = 0;
const uniqueEmail = (prefix = "uye") => `${prefix}.${Date.now().toString(36)}${++seq}@example.com`;

const registerFields = (over: Record<string, string> = {}) => ({
  accountType: "individual",
  fullName: "Ayşe Yılmaz",
  email: uniqueEmail(),
  password: "Guclu-Sifre-2024",
  passwordConfirm: "Guclu-Sifre-2024",
  membership: "on",
  kvkk: "on",
  ...over,
});

const counts = async () => ({
  users: (await t.app.db.select({ n: count() }).from(users))[0].n,
  sessions: (await t.app.db.select({ n: count() }).from(sessions))[0].n,
  codes: (await t.app.db.select({ n: count() }).from(emailCodes))[0].n,
  jobs: (await t.app.db.select({ n: count() }).from(jobs))[0].n,
});

const userByEmail = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)))[0];

/** Registers through the page; returns the signed-in browser and the account's e-mail and password. */
async function registerAccount(over: Record<string, string> = {}) {
  const b = await Browser.open();
  const fields = registerFields(over);
  const res = await b.post("/hesap-olustur", fields);
  expect(res.status).toBe(302);
  await t.app.jobs.drain();
  return { browser: b, email: fields.email.toLowerCase(), password: fields.password };
}

/** The link in the latest mail to an address. */
function mailedLink(to: string, pattern: RegExp): { code: string; mail: (typeof smtp.mails)[number] } {
  const mail = smtp.mails.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return { code: match[1], mail };
}
// English mails link to the English pages (/en/…).
const VERIFY_LINK = /http:\/\/localhost(?:\/en)?\/dogrula\/mail\/([\w-]+)/;
const RESET_LINK = /http:\/\/localhost(?:\/en)?\/sifirla\/sifre\/([\w-]+)/;

async function login(b: Browser, email: string, password: string, path = "/giris") {
  await resetLimit(t.app.limits, LOGIN_ACCOUNT_LIMIT, loginAttemptKey(email, IP));
  return b.post(path, { email, password });
}

describe("pages", () => {
  it("render the forms with headings, labels, autocomplete and links between them", async () => {
    const login = await t.fetch("/giris");
    expect(login.status).toBe(200);
    const loginHtml = await login.text();
    expect(loginHtml).toContain("<title>Giriş Yap | GenişBant</title>");
    expect(loginHtml).toMatch(/<h1[^>]*>Giriş yap<\/h1>/);
    expect(loginHtml).toMatch(/autocomplete="current-password"/i);
    expect(loginHtml).toMatch(/<label for="login-email"/);
    expect(loginHtml).toContain('href="/sifirla/sifre"');
    expect(loginHtml).toContain('href="/hesap-olustur"');

    const register = await (await t.fetch("/hesap-olustur?tip=kurumsal")).text();
    expect(register).toMatch(/<h1[^>]*>Hesap oluştur<\/h1>/);
    expect(register).toContain('name="accountType" value="corporate"');
    expect(register).toMatch(/aria-current="page"[^>]*>Kurumsal</);
    expect(register).toContain('href="/hesap-olustur?tip=bireysel"');
    expect(register).toContain('href="/gizlilik"');
    expect(register).toContain('href="/kisisel-verilerin-korunmasi"');
    for (const ac of ["name", "email", "new-password"]) expect(register.toLowerCase()).toContain(`autocomplete="${ac}"`);
    expect(await (await t.fetch("/hesap-olustur")).text()).toContain('name="accountType" value="individual"');

    const forgot = await t.fetch("/en/sifirla/sifre");
    expect(forgot.status).toBe(200);
    expect(await forgot.text()).toMatch(/<h1[^>]*>Forgot your password\?<\/h1>/);
  });
});

describe("registration and e-mail verification", () => {
  it("creates the account, signs it in, mails a verification link that works once", async () => {
    const b = await Browser.open();
    const fields = registerFields({ email: "  Yeni.Uye@Example.COM ", accountType: "corporate", advertising: "on" });
    const res = await b.post("/hesap-olustur?tip=kurumsal", fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?bildirim=kayit");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("gb_session="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const user = await userByEmail("yeni.uye@example.com");
    expect(user).toMatchObject({ fullName: "Ayşe Yılmaz", accountType: "corporate", locale: "tr", emailVerifiedAt: null, isAdmin: false });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.membershipAcceptedAt).toBeInstanceOf(Date);
    expect(user.kvkkAcceptedAt).toBeInstanceOf(Date);
    expect(user.advertisingConsentAt).toBeInstanceOf(Date);

    // The mail went into the job table with the user; the SMTP server receives it when the job runs.
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    const { code, mail } = mailedLink("yeni.uye@example.com", VERIFY_LINK);
    expect(mail.subject).toBe("E-posta adresinizi doğrulayın – GenişBant");
    expect(mail.text).toContain("Merhaba Ayşe Yılmaz");
    expect(mail.text).toContain("48 saat");
    const [stored] = await t.app.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(stored.purpose).toBe("verify");
    expect(stored.codeHash).toBe(hashSecret(code));
    expect(stored.codeHash).not.toContain(code);
    const hours = (stored.expiresAt.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    // Signed in: login and register send the user home, in loader and action alike.
    expect((await b.get("/giris")).headers.get("location")).toBe("/");
    expect((await b.get("/hesap-olustur")).headers.get("location")).toBe("/");
    const again = await b.post("/hesap-olustur", registerFields());
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");

    const first = await t.fetch(`/dogrula/mail/${code}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("E-posta adresiniz doğrulandı.");
    expect((await userByEmail("yeni.uye@example.com")).emailVerifiedAt).toBeInstanceOf(Date);

    const second = await t.fetch(`/dogrula/mail/${code}`);
    expect(second.status).toBe(404);
    const secondHtml = await second.text();
    expect(secondHtml).toContain("Bu doğrulama bağlantısı geçersiz ya da daha önce kullanılmış.");
    expect(secondHtml).toContain('href="/giris"');
  });

  it("writes the mail in the visitor's language, and an unticked advertising consent stays null", async () => {
    const b = await Browser.open();
    const fields = registerFields();
    const res = await b.post("/en/hesap-olustur", fields);
    expect(res.status).toBe(302);
    const user = await userByEmail(fields.email);
    expect(user).toMatchObject({ locale: "en", accountType: "individual", advertisingConsentAt: null });
    await t.app.jobs.drain();
    const { mail } = mailedLink(fields.email, VERIFY_LINK);
    expect(mail.subject).toBe("Verify your e-mail address – GenişBant");
    expect(mail.text).toContain("Hello Ayşe Yılmaz");
    expect(mail.text).toMatch(/http:\/\/localhost\/en\/dogrula\/mail\/[\w-]+/);
  });

  it("answers unknown and expired verification links with their own messages", async () => {
    expect((await t.fetch(`/dogrula/mail/${"x".repeat(43)}`)).status).toBe(404);
    expect((await t.fetch("/dogrula/mail/%3Cscript%3E")).status).toBe(404);
    const { email } = await registerAccount();
    const { code } = mailedLink(email, VERIFY_LINK);
    await t.app.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.codeHash, hashSecret(code)));
    const res = await t.fetch(`/dogrula/mail/${code}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("Bu doğrulama bağlantısının süresi dolmuş.");
    expect((await userByEmail(email)).emailVerifiedAt).toBeNull();
  });

  it("refuses a duplicate address (any case) with the one message that says it exists", async () => {
    const { email } = await registerAccount();
    const before = await counts();
    const b = await Browser.open();
    const res = await b.post("/hesap-olustur", registerFields({ email: ` ${email.toUpperCase()} ` }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(MSG.emailTaken);
    expect(html).toContain('aria-describedby="register-email-error"');
    expect(b.session).toBeUndefined();
    expect(await counts()).toEqual(before);

    const viaApi = await api("/register", { body: { ...registerFields({ email }), membership: true, kvkk: true } });
    expect(viaApi.status).toBe(409);
    expect(await viaApi.json()).toMatchObject({ success: false, errors: { email: MSG.emailTaken } });
  });

  it.each([
    ["missing consents", { membership: "", kvkk: "" }, ["Üye olmak için üyelik sözleşmesini kabul etmelisiniz.", "aydınlatma metnini onaylamalısınız."]],
    ["a mismatched repeat", { passwordConfirm: "Baska-Sifre-2024" }, [MSG.mismatch]],
    ["a short password", { password: "kisa", passwordConfirm: "kisa" }, ["Şifre en az 8 karakter olmalıdır."]],
    ["a long name", { fullName: "A".repeat(101) }, ["Ad soyad en fazla 100 karakter olabilir."]],
    ["a short name", { fullName: "Al" }, ["Ad soyad en az 3 karakter olmalıdır."]],
    ["a bad e-mail", { email: "ayse@example" }, ["Lütfen geçerli bir e-posta adresi yazın."]],
    ["no account type", { accountType: "admin" }, ["Lütfen bireysel veya kurumsal hesap türünü seçin."]],
  ])("refuses %s with field messages and stores nothing", async (_name, over, messages) => {
    const before = await counts();
    const b = await Browser.open();
    const fields = Object.fromEntries(Object.entries(registerFields(over)).filter(([, v]) => v !== ""));
    const res = await b.post("/hesap-olustur", fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of messages) expect(html).toContain(m);
    expect(await counts()).toEqual(before);
  });

  it("works as POST /api/v1/register with consents as booleans", async () => {
    const email = uniqueEmail("api");
    const ok = await api("/register", { body: { ...registerFields({ email }), membership: true, kvkk: true, advertising: false } });
    expect(ok.status).toBe(200);
    // Signed in by the same service as the page: a bearer token and the user info, as after POST /login.
    const body = (await ok.json()) as { success: boolean; token: string; user: object };
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: { fullname: "Ayşe Yılmaz", email, image: null, admin: false },
    });
    const me = await t.fetch("/api/v1/me", { headers: { authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ advertisingConsentAt: null, accountType: "individual" });

    const refused = await api("/register", { body: { ...registerFields(), membership: false, kvkk: true } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      success: false,
      exception: "E_VALIDATION",
      errors: { membership: "Üye olmak için üyelik sözleşmesini kabul etmelisiniz." },
    });
  });
});

describe("login and logout", () => {
  let account: { email: string; password: string };
  beforeAll(async () => {
    const r = await registerAccount({ fullName: "Mehmet Demir" });
    account = { email: r.email, password: r.password };
  });
  beforeEach(() => resetLimit(t.app.limits, LOGIN_ACCOUNT_LIMIT, loginAttemptKey(account.email, IP)));

  const alert = (html: string) => /<p[^>]*data-form-message=""[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

  it("gives one message for a wrong password and an unknown address, and no session", async () => {
    const b = await Browser.open();
    const wrong = await b.post("/giris", { email: account.email, password: "Yanlis-Sifre-1" });
    expect(wrong.status).toBe(400);
    const unknown = await b.post("/giris", { email: "kimse-yok@example.com", password: account.password });
    expect(unknown.status).toBe(400);
    expect(alert(await wrong.text())).toBe(MSG.invalidLogin);
    expect(alert(await unknown.text())).toBe(MSG.invalidLogin);
    expect(b.session).toBeUndefined();
  });

  it("signs in with a new session each time and sends the user where they were going", async () => {
    const b = await Browser.open();
    const before = await counts();
    const res = await login(b, account.email.toUpperCase(), account.password);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const first = b.session;
    expect(first).toBeTruthy();
    expect((await b.get("/giris")).headers.get("location")).toBe("/");

    const other = await Browser.open();
    const next = await login(other, account.email, account.password, "/giris?redirectTo=%2Fayarlar%3Fsekme%3Dsifre");
    expect(next.headers.get("location")).toBe("/ayarlar?sekme=sifre");
    expect(other.session).not.toBe(first);
    expect((await counts()).sessions).toBe(before.sessions + 2);
    // Only the hash of a session token is stored.
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.tokenHash, hashSecret(first!)));
    expect(row.kind).toBe("web");

    for (const target of ["//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example"]) {
      const b2 = await Browser.open();
      await resetLimit(t.app.limits, LOGIN_ACCOUNT_LIMIT, loginAttemptKey(account.email, IP));
      const r = await b2.post("/giris", { email: account.email, password: account.password, redirectTo: target });
      expect(r.headers.get("location")).toBe("/");
    }
  });

  it("keeps deactivated and deletion-requested accounts out with the same message", async () => {
    for (const flag of [{ removedAt: new Date() }, { deletionRequestedAt: new Date() }]) {
      const r = await registerAccount();
      await t.app.db.update(users).set(flag).where(eq(users.email, r.email));
      const b = await Browser.open();
      const res = await login(b, r.email, r.password);
      expect(res.status).toBe(400);
      expect(alert(await res.text())).toBe(MSG.invalidLogin);
      expect(b.session).toBeUndefined();
      const viaApi = await api("/login", { body: { email: r.email, password: r.password } });
      expect(viaApi.status).toBe(400);
    }
  });

  it("POST /api/v1/logout ends the cookie session and clears the cookie; without one it still succeeds", async () => {
    const b = await Browser.open();
    await login(b, account.email, account.password);
    const cookie = b.cookieHeader;
    expect((await api("/me", { method: "GET", cookie })).status).toBe(200);

    const res = await api("/logout", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().some((c) => /^gb_session=;.*Max-Age=0/.test(c))).toBe(true);

    // The old cookie no longer works anywhere.
    const me = await api("/me", { method: "GET", cookie });
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ success: false, exception: "E_UNAUTHORIZED" });
    expect((await t.fetch("/giris", { headers: { cookie } })).status).toBe(200);

    const guest = await api("/logout");
    expect(guest.status).toBe(200);
    expect(await guest.json()).toEqual({ success: true });
  });

  it("POST /api/v1/login gives a bearer token that GET /api/v1/me accepts until logout revokes it", async () => {
    await resetLimit(t.app.limits, LOGIN_ACCOUNT_LIMIT, loginAttemptKey(account.email, IP));
    const res = await api("/login", { body: { email: account.email, password: account.password } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]{43}$/),
      user: { fullname: "Mehmet Demir", email: account.email, image: null, admin: false },
    });
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.tokenHash, hashSecret(body.token)));
    expect(row.kind).toBe("api");

    const me = await api("/me", { method: "GET", token: body.token });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ success: true, user: body.user });

    expect(await (await api("/logout", { token: body.token })).json()).toEqual({ success: true });
    const after = await api("/me", { method: "GET", token: body.token });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ exception: "E_UNAUTHORIZED", message: "Bu işlem için giriş yapmalısınız." });
    expect((await api("/me", { method: "GET" })).status).toBe(401);

    const wrong = await api("/login", { body: { email: account.email, password: "Yanlis-Sifre-1" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ success: false, exception: "E_VALIDATION", message: MSG.invalidLogin });
  });
});

describe("forgot and reset password", () => {
  const resetMails = (to: string) => smtp.mails.filter((m) => m.to.includes(to) && RESET_LINK.test(m.text));
  const status = (html: string) => /<div role="status"[^>]*>(.*?)<\/div>/s.exec(html)?.[1];

  it("answers a known and an unknown address identically, mails only the known one, then asks to wait", async () => {
    const { email } = await registerAccount();
    const unknown = uniqueEmail("yok");
    const b = await Browser.open();
    const known = await b.post("/sifirla/sifre", { email });
    const stranger = await b.post("/sifirla/sifre", { email: unknown });
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    const [knownHtml, strangerHtml] = [await known.text(), await stranger.text()];
    expect(status(knownHtml)).toContain(MSG.neutral);
    // The whole page is the same, but for the per-request CSP nonce.
    const strip = (h: string) => h.replaceAll(/nonce="([^"]*)"/.exec(h)![1], "");
    expect(strip(knownHtml)).toBe(strip(strangerHtml));

    await t.app.jobs.drain();
    expect(resetMails(email)).toHaveLength(1);
    expect(smtp.mails.some((m) => m.to.includes(unknown))).toBe(false);
    const { mail } = mailedLink(email, RESET_LINK);
    expect(mail.subject).toBe("Şifre sıfırlama – GenişBant");
    expect(mail.text).toContain("60 dakika");

    // A second request within 5 minutes: the same wait message for both addresses.
    for (const address of [email, unknown]) {
      const again = await b.post("/sifirla/sifre", { email: address });
      expect(again.status).toBe(429);
      expect(await again.text()).toContain("Daha önce bir istek yapıldı, lütfen 5 dakika sonra tekrar deneyin.");
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(200);
    }
    await t.app.jobs.drain();
    expect(resetMails(email)).toHaveLength(1);
  });

  it("resets with the mailed code once: old password and every session end, the new password works", async () => {
    const { browser: registered, email, password } = await registerAccount({ fullName: "Zeynep Kaya" });
    const apiLogin = (await (await api("/login", { body: { email, password } })).json()) as { token: string };
    expect(registered.session).toBeTruthy();
    const b = await Browser.open();
    expect((await b.post("/sifirla/sifre", { email })).status).toBe(200);
    await t.app.jobs.drain();
    const { code } = mailedLink(email, RESET_LINK);

    const page = await t.fetch(`/sifirla/sifre/${code}`);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('name="passwordConfirm"');
    expect(pageHtml).toContain('content="noindex"');

    const mismatch = await b.post(`/sifirla/sifre/${code}`, { password: "Yeni-Sifre-2025", passwordConfirm: "Yeni-Sifre-2026" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(MSG.mismatch);

    const done = await b.post(`/sifirla/sifre/${code}`, { password: "Yeni-Sifre-2025", passwordConfirm: "Yeni-Sifre-2025" });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain("Şifreniz değiştirildi.");
    expect(doneHtml).toContain('href="/giris"');

    // Every session and token of the account is gone.
    const user = await userByEmail(email);
    expect((await t.app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0].n).toBe(0);
    expect((await registered.get("/giris")).status).toBe(200);
    expect((await api("/me", { method: "GET", token: apiLogin.token })).status).toBe(401);

    const old = await login(await Browser.open(), email, password);
    expect(old.status).toBe(400);
    const fresh = await Browser.open();
    expect((await login(fresh, email, "Yeni-Sifre-2025")).status).toBe(302);
    expect(fresh.session).toBeTruthy();

    // The code is used up: on the page and on a post.
    const reused = await t.fetch(`/sifirla/sifre/${code}`);
    expect(reused.status).toBe(404);
    expect(await reused.text()).toContain(MSG.invalidCode);
    const hash = (await userByEmail(email)).passwordHash;
    const repost = await b.post(`/sifirla/sifre/${code}`, { password: "Ucuncu-Sifre-1", passwordConfirm: "Ucuncu-Sifre-1" });
    expect(repost.status).toBe(404);
    expect(await repost.text()).toContain(MSG.invalidCode);
    expect((await userByEmail(email)).passwordHash).toBe(hash);
    expect((await login(await Browser.open(), email, "Ucuncu-Sifre-1")).status).toBe(400);
  });

  it("a new request ends the earlier code; an expired code gives the expired message and never works", async () => {
    const { email, password } = await registerAccount();
    const b = await Browser.open();
    await b.post("/sifirla/sifre", { email });
    await t.app.jobs.drain();
    const first = mailedLink(email, RESET_LINK).code;
    await resetLimit(t.app.limits, FORGOT_EMAIL_LIMIT, accountLimitKey(email));
    await b.post("/sifirla/sifre", { email });
    await t.app.jobs.drain();
    const second = mailedLink(email, RESET_LINK).code;
    expect(second).not.toBe(first);
    expect((await t.fetch(`/sifirla/sifre/${first}`)).status).toBe(404);

    await t.app.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(emailCodes.codeHash, hashSecret(second)), eq(emailCodes.purpose, "reset")));
    const page = await t.fetch(`/sifirla/sifre/${second}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(MSG.expiredCode);
    expect(html).toContain('href="/sifirla/sifre"');
    const hash = (await userByEmail(email)).passwordHash;
    const post = await b.post(`/sifirla/sifre/${second}`, { password: "Yeni-Sifre-2025", passwordConfirm: "Yeni-Sifre-2025" });
    expect(post.status).toBe(410);
    expect((await userByEmail(email)).passwordHash).toBe(hash);
    expect((await login(await Browser.open(), email, password)).status).toBe(302);

    const bogus = await t.fetch(`/sifirla/sifre/${"A".repeat(43)}`);
    expect(bogus.status).toBe(404);
    expect(await bogus.text()).toContain(MSG.invalidCode);
  });

  it("answers with the mail-problem message when the mail cannot be queued", async () => {
    const { email } = await registerAccount();
    const db = new Proxy(t.app.db, {
      get: (target, prop) => (prop === "transaction" ? () => Promise.reject(new Error("database down")) : Reflect.get(target, prop)),
    });
    await expect(requestPasswordReset({ ...t.app, db }, { input: { email }, ip: "192.0.2.1", locale: "tr" })).rejects.toMatchObject({
      code: "E_UNAVAILABLE",
      messageKey: { key: "auth.forgot.mailProblem" },
    });
  });
});

describe("rate limits", () => {
  it("allows 5 registrations an hour from one address; the 6th gets 429 with the wait", async () => {
    for (let i = 0; i < 5; i++) expect((await (await Browser.open()).post("/hesap-olustur", registerFields())).status).toBe(302);
    const before = await counts();
    const res = await (await Browser.open()).post("/hesap-olustur", registerFields());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await res.text()).toContain("Bu IP adresinden çok fazla hesap oluşturuldu. Lütfen 60 dakika sonra tekrar deneyin.");
    expect(await counts()).toEqual(before);
    await t.app.jobs.drain();
  });

  it("locks an account after 5 failed logins for 15 minutes, even for the right password; a success clears the count", async () => {
    const { email, password } = await registerAccount();
    await resetLimit(t.app.limits, LOGIN_ACCOUNT_LIMIT, loginAttemptKey(email, IP));
    const b = await Browser.open();
    for (let i = 0; i < 4; i++) expect((await b.post("/giris", { email, password: `Yanlis-${i}-sifre` })).status).toBe(400);
    expect((await b.post("/giris", { email, password })).status).toBe(302); // clears the 4 failures
    const other = await Browser.open();
    for (let i = 0; i < 5; i++) expect((await other.post("/giris", { email, password: `Yanlis-${i}-sifre` })).status).toBe(400);
    const sixth = await other.post("/giris", { email, password: "Yanlis-6-sifre" });
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Çok fazla başarısız giriş denemesi yapıldı. Lütfen 15 dakika sonra tekrar deneyin.");
    const right = await other.post("/giris", { email, password });
    expect(right.status).toBe(429);
    expect(other.session).toBeUndefined();
    const viaApi = await api("/login", { body: { email, password } });
    expect(viaApi.status).toBe(429);
  });

  it("allows 20 login attempts per 15 minutes from one address", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await api("/login", { body: { email: `deneme${i}@example.com`, password: "Yanlis-sifre-1" } });
      expect(res.status).toBe(400);
    }
    const res = await api("/login", { body: { email: "deneme99@example.com", password: "Yanlis-sifre-1" } });
    expect(res.status).toBe(429);
  });

  it("allows 10 forgot-password requests an hour from one address", async () => {
    const b = await Browser.open();
    for (let i = 0; i < 10; i++) expect((await b.post("/sifirla/sifre", { email: uniqueEmail("unut") })).status).toBe(200);
    const res = await b.post("/sifirla/sifre", { email: uniqueEmail("unut") });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain("Bu IP adresinden çok fazla istek yapıldı. Lütfen 60 dakika sonra tekrar deneyin.");
  });
});

describe("hostile input and CSRF", () => {
  const HOSTILE = [
    "Robert'); DROP TABLE users;--",
    "' OR '1'='1",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "x".repeat(10_000),
    "Ayşe\u0000Yılmaz",
    "\uFFFD\uFFFD\uFFFD",
  ];

  it.each(HOSTILE.map((v) => [v.slice(0, 30), v]))("refuses %j in every page form and stores nothing", async (_label, value) => {
    const before = await counts();
    const b = await Browser.open();
    const statuses = [
      (await b.post("/hesap-olustur", registerFields({ fullName: value }))).status,
      (await b.post("/hesap-olustur", registerFields({ email: value }))).status,
      (await b.post("/hesap-olustur", registerFields({ email: `a@b.com${value}` }))).status,
      (await b.post("/giris", { email: value, password: "Guclu-Sifre-2024" })).status,
      (await b.post("/sifirla/sifre", { email: value })).status,
      (await b.post("/sifirla/sifre", { email: `${value}@example.com` })).status,
    ];
    // Every one is a validation failure (exact messages per field: hostile-forms.test.ts).
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a long password and a lone surrogate (JSON), wrong types and bad JSON in the API, storing nothing", async () => {
    const before = await counts();
    const base = { ...registerFields(), membership: true, kvkk: true };
    const bodies: [string, unknown][] = [
      ["/register", { ...base, password: "p".repeat(129), passwordConfirm: "p".repeat(129) }],
      ["/register", { ...base, fullName: "Ay\ud800se Yılmaz" }],
      ["/register", { ...base, password: "Guclu\udfff-Sifre", passwordConfirm: "Guclu\udfff-Sifre" }],
      ["/register", { ...base, email: ["a@b.com"] }],
      ["/register", { ...base, fullName: { $ne: null } }],
      ["/register", { ...base, membership: "yes" }],
      ["/register", { ...base, advertising: "maybe" }],
      ["/register", { ...base, accountType: 1 }],
      ["/register", [base]],
      ["/register", "just a string"],
      ["/register", 42],
      ["/login", { email: 12345, password: true }],
      ["/login", { email: { $gt: "" }, password: { $gt: "" } }],
      ["/login", { email: "a@b.com", password: "x".repeat(10_000) }],
      ["/login", { email: "a@b.com", password: "Guclu\ud800-Sifre" }],
      ["/login", null],
    ];
    for (const [path, body] of bodies) {
      const res = await api(path, { body });
      // Exact codes and messages per case: hostile-api.test.ts.
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      const answer = (await res.json()) as { success: boolean; exception: string };
      expect(answer.success).toBe(false);
      // A body that is not a JSON object (an array, a string, a number, null) is not read at all.
      expect(answer.exception).toBe(typeof body === "object" && body !== null && !Array.isArray(body) ? "E_VALIDATION" : "E_BAD_REQUEST");
    }
    for (const raw of ["{", "{\"email\": \"a@b.com\",}", "\u0000"]) {
      const res = await api("/login", { raw });
      expect(res.status).toBe(400);
    }
    const huge = await api("/register", { raw: JSON.stringify({ ...base, fullName: "x".repeat(200_000) }) });
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("refuses page posts without a valid CSRF token with 403 and stores nothing", async () => {
    const before = await counts();
    const b = await Browser.open();
    const { email, password } = { email: uniqueEmail("csrf"), password: "Guclu-Sifre-2024" };
    for (const csrf of [null, "0".repeat(32)]) {
      expect((await b.post("/hesap-olustur", registerFields({ email }), { csrf })).status).toBe(403);
      expect((await b.post("/giris", { email, password }, { csrf })).status).toBe(403);
      expect((await b.post("/sifirla/sifre", { email }, { csrf })).status).toBe(403);
    }
    expect(b.session).toBeUndefined();
    expect(await counts()).toEqual(before);

    // A cross-site browser call to the API is refused too.
    const cross = await t.fetch("/api/v1/register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ ...registerFields(), membership: true, kvkk: true }),
    });
    expect(cross.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
