import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../server/accounts/schema";
import { contactMessages } from "../../server/contact/schema";
import { newsletterSubscriptions } from "../../server/newsletter/schema";
import { rateLimits } from "../../server/security/schema";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, HTTP_METHODS, MALFORMED_AUTHORIZATION, overLong, WRONG_TYPES } from "../helpers/hostile";
import { LOCALES, msg } from "../helpers/messages";
import { rawRequest } from "../helpers/raw-http";
import { startTestApp, type TestApp } from "../helpers/test-app";

// Hostile input against every JSON call, as tables: each row states the exact status, error
// code and field message (checked in Turkish and English), and that nothing was stored.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
// Rate limits would turn the later rows into 429s: each row starts with none spent.
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const invalid = (field: string, key: string, params?: Record<string, string | number>): ApiRefusal => ({
  status: 400,
  code: "E_VALIDATION",
  key,
  params,
  fields: { [field]: { key, params } },
});

const userCount = async () => (await t.app.db.select({ id: users.id }).from(users)).length;
const T = HOSTILE_TEXT;

describe("POST /login", () => {
  const email = "hostile.login@example.com";
  const emailCases: [string, unknown, ApiRefusal][] = [
    ...[T.html, T.sql, T.nul, T.control, T.loneSurrogate, T.bidi].map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("email", "auth.validation.email.format")]),
    [T.replacement.name, T.replacement.value, invalid("email", "auth.validation.email.min", { min: 6 })],
    ["255 characters", `${overLong(242)}@example.com`, invalid("email", "auth.validation.email.max", { max: 254 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("email", "auth.validation.email.required")]),
  ];
  it.each(emailCases)("email: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => json("/login", { email: value, password: "Guclu-Sifre-2024" }, h), refusal);
  });

  // Passwords are not trimmed nor pattern-checked: hostile text is just a wrong password.
  const wrong: ApiRefusal = { status: 400, code: "E_VALIDATION", key: "auth.login.invalid" };
  const passwordCases: [string, unknown, ApiRefusal][] = [
    ...[T.html, T.sql, T.nul, T.control, T.bidi].map((c): [string, unknown, ApiRefusal] => [c.name, c.value, wrong]),
    [T.loneSurrogate.name, T.loneSurrogate.value, invalid("password", "auth.validation.password.invalid")],
    [T.replacement.name, T.replacement.value, invalid("password", "auth.validation.password.min", { min: 8 })],
    ["129 characters", overLong(128), invalid("password", "auth.validation.password.max", { max: 128 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("password", "auth.validation.password.required")]),
  ];
  it.each(passwordCases)("password: %s", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => json("/login", { email, password: value }, h), refusal);
  });

  // A body that is not a JSON object is refused before any field is read.
  it.each([
    ["an array", [{ email, password: "Guclu-Sifre-2024" }]],
    ["a string", "just a string"],
    ["a number", 42],
    ["null", null],
  ])("a body that is %s: 400 E_BAD_REQUEST", async (_n, body) => {
    await expectApiRefusalInBothLanguages((h) => json("/login", body, h), { status: 400, code: "E_BAD_REQUEST", key: "errors.bodyNotObject" });
  });
});

describe("POST /register", () => {
  const base = {
    accountType: "individual",
    fullName: "Ayşe Yılmaz",
    email: "hostile.register@example.com",
    password: "Guclu-Sifre-2024",
    passwordConfirm: "Guclu-Sifre-2024",
    membership: true,
    kvkk: true,
  };
  const nameCases: [string, unknown, ApiRefusal][] = [
    [T.html.name, T.html.value, invalid("fullName", "auth.validation.fullName.pattern")],
    [T.sql.name, T.sql.value, invalid("fullName", "auth.validation.fullName.pattern")],
    [T.nul.name, T.nul.value, invalid("fullName", "auth.validation.fullName.invalid")],
    [T.control.name, T.control.value, invalid("fullName", "auth.validation.fullName.invalid")],
    [T.loneSurrogate.name, T.loneSurrogate.value, invalid("fullName", "auth.validation.fullName.invalid")],
    [T.bidi.name, T.bidi.value, invalid("fullName", "validation.invisibleFormat")],
    // U+FFFD is what damaged text becomes: "not allowed characters", not a wrong name.
    [T.replacement.name, T.replacement.value, invalid("fullName", "auth.validation.fullName.invalid")],
    ["101 characters", overLong(100), invalid("fullName", "auth.validation.fullName.max", { max: 100 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("fullName", "auth.validation.fullName.required")]),
  ];
  it.each(nameCases)("fullName: %s, and no account is made", async (_n, value, refusal) => {
    const before = await userCount();
    await expectApiRefusalInBothLanguages((h) => json("/register", { ...base, fullName: value }, h), refusal);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["accountType 1", { accountType: 1 }, invalid("accountType", "auth.validation.accountType")],
    ["accountType admin", { accountType: "admin" }, invalid("accountType", "auth.validation.accountType")],
    ["membership 'yes'", { membership: "yes" }, invalid("membership", "auth.validation.membership")],
    ["kvkk false", { kvkk: false }, invalid("kvkk", "auth.validation.kvkk")],
    ["advertising 'maybe'", { advertising: "maybe" }, invalid("advertising", "auth.validation.advertising")],
    ["passwords that differ", { passwordConfirm: "Baska-Sifre-2024" }, invalid("passwordConfirm", "auth.validation.passwordConfirm.mismatch")],
  ] as [string, Record<string, unknown>, ApiRefusal][])("%s, and no account is made", async (_n, over, refusal) => {
    const before = await userCount();
    await expectApiRefusalInBothLanguages((h) => json("/register", { ...base, ...over }, h), refusal);
    expect(await userCount()).toBe(before);
  });
});

describe("POST /home/add-mail-to-list", () => {
  const cases: [string, unknown, ApiRefusal][] = [
    ...[T.html, T.sql, T.nul, T.control, T.loneSurrogate, T.bidi].map((c): [string, unknown, ApiRefusal] => [
      c.name,
      `${c.value}@example.com`,
      invalid("email", "validation.newsletter.email.format"),
    ]),
    ["101 characters", `${overLong(88)}@example.com`, invalid("email", "validation.newsletter.email.max", { max: 100 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("email", "validation.newsletter.email.required")]),
  ];
  it.each(cases)("email: %s, and nothing is stored", async (_n, value, refusal) => {
    await expectApiRefusalInBothLanguages((h) => json("/home/add-mail-to-list", { email: value, emailCheckbox: true }, h), refusal);
    expect(await t.app.db.select().from(newsletterSubscriptions)).toEqual([]);
  });
});

describe("POST /contact text fields", () => {
  const send = (fields: Record<string, string>) => (headers: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ fullName: "Ayşe Yılmaz", email: "ayse@example.com", message: "Merhaba, firmamızı listelemek istiyoruz.", ...fields })) form.set(k, v);
    return t.fetch("/api/v1/contact", { method: "POST", headers, body: form });
  };
  it.each([
    ["fullName", T.nul, "validation.fullName.invalid"],
    ["fullName", T.control, "validation.fullName.invalid"],
    ["message", { name: "NUL byte", value: "Merhaba\u0000 dünya, nasılsınız?" }, "validation.message.invalid"],
    ["message", { name: "escape sequence", value: "Merhaba \u001b[31m dünya, nasılsınız?" }, "validation.message.invalid"],
  ])("%s: %s is refused and nothing is stored", async (field, c, key) => {
    await expectApiRefusalInBothLanguages(send({ [field]: c.value }), invalid(field, key));
    expect(await t.app.db.select().from(contactMessages)).toEqual([]);
  });

  // Free text (not names): markup and quotes are stored as the text they are, never interpreted.
  it.each([T.html, T.sql])("message: %s is stored as text", async (c) => {
    const message = `Merhaba, ${c.value}`;
    const res = await send({ message })({});
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row.message).toBe(message);
  });

  // Invisible formatting (a right-to-left override, zero-width spaces) is dropped from free text.
  it.each([T.bidi, { name: "zero-width space and byte-order mark", value: "Ayşe\u200bYıl\ufeffmaz" }])("message: %s is stored without it", async (c) => {
    const res = await send({ message: `Merhaba, ${c.value}` })({});
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row.message).toBe("Merhaba, AyşeYılmaz");
  });
});

describe("POST /contact attachment names", () => {
  // A NUL byte in a file name was a 500 from the database.
  it("a NUL byte in the file name: 400 E_VALIDATION, nothing stored", async () => {
    // The rows stored as text above stay: nothing may be added to them.
    const before = await t.app.db.select().from(contactMessages);
    const boundary = "----gbnul";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nAyşe Yılmaz\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nayse@example.com\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nMerhaba, firmamızı listelemek istiyoruz.\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename*=UTF-8''%FF%FE%00.png\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.from("not really a png"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectApiRefusalInBothLanguages(
      (h) => t.fetch("/api/v1/contact", { method: "POST", headers: { ...h, "content-type": `multipart/form-data; boundary=${boundary}` }, body }),
      { status: 400, code: "E_VALIDATION", key: "validation.attachments.name" },
    );
    expect(await t.app.db.select().from(contactMessages)).toEqual(before);
  });
});

describe("malformed Authorization headers", () => {
  it.each(MALFORMED_AUTHORIZATION)("GET /me with $name: 401 E_UNAUTHORIZED", async ({ value }) => {
    await expectApiRefusalInBothLanguages((h) => t.fetch("/api/v1/me", { headers: { ...h, authorization: value } }), {
      status: 401,
      code: "E_UNAUTHORIZED",
      key: "errors.unauthorized",
    });
  });
});

describe("every HTTP method on a call", () => {
  // Calls are GET, HEAD or POST (decision 011): /login answers POST, GET and HEAD find no call
  // (404), any other method is 405 E_METHOD_NOT_ALLOWED with Allow, translated, before routing.
  const expected: Record<(typeof HTTP_METHODS)[number], number> = {
    GET: 404,
    HEAD: 404,
    POST: 400,
    PUT: 405,
    PATCH: 405,
    DELETE: 405,
    OPTIONS: 405,
    TRACE: 405,
  };
  const codes: Record<number, string> = { 400: "E_VALIDATION", 404: "E_NOT_FOUND", 405: "E_METHOD_NOT_ALLOWED" };
  it.each(HTTP_METHODS)("%s /api/v1/login", async (method) => {
    for (const locale of LOCALES) {
      // Connection: close, so the answer to HEAD (a length and no body) ends with the connection.
      const res = await rawRequest(t.url, {
        method,
        path: "/api/v1/login",
        headers: { connection: "close", "accept-language": locale, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, res.body).toBe(expected[method]);
      if (method === "HEAD") continue;
      const body = JSON.parse(res.body) as { success: boolean; exception: string; message: string };
      expect(body).toMatchObject({ success: false, exception: codes[res.status] });
      if (res.status === 405) {
        expect(res.headers.allow).toBe("GET, HEAD, POST");
        expect(body.message).toBe(msg(locale, "errors.methodNotAllowed"));
      }
    }
  });
});
