import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOGIN_IP_LIMIT } from "../../server/accounts/login";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { CONTACT_LIMIT } from "../../server/contact/submit-contact";
import { users } from "../../server/accounts/schema";
import { contactAttachments, contactMessages } from "../../server/contact/schema";
import { resetLimit } from "../../server/security/rate-limit";
import { bytes, rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

const MB = 1024 * 1024;
const PNG = readFileSync(path.join(import.meta.dirname, "../fixtures/pixel.png"));
const PASSWORD = "Dogru-sifre-123";
const MSG = {
  method: "Bu yöntem desteklenmiyor.",
  methodEn: "This method is not supported.",
  type: "Bu içerik türü desteklenmiyor.",
  typeEn: "This content type is not supported.",
  tooLarge: "Gönderilen veri çok büyük.",
  badName: "Bir dosya adı izin verilmeyen karakterler içeriyor; dosyayı yeniden adlandırıp tekrar deneyin.",
  badNameEn: "A file name contains characters that are not allowed; rename the file and try again.",
  lengthRequired: "İsteğin uzunluğu belirtilmeli.",
  storage: "Dosya şu anda kaydedilemedi. Lütfen daha sonra yeniden deneyin.",
};

let t: TestApp;
let account: { id: number; email: string };
beforeAll(async () => {
  t = await startTestApp();
  const email = `hostile-${Date.now()}@example.com`;
  const [row] = await t.app.db
    .insert(users)
    .values({ fullName: "Hostile Deneme", email, passwordHash: await hashPassword(PASSWORD), accountType: "individual", membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
    .returning();
  account = { id: row.id, email };
});
afterAll(() => t?.close());
beforeEach(async () => {
  await resetLimit(t.app.limits, CONTACT_LIMIT, "127.0.0.1");
  await resetLimit(t.app.limits, LOGIN_IP_LIMIT, "127.0.0.1");
});

/** Writes raw bytes on a new connection and reads everything until the server closes it. */
function socketExchange(text: string): Promise<string> {
  const url = new URL(t.url);
  return new Promise<string>((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = "";
    socket.setTimeout(5000, () => socket.destroy());
    socket.on("data", (d) => (answer += d.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", () => {});
  });
}

const raw = (opts: Parameters<typeof rawRequest>[1]) => rawRequest(t.url, opts);
const counts = async () => ({
  messages: (await t.app.db.select({ n: count() }).from(contactMessages))[0].n,
  attachments: (await t.app.db.select({ n: count() }).from(contactAttachments))[0].n,
});
const tmpFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, "uploads", "tmp")).filter((n) => !n.startsWith(".probe-"));
  } catch {
    return [];
  }
};

function multipart(boundary: string, fields: Record<string, string>, file?: { disposition: string; data: Buffer }): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${file.disposition}\r\nContent-Type: image/png\r\n\r\n`), file.data, Buffer.from("\r\n"));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
const CONTACT_FIELDS = { fullName: "Ayşe Yılmaz", email: "ayse@example.com", message: "Merhaba, firmamızı listelemek istiyoruz." };

describe("every HTTP method", () => {
  const METHODS = ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND", "PURGE", "LOCK", "MKCOL"];
  const PAGES = ["/", "/giris", "/iletisim", "/bulten.data", "/olmayan-sayfa", "/ozet"];

  it.each(METHODS.flatMap((m) => PAGES.map((p) => [m, p])))("%s %s on a page: 405 with Allow and a translated message", async (method, pathname) => {
    const res = await raw({ method, path: pathname });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect(res.body).toBe(MSG.method);
  });

  it.each([
    ["/", { cookie: "gb_lng=en" }],
    ["/en/iletisim", {}],
    ["/en", {}],
  ] as const)("TRACE %s answers in English (the /en path, else the language cookie)", async (pathname, headers) => {
    const res = await raw({ method: "TRACE", path: pathname, headers: { ...headers } });
    expect(res.status).toBe(405);
    expect(res.body).toBe(MSG.methodEn);
  });

  it.each(METHODS.flatMap((m) => ["/api/v1/login", "/api/v1/me", "/api/v1/contact", "/api/v1/none"].map((p) => [m, p])))(
    "%s %s on the API: 405 E_METHOD_NOT_ALLOWED",
    async (method, pathname) => {
      const res = await raw({ method, path: pathname });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
      expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_METHOD_NOT_ALLOWED", message: MSG.method });
    },
  );

  it.each(["localhost:80", "/api/v1/me"])("CONNECT %s: 405 and the connection closes", async (target) => {
    const answer = await socketExchange(`CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(answer.endsWith(`\r\n\r\n${MSG.method}`)).toBe(true);
  });

  it("an unknown method is a 400 from the HTTP parser, never a 500", async () => {
    const answer = await socketExchange("FOOBAR / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer.startsWith("HTTP/1.1 400 Bad Request")).toBe(true);
  });
});

describe("page bodies: type checked at once, size capped while streaming", () => {
  it.each([
    ["/giris.data", "multipart/form-data; boundary=x"],
    ["/bulten.data", "multipart/form-data; boundary=x"],
    ["/giris", "multipart/form-data; boundary=x"],
    ["/tercih", "multipart/form-data; boundary=x"],
    ["/bulten", "text/plain"],
    ["/bulten", "application/json"],
    ["/iletisim", "application/json"],
    ["/giris", ""],
  ])("POST %s as %j: 415 before the body is read", async (pathname, type) => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    // 200 MB announced chunk by chunk: the answer comes long before it is all sent.
    const res = await raw({ method: "POST", path: pathname, headers, body: bytes(200 * MB) });
    expect(res.status).toBe(415);
    expect(res.body).toBe(MSG.type);
    expect(res.sentBeforeAnswer).toBeLessThan(20 * MB);
  });

  it.each([
    ["/bulten", { cookie: "gb_lng=en" }],
    ["/en/bulten", {}],
  ] as const)("POST %s as text/plain answers 415 in English (the /en path, else the language cookie)", async (pathname, headers) => {
    const res = await raw({ method: "POST", path: pathname, headers: { "content-type": "text/plain", ...headers }, body: "x" });
    expect(res.status).toBe(415);
    expect(res.body).toBe(MSG.typeEn);
  });

  it.each(["/giris.data", "/bulten.data", "/bulten", "/tercih", "/hesap-olustur", "/iletisim.data"])(
    "a 200 MB chunked urlencoded body to %s is refused with 413 while it streams",
    async (pathname) => {
      const res = await raw({ method: "POST", path: pathname, headers: { "content-type": "application/x-www-form-urlencoded" }, body: bytes(200 * MB) });
      expect(res.status).toBe(413);
      expect(res.body).toBe(MSG.tooLarge);
      expect(res.sentBeforeAnswer).toBeLessThan(20 * MB);
    },
  );

  it("a 200 MB chunked multipart body to /iletisim (a page that takes files) stops at the 51 MB cap", async () => {
    const res = await raw({ method: "POST", path: "/iletisim", headers: { "content-type": "multipart/form-data; boundary=x" }, body: bytes(200 * MB) });
    expect(res.status).toBe(413);
    expect(res.body).toBe(MSG.tooLarge);
    expect(res.sentBeforeAnswer).toBeLessThan(80 * MB);
    expect(tmpFiles()).toEqual([]);
  });

  it.each([
    ["/ayarlar", "/giris?redirectTo=%2Fayarlar"],
    ["/en/ayarlar", "/en/giris?redirectTo=%2Fen%2Fayarlar"],
  ])("a guest's 200 MB multipart body to %s is sent to sign in (%s) before any of it is read", async (pathname, location) => {
    const res = await raw({ method: "POST", path: pathname, headers: { "content-type": "multipart/form-data; boundary=x" }, body: bytes(200 * MB) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.sentBeforeAnswer).toBeLessThan(20 * MB);
  });

  it("a declared 50 MB urlencoded body is refused before any byte is read", async () => {
    const res = await raw({ method: "POST", path: "/giris.data", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(50 * MB) }, body: "a=b" });
    expect(res.status).toBe(413);
    expect(res.body).toBe(MSG.tooLarge);
  });

  it("a form under the cap still works (chunked)", async () => {
    const s = await getFormSession(t, "/");
    const res = await raw({
      method: "POST",
      path: "/tercih",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: s.cookie },
      body: (() => {
        let sent = false;
        return () => (sent ? null : ((sent = true), Buffer.from(`csrf=${s.csrf}&lng=en&redirectTo=%2Filetisim`)));
      })(),
    });
    // Choosing English lands on the same page's English twin (decision 008).
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/en/iletisim");
  });
});

describe("API bodies", () => {
  it.each([
    ["/api/v1/login", "application/json", MSG.tooLarge],
    ["/api/v1/register", "application/json", MSG.tooLarge],
    ["/api/v1/home/add-mail-to-list", "application/json", MSG.tooLarge],
    ["/api/v1/logout", "application/json", MSG.tooLarge],
    ["/api/v1/contact", "multipart/form-data; boundary=x", "Ekler toplamda en fazla 50 MB olabilir."],
  ])("a declared Content-Length of 1e12 with 2 bytes to %s (%s) is a 413 at once", async (pathname, type, message) => {
    const res = await raw({ method: "POST", path: pathname, headers: { "content-type": type, "content-length": "1000000000000" }, body: "{}" });
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(5000);
    expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_PAYLOAD_TOO_LARGE", message });
  });

  it.each(["/api/v1/login", "/api/v1/register", "/api/v1/home/add-mail-to-list", "/api/v1/logout", "/api/v1/none"])(
    "a 200 MB chunked body to %s (a JSON call) is refused at once: 411, a length is required",
    async (pathname) => {
      const res = await raw({ method: "POST", path: pathname, headers: { "content-type": "application/json" }, body: bytes(200 * MB) });
      expect(res.status).toBe(411);
      expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_LENGTH_REQUIRED", message: MSG.lengthRequired });
      expect(res.sentBeforeAnswer).toBeLessThan(20 * MB);
    },
  );

  it("a 200 MB chunked upload to /api/v1/contact stops at the upload limit", async () => {
    const head = Buffer.from(`--x\r\nContent-Disposition: form-data; name="attachments"; filename="huge.zip"\r\nContent-Type: application/zip\r\n\r\n`);
    const rest = bytes(200 * MB);
    let first = true;
    const body = () => (first ? ((first = false), head) : rest());
    const res = await raw({ method: "POST", path: "/api/v1/contact", headers: { "content-type": "multipart/form-data; boundary=x" }, body });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ exception: "E_PAYLOAD_TOO_LARGE" });
    expect(res.sentBeforeAnswer).toBeLessThan(80 * MB);
  });
});

describe("NUL bytes in attachment names", () => {
  const disposition = `form-data; name="attachments"; filename="x.png"; filename*=UTF-8''%FF%FE%00.png`;

  it("/api/v1/contact: 400 E_VALIDATION, nothing kept", async () => {
    const before = await counts();
    const res = await raw({
      method: "POST",
      path: "/api/v1/contact",
      headers: { "content-type": "multipart/form-data; boundary=b0" },
      body: multipart("b0", CONTACT_FIELDS, { disposition, data: PNG }),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_VALIDATION", message: MSG.badName });
    expect(await counts()).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  // The URL decides a form post's language: the bare path answers in Turkish even with the
  // English cookie (posts are never redirected), its /en twin in English (decision 008).
  it.each([
    ["/iletisim.data", MSG.badName, MSG.badNameEn],
    ["/en/iletisim.data", MSG.badNameEn, MSG.badName],
  ])("%s: 400 with the translated message, nothing kept", async (pathname, message, otherMessage) => {
    const s = await getFormSession(t);
    const before = await counts();
    const res = await raw({
      method: "POST",
      path: pathname,
      headers: { "content-type": "multipart/form-data; boundary=b1", cookie: `${s.cookie}; gb_lng=en` },
      body: multipart("b1", { csrf: s.csrf, ...CONTACT_FIELDS }, { disposition, data: PNG }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).not.toContain(otherMessage);
    expect(await counts()).toEqual(before);
  });

  it("a NUL byte in a plain file name is refused too", async () => {
    const res = await raw({
      method: "POST",
      path: "/api/v1/contact",
      headers: { "content-type": "multipart/form-data; boundary=b2" },
      body: multipart("b2", CONTACT_FIELDS, { disposition: `form-data; name="attachments"; filename="a\u0000b.png"`, data: PNG }),
    });
    // Busboy refuses the part header itself.
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_BAD_REQUEST", message: "İstek anlaşılamadı." });
  });
});

describe("a full disk", () => {
  /** A write stream that fails as a full disk does, after the file was created. */
  function failingDisk() {
    const real = t.app.openUploadFile;
    t.app.openUploadFile = (file) => {
      writeFileSync(file, "partial");
      return new Writable({
        write(_chunk, _enc, done) {
          done(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }));
        },
      });
    };
    return () => (t.app.openUploadFile = real);
  }

  it("an upload answers 503 at once, removes the partial file, and /readyz reports the storage", async () => {
    const restore = failingDisk();
    try {
      const before = await counts();
      const res = await raw({
        method: "POST",
        path: "/api/v1/contact",
        headers: { "content-type": "multipart/form-data; boundary=b3" },
        body: multipart("b3", CONTACT_FIELDS, { disposition: `form-data; name="attachments"; filename="logo.png"`, data: PNG }),
      });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({ success: false, exception: "E_UNAVAILABLE", message: MSG.storage });
      expect(res.ms).toBeLessThan(5000);
      expect(tmpFiles()).toEqual([]);
      expect(await counts()).toEqual(before);

      const s = await getFormSession(t);
      const page = await raw({
        method: "POST",
        path: "/iletisim.data",
        headers: { "content-type": "multipart/form-data; boundary=b4", cookie: s.cookie },
        body: multipart("b4", { csrf: s.csrf, ...CONTACT_FIELDS }, { disposition: `form-data; name="attachments"; filename="logo.png"`, data: PNG }),
      });
      expect(page.status).toBe(503);
      expect(page.body).toContain(MSG.storage);
      expect(tmpFiles()).toEqual([]);

      const ready = await t.fetch("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", database: t.app.database.kind, storage: "unwritable" });
    } finally {
      restore();
    }
    const ready = await t.fetch("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: t.app.database.kind, storage: "ok" });
  });
});

describe("redirect targets", () => {
  const HOSTILE = ["/..//evil.example", "/./..//evil.example/path", "/%2e%2e//evil.example", "//evil.example", "/\\evil.example", "https://evil.example"];

  // A refused target falls back to the home page of the sign-in page's language (decision 008).
  it.each(HOSTILE.flatMap((target) => [[target, "/giris", "/"], [target, "/en/giris", "/en"]]))(
    "a login with redirectTo=%j on %s lands on %s of this site",
    async (target, login, home) => {
      const url = `${login}?redirectTo=${encodeURIComponent(target)}`;
      const s = await getFormSession(t, url);
      const res = await t.fetch(url, {
        method: "POST",
        headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: s.csrf, email: account.email, password: PASSWORD, redirectTo: target }),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(home);
    },
  );

  // A refused target falls back to the home page of the chosen language (decision 008).
  it.each(HOSTILE.flatMap((target) => [[target, "en", "/en"], [target, "tr", "/"]]))(
    "POST /tercih with redirectTo=%j and lng=%s lands on %s",
    async (target, lng, home) => {
      const s = await getFormSession(t, "/");
      const res = await t.fetch("/tercih", {
        method: "POST",
        headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: s.csrf, lng, redirectTo: target }),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(home);
    },
  );
});

describe("private answers", () => {
  it("signed-in pages are private, no-store; a guest page is not", async () => {
    const { token } = await createSession(t.app.db, account.id, "web");
    for (const pathname of ["/ozet", "/ayarlar", "/", "/iletisim", "/ozet.data", "/en/ozet", "/en", "/en/ozet.data"]) {
      const res = await t.fetch(pathname, { headers: { cookie: `gb_session=${token}` } });
      expect(res.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
    for (const pathname of ["/iletisim", "/en/iletisim"]) {
      const guest = await t.fetch(pathname);
      expect(guest.status, pathname).toBe(200);
      expect(guest.headers.get("cache-control"), pathname).toBeNull();
    }
  });

  it("API answers: /me and /login are private, no-store", async () => {
    const login = await t.fetch("/api/v1/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: account.email, password: PASSWORD }) });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    const { token } = (await login.json()) as { token: string };
    const me = await t.fetch("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const bad = await t.fetch("/api/v1/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(bad.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a page sign-in is private, renews the CSRF cookie, and a later API sign-in ends the session it was made over", async () => {
    const s = await getFormSession(t, "/giris");
    const res = await t.fetch("/giris", {
      method: "POST",
      headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: s.csrf, email: account.email, password: PASSWORD }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const cookies = res.headers.getSetCookie();
    const csrf = cookies.find((c) => c.startsWith("gb_csrf="));
    expect(csrf).toMatch(/^gb_csrf=\w{32}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(csrf).not.toContain(s.csrf);
    const session = /^gb_session=([\w-]+)/.exec(cookies.find((c) => c.startsWith("gb_session="))!)![1];

    const again = await t.fetch("/api/v1/login", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `gb_session=${session}`, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    expect(again.status).toBe(200);
    const old = await t.fetch("/api/v1/me", { headers: { cookie: `gb_session=${session}` } });
    expect(old.status).toBe(401);
  });
});

describe("headers and cookies", () => {
  it("over http: no HSTS; connect-src is the site's own origins, no bare ws:/wss:", async () => {
    const res = await t.fetch("/");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("connect-src 'self' http://localhost;");
    expect(csp).not.toMatch(/\bwss?:/);
  });

  it("uploaded media carries nosniff", async () => {
    mkdirSync(path.join(t.dataDir, "uploads", "avatars"), { recursive: true });
    writeFileSync(path.join(t.dataDir, "uploads", "avatars", "probe.webp"), "<html>not an image</html>");
    const res = await t.fetch("/media/avatars/probe.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("over https (SITE_URL): HSTS on every answer and Secure on every cookie", async () => {
    const https = await startTestApp({ SITE_URL: "https://genisbant.example" });
    try {
      const page = await https.fetch("/");
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(page.headers.get("content-security-policy")).toContain("connect-src 'self' https://genisbant.example;");
      for (const c of page.headers.getSetCookie()) expect(c).toMatch(/;\s*Secure(;|$)/i);
      const s = await getFormSession(https, "/");
      const prefs = await https.fetch("/tercih", {
        method: "POST",
        headers: { cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: s.csrf, lng: "en", theme: "dark", consent: "1", redirectTo: "/" }),
      });
      const cookies = prefs.headers.getSetCookie();
      // A consent without the advertising choice also records "no ads" (gb_ads=0).
      expect(cookies.map((c) => c.split(";")[0]).sort()).toEqual(["gb_ads=0", "gb_consent=1", "gb_lng=en", "gb_theme=dark"]);
      for (const c of cookies) expect(c).toMatch(/;\s*Secure(;|$)/i);
      const api = await https.fetch("/api/v1/logout", { method: "POST" });
      expect(api.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      for (const c of api.headers.getSetCookie()) expect(c).toMatch(/;\s*Secure(;|$)/i);
      expect((await https.fetch("/healthz")).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await https.close();
    }
  });
});
