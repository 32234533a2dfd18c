import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueEmailCode } from "../../server/accounts/email-codes";
import { createSession, findSessionUser } from "../../server/accounts/sessions";
import { emailCodes, users } from "../../server/accounts/schema";
import { jobs } from "../../server/jobs/schema";
import { mailOutbox } from "../../server/mail/schema";
import { rateLimits } from "../../server/security/schema";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser, TEST_PASSWORD } from "../helpers/users";

/**
 * The pages reached from mails, as calls for the mobile apps: forgot password (POST
 * /forgot-password), the reset (POST /reset-password/check and /reset-password) and the e-mail
 * verification (POST /verify-email), on the pages' services. A mailed code travels in the body;
 * an unknown or used one is a 404, an expired one a 410, as on the pages.
 */

let t: TestApp;
let api: ApiSchemas;
beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${p}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const documented = async <T>(res: Response, p: string, status: number) => (await api.expectMatchesSchema(res, p, "post", status)) as T;

const NEW = "Yeni-Parola-2024";
const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const jobCount = async () => (await t.app.db.select({ n: count() }).from(jobs))[0]!.n;
const HOUR = 3600 * 1000;

describe("POST /forgot-password", () => {
  it("answers a known and an unknown address alike (the page's neutral text), mails only the account, then asks to wait", async () => {
    const me = await insertVerifiedUser(t.app.db);
    const known = await documented<{ message: string }>(await post("/forgot-password", { email: me.email }), "/forgot-password", 200);
    const stranger = await documented<{ message: string }>(await post("/forgot-password", { email: "kimse.yok@example.com" }), "/forgot-password", 200);
    expect(known).toEqual(stranger);
    expect(known.message).toBe(msg("tr", "auth.forgot.sent"));
    const english = await documented<{ message: string }>(await post("/forgot-password", { email: "nobody@example.com" }, { "accept-language": "en" }), "/forgot-password", 200);
    expect(english.message).toBe(msg("en", "auth.forgot.sent"));

    await t.app.jobs.drain();
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, me.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toMatch(/\/sifirla\/sifre\/[\w-]{43}/);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "kimse.yok@example.com"))).toEqual([]);

    // One request per address every 5 minutes, known or not.
    await expectApiRefusalInBothLanguages((h) => post("/forgot-password", { email: me.email }, h), { status: 429, code: "E_RATE_LIMITED", key: "auth.forgot.wait", params: { count: 5 } });
  });

  it("takes 10 requests an hour from one client (429, translated)", async () => {
    for (let i = 0; i < 10; i++) expect((await post("/forgot-password", { email: `sinir.${i}@example.com` })).status).toBe(200);
    await expectApiRefusalInBothLanguages((h) => post("/forgot-password", { email: "sinir.10@example.com" }, h), { status: 429, code: "E_RATE_LIMITED", key: "auth.forgot.rateLimited", params: { count: 60 } });
  });

  const invalid = (key: string, params?: Record<string, number>): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, params, fields: { email: { key, params } } });
  it.each([
    ...[HOSTILE_TEXT.html, HOSTILE_TEXT.sql, HOSTILE_TEXT.nul, HOSTILE_TEXT.loneSurrogate, HOSTILE_TEXT.bidi].map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("auth.validation.email.format")]),
    ["255 characters", `${"a".repeat(243)}@example.com`, invalid("auth.validation.email.max", { max: 254 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("auth.validation.email.required")]),
  ])("email: %s is refused; no job is queued", async (_n, value, refusal) => {
    const before = await jobCount();
    await expectApiRefusalInBothLanguages((h) => post("/forgot-password", { email: value }, h), refusal);
    expect(await jobCount()).toBe(before);
  });
});

describe("POST /reset-password/check and /reset-password", () => {
  it("a mailed code works once: every session and token ends, the new password signs in", async () => {
    const me = await insertVerifiedUser(t.app.db);
    const { token } = await createSession(t.app.db, me.id, "api");
    const code = await issueEmailCode(t.app.db, me.id, "reset", HOUR);
    await documented(await post("/reset-password/check", { code }), "/reset-password/check", 200);

    // A bad new password is refused without using the code up.
    const mismatch = await documented<{ errors: Record<string, string> }>(await post("/reset-password", { code, password: NEW, passwordConfirm: `${NEW}x` }), "/reset-password", 400);
    expect(mismatch.errors).toEqual({ passwordConfirm: msg("tr", "auth.validation.passwordConfirm.mismatch") });
    const weak = await documented<{ errors: Record<string, string> }>(await post("/reset-password", { code, password: `Yeni\u0000Parola`, passwordConfirm: `Yeni\u0000Parola` }), "/reset-password", 400);
    expect(weak.errors).toEqual({ password: msg("tr", "auth.validation.password.invalid") });
    expect((await userRow(me.id)).passwordHash).toBe(me.passwordHash);

    const res = await post("/reset-password", { code, password: NEW, passwordConfirm: NEW });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("gb_session="))).toMatch(/Max-Age=0/);
    await documented(res, "/reset-password", 200);
    expect(await findSessionUser(t.app.db, token)).toBeNull();
    expect((await post("/login", { email: me.email, password: NEW })).status).toBe(200);
    expect((await post("/login", { email: me.email, password: TEST_PASSWORD })).status).toBe(400);

    // Used up: the same answer as a code nobody was given.
    for (const p of ["/reset-password/check", "/reset-password"]) {
      await expectApiRefusalInBothLanguages((h) => post(p, { code, password: NEW, passwordConfirm: NEW }, h), { status: 404, code: "E_NOT_FOUND", key: "auth.reset.invalidCode" });
    }
  });

  it("an expired code is a 410 (ask for a new reset) and changes nothing", async () => {
    const me = await insertVerifiedUser(t.app.db);
    const code = await issueEmailCode(t.app.db, me.id, "reset", -1000);
    const gone: ApiRefusal = { status: 410, code: "E_GONE", key: "auth.reset.expiredCode" };
    await expectApiRefusalInBothLanguages((h) => post("/reset-password/check", { code }, h), gone);
    await expectApiRefusalInBothLanguages((h) => post("/reset-password", { code, password: NEW, passwordConfirm: NEW }, h), gone);
    await documented(await post("/reset-password", { code, password: NEW, passwordConfirm: NEW }), "/reset-password", 410);
    expect((await userRow(me.id)).passwordHash).toBe(me.passwordHash);
  });

  it.each([
    ["a verification code", async (id: number) => issueEmailCode(t.app.db, id, "verify", HOUR)],
    ["no code", async () => undefined],
    ["HTML", async () => HOSTILE_TEXT.html.value],
    ["a NUL byte", async () => `${"a".repeat(21)}\u0000${"a".repeat(21)}`],
    ["a lone surrogate", async () => `${"a".repeat(42)}\ud800`],
    ["10,000 characters", async () => "a".repeat(10_000)],
    ...WRONG_TYPES.map((c): [string, () => Promise<unknown>] => [c.name, async () => c.value]),
  ] as [string, (id: number) => Promise<unknown>][])("%s: 404, the password stays", async (_n, make) => {
    const me = await insertVerifiedUser(t.app.db);
    const code = await make(me.id);
    await expectApiRefusalInBothLanguages((h) => post("/reset-password", { code, password: NEW, passwordConfirm: NEW }, h), { status: 404, code: "E_NOT_FOUND", key: "auth.reset.invalidCode" });
    expect((await userRow(me.id)).passwordHash).toBe(me.passwordHash);
  });
});

describe("POST /verify-email", () => {
  it("verifies the address with the mailed code, once", async () => {
    const me = await insertVerifiedUser(t.app.db, { emailVerifiedAt: null });
    const code = await issueEmailCode(t.app.db, me.id, "verify", HOUR);
    await documented(await post("/verify-email", { code }), "/verify-email", 200);
    expect((await userRow(me.id)).emailVerifiedAt).toBeInstanceOf(Date);
    await expectApiRefusalInBothLanguages((h) => post("/verify-email", { code }, h), { status: 404, code: "E_NOT_FOUND", key: "auth.verify.invalid" });
  });

  it("an expired code is a 410; a reset code, a forged or a mistyped one a 404; nothing is verified", async () => {
    const me = await insertVerifiedUser(t.app.db, { emailVerifiedAt: null });
    const expired = await issueEmailCode(t.app.db, me.id, "verify", -1000);
    await expectApiRefusalInBothLanguages((h) => post("/verify-email", { code: expired }, h), { status: 410, code: "E_GONE", key: "auth.verify.expired" });
    await documented(await post("/verify-email", { code: expired }), "/verify-email", 410);
    const reset = await issueEmailCode(t.app.db, me.id, "reset", HOUR);
    for (const code of [reset, "a".repeat(43), HOSTILE_TEXT.sql.value, 12345, null, ["x"], { $gt: "" }]) {
      await expectApiRefusalInBothLanguages((h) => post("/verify-email", { code }, h), { status: 404, code: "E_NOT_FOUND", key: "auth.verify.invalid" });
    }
    await documented(await post("/verify-email", {}), "/verify-email", 404);
    expect((await userRow(me.id)).emailVerifiedAt).toBeNull();
    // The reset code was not touched by the attempt.
    const [row] = await t.app.db.select().from(emailCodes).where(eq(emailCodes.userId, me.id));
    expect(row).toBeDefined();
    expect((await t.app.db.select().from(emailCodes).where(eq(emailCodes.userId, me.id))).every((c) => c.usedAt === null)).toBe(true);
  });
});
