import { readdirSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_CHECK_LIMIT, passwordCheckKey } from "../../server/accounts/change-password";
import { createSession, findSessionUser } from "../../server/accounts/sessions";
import { PHOTO_UPLOAD_LIMIT } from "../../server/accounts/upload-photo";
import { auditLog, sessions, users } from "../../server/accounts/schema";
import { jobs } from "../../server/jobs/schema";
import { rateLimits } from "../../server/security/schema";
import { consumeLimit } from "../../server/security/rate-limit";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { HOSTILE_TEXT, overLong, WRONG_TYPES } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser, TEST_PASSWORD } from "../helpers/users";

/**
 * The settings page's calls for the mobile apps (/api/v1/my/profile, …/social, …/photo,
 * /my/password, /my/deletion-request): the page's services, so the same checks, limits, mails
 * and audit rows. Each answer is checked against the OpenAPI document; every refusal is a
 * translated 4xx that changes nothing; a caller only ever touches their own account.
 */

let t: TestApp;
let api: ApiSchemas;
beforeAll(async () => {
  t = await startTestApp();
  api = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());
// The per-account limits (password checks, photos) would turn later rows into 429s.
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

async function member(values: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertVerifiedUser(t.app.db, values);
  const { token } = await createSession(t.app.db, user.id, "api");
  return { ...user, token };
}

function call(token: string | null, method: "GET" | "POST", p: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.fetch(`/api/v1${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function documented<T>(res: Response, p: string, method: "get" | "post", status: number): Promise<T> {
  return (await api.expectMatchesSchema(res, p, method, status)) as T;
}

const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (id: number) => (await t.app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)))[0]!.n;
function files(dir: string): string[] {
  try {
    return readdirSync(path.join(t.dataDir, "uploads", dir)).sort();
  } catch {
    return [];
  }
}
/** Everything a refused call must leave as it was. */
const snapshot = async (id: number) => ({ user: await userRow(id), sessions: await sessionCount(id), avatars: files("avatars"), tmp: files("tmp") });

const invalid = (field: string, key: string, params?: Record<string, string | number>): ApiRefusal => ({
  status: 400,
  code: "E_VALIDATION",
  key,
  params,
  fields: { [field]: { key, params } },
});

const ACCOUNT = { fullName: "Ayşe Yılmaz", phone: "0532 123 45 67", cityCode: 34, about: "Ağ kurulumu ve fiber modem ayarlarında deneyimliyim.", skills: ["Fiber", "Modem kurulumu", "fiber"] };

describe("GET /my/profile", () => {
  it("answers the caller's own profile, private, as the settings page shows it", async () => {
    const me = await member({ fullName: "Profil Okuyan", phone: "+905321234567", cityCode: 6, social: { github: "https://github.com/okuyan" } });
    const res = await call(me.token, "GET", "/my/profile");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { profile } = await documented<{ profile: Record<string, unknown> }>(res, "/my/profile", "get", 200);
    expect(profile).toMatchObject({
      fullName: "Profil Okuyan",
      email: me.email,
      emailVerified: true,
      accountType: "individual",
      isAdmin: false,
      phone: "+905321234567",
      cityCode: 6,
      about: null,
      skills: [],
      social: { github: "https://github.com/okuyan" },
      image: null,
    });
  });

  it("is refused to a guest: 401 E_UNAUTHORIZED, translated", async () => {
    await expectApiRefusalInBothLanguages((h) => call(null, "GET", "/my/profile", undefined, h), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" });
  });
});

describe("POST /my/profile (the account tab)", () => {
  it("saves through the page's service: phone in E.164, the plate code as a number or digits, skills as a list; the pages show it", async () => {
    const me = await member();
    const saved = await documented<{ profile: Record<string, unknown> }>(await call(me.token, "POST", "/my/profile", ACCOUNT), "/my/profile", "post", 200);
    expect(saved.profile).toMatchObject({ fullName: "Ayşe Yılmaz", phone: "+905321234567", cityCode: 34, about: ACCOUNT.about, skills: ["Fiber", "Modem kurulumu"] });
    expect(await userRow(me.id)).toMatchObject({ fullName: "Ayşe Yılmaz", phone: "+905321234567", cityCode: 34, skills: ["Fiber", "Modem kurulumu"] });
    // The digits a form would send work too; an empty field clears it.
    const again = await documented<{ profile: Record<string, unknown> }>(
      await call(me.token, "POST", "/my/profile", { fullName: "Ayşe Yılmaz", cityCode: "35", phone: "", about: null, skills: "Wi-Fi, Ağ" }),
      "/my/profile",
      "post",
      200,
    );
    expect(again.profile).toMatchObject({ cityCode: 35, phone: null, about: null, skills: ["Wi-Fi", "Ağ"] });
    const { cookie } = await getFormSession(t);
    const web = await createSession(t.app.db, me.id, "web");
    const page = await (await t.fetch("/kullanici/profil", { headers: { cookie: `${cookie}; gb_session=${web.token}` } })).text();
    expect(page).toContain("İZMİR");
    expect(page).toContain("Wi-Fi");
  });

  const fullNameCases: [string, unknown, ApiRefusal][] = [
    [HOSTILE_TEXT.nul.name, HOSTILE_TEXT.nul.value, invalid("fullName", "settings.validation.fullName.invalid")],
    [HOSTILE_TEXT.control.name, HOSTILE_TEXT.control.value, invalid("fullName", "settings.validation.fullName.invalid")],
    [HOSTILE_TEXT.loneSurrogate.name, HOSTILE_TEXT.loneSurrogate.value, invalid("fullName", "settings.validation.fullName.invalid")],
    [HOSTILE_TEXT.replacement.name, HOSTILE_TEXT.replacement.value, invalid("fullName", "settings.validation.fullName.invalid")],
    ["101 characters", overLong(100), invalid("fullName", "settings.validation.fullName.max", { max: 100 })],
    ["2 characters", "Ay", invalid("fullName", "settings.validation.fullName.min", { min: 3 })],
    ...WRONG_TYPES.map((c): [string, unknown, ApiRefusal] => [c.name, c.value, invalid("fullName", "settings.validation.fullName.required")]),
  ];
  it.each(fullNameCases)("fullName: %s is refused and nothing changes", async (_n, value, refusal) => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile", { ...ACCOUNT, fullName: value }, h), refusal);
    expect(await snapshot(me.id)).toEqual(before);
  });

  it.each([
    ["phone: letters", { phone: "telefonum yok" }, invalid("phone", "settings.validation.phone.invalid")],
    ["phone: a number", { phone: 5321234567 }, invalid("phone", "validation.invalid")],
    ["cityCode 0", { cityCode: 0 }, invalid("cityCode", "settings.validation.city.invalid")],
    ["cityCode 82", { cityCode: 82 }, invalid("cityCode", "settings.validation.city.invalid")],
    ["cityCode 3.5", { cityCode: 3.5 }, invalid("cityCode", "validation.invalid")],
    ["cityCode true", { cityCode: true }, invalid("cityCode", "validation.invalid")],
    ["cityCode SQL", { cityCode: "34 OR 1=1" }, invalid("cityCode", "settings.validation.city.invalid")],
    ["about: 1001 characters", { about: overLong(1000) }, invalid("about", "settings.validation.about.max", { max: 1000 })],
    ["about: a NUL byte", { about: `Merhaba ${HOSTILE_TEXT.nul.value} dünya` }, invalid("about", "settings.validation.about.invalid")],
    ["skills: 11 of them", { skills: Array.from({ length: 11 }, (_, i) => `beceri ${i}`) }, invalid("skills", "settings.validation.skills.count", { max: 10 })],
    ["skills: one of 31 characters", { skills: [overLong(30)] }, invalid("skills", "settings.validation.skills.itemMax", { max: 30 })],
    ["skills: an object", { skills: { $gt: "" } }, invalid("skills", "validation.invalid")],
  ] as [string, Record<string, unknown>, ApiRefusal][])("%s is refused and nothing changes", async (_n, over, refusal) => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile", { ...ACCOUNT, ...over }, h), refusal);
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("stores markup and quotes as the text they are, and the profile page shows them escaped", async () => {
    const me = await member();
    const about = `Merhaba ${HOSTILE_TEXT.html.value} ${HOSTILE_TEXT.sql.value}`;
    const { profile } = await documented<{ profile: { about: string } }>(await call(me.token, "POST", "/my/profile", { ...ACCOUNT, about }), "/my/profile", "post", 200);
    expect(profile.about).toBe(about);
    const { cookie } = await getFormSession(t);
    const web = await createSession(t.app.db, me.id, "web");
    const page = await (await t.fetch("/kullanici/profil", { headers: { cookie: `${cookie}; gb_session=${web.token}` } })).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain(htmlText("<script>alert(1)</script>"));
  });

  it("refuses a body that is not an object, an oversized body and a guest, changing nothing", async () => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile", [ACCOUNT], h), { status: 400, code: "E_BAD_REQUEST", key: "errors.bodyNotObject" });
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile", { ...ACCOUNT, about: "a".repeat(200_000) }, h), {
      status: 413,
      code: "E_PAYLOAD_TOO_LARGE",
      key: "errors.payloadTooLarge",
    });
    // (The helper sends the string as JSON: a JSON text that is a string, not an object.)
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile", "{not json", h), { status: 400, code: "E_BAD_REQUEST", key: "errors.bodyNotObject" });
    await expectApiRefusalInBothLanguages((h) => call(null, "POST", "/my/profile", ACCOUNT, h), { status: 401, code: "E_UNAUTHORIZED", key: "errors.unauthorized" });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("only ever writes the caller's own row: an id in the body is ignored", async () => {
    const me = await member();
    const other = await member({ fullName: "Başka Üye" });
    await documented(await call(me.token, "POST", "/my/profile", { ...ACCOUNT, id: other.id, userId: other.id, email: other.email }), "/my/profile", "post", 200);
    expect((await userRow(other.id)).fullName).toBe("Başka Üye");
    expect((await userRow(me.id)).email).toBe(me.email);
  });
});

describe("POST /my/profile/social", () => {
  it("saves the links and drops empty ones", async () => {
    const me = await member();
    const { profile } = await documented<{ profile: { social: Record<string, string> } }>(
      await call(me.token, "POST", "/my/profile/social", { github: "https://github.com/ayse", linkedin: "", twitter: null }),
      "/my/profile/social",
      "post",
      200,
    );
    expect(profile.social).toEqual({ github: "https://github.com/ayse" });
    expect((await userRow(me.id)).social).toEqual({ github: "https://github.com/ayse" });
  });

  it.each([
    ["javascript: URL", "javascript:alert(1)", "settings.validation.social.format"],
    ["HTML", `https://example.com/${HOSTILE_TEXT.html.value}`, "settings.validation.social.format"],
    ["a NUL byte", "https://exa\u0000mple.com", "settings.validation.social.format"],
    ["a lone surrogate", "https://example.com/\ud800", "settings.validation.social.format"],
    ["credentials", "https://user:pass@example.com", "settings.validation.social.format"],
  ])("github: %s is refused and nothing changes", async (_n, value, key) => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile/social", { github: value }, h), invalid("github", key));
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("refuses a link over 200 characters and a link of the wrong type", async () => {
    const me = await member();
    await expectApiRefusalInBothLanguages(
      (h) => call(me.token, "POST", "/my/profile/social", { github: `https://example.com/${"a".repeat(200)}` }, h),
      invalid("github", "settings.validation.social.max", { max: 200 }),
    );
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile/social", { github: ["https://github.com/x"] }, h), invalid("github", "validation.invalid"));
  });
});

describe("POST /my/profile/photo", () => {
  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } }).png().toBuffer();
  function upload(token: string | null, file: { data: Buffer; name: string; type: string } | null, headers: Record<string, string> = {}) {
    const form = new FormData();
    if (file) form.set("photo", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return t.fetch("/api/v1/my/profile/photo", { method: "POST", headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, body: form });
  }

  it("stores a PNG as a 256×256 WebP (the page's pipeline), serves it, replaces the previous one; remove brings the default back", async () => {
    const me = await member();
    const first = await documented<{ image: string }>(await upload(me.token, { data: await png(640, 400), name: "ben.png", type: "image/png" }), "/my/profile/photo", "post", 200);
    const name = (await userRow(me.id)).image!;
    expect(first.image).toBe(`http://localhost/media/avatars/${name}`);
    const served = await t.fetch(`/media/avatars/${name}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect((await documented<{ profile: { image: string } }>(await call(me.token, "GET", "/my/profile"), "/my/profile", "get", 200)).profile.image).toBe(first.image);

    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: "#0a0" } }).jpeg().toBuffer();
    await documented(await upload(me.token, { data: jpeg, name: "ben.jpg", type: "image/jpeg" }), "/my/profile/photo", "post", 200);
    const second = (await userRow(me.id)).image!;
    expect(files("avatars")).toContain(second);
    expect(files("avatars")).not.toContain(name);

    const removed = await documented<{ image: null }>(await call(me.token, "POST", "/my/profile/photo/remove"), "/my/profile/photo/remove", "post", 200);
    expect(removed.image).toBeNull();
    expect((await userRow(me.id)).image).toBeNull();
    expect(files("avatars")).not.toContain(second);
    expect(files("tmp")).toEqual([]);
  });

  it.each([
    ["a text file named .png", () => Promise.resolve({ data: Buffer.from("just some text, not an image"), name: "ben.png", type: "image/png" }), 415, "E_UNSUPPORTED_TYPE", "settings.validation.photo.type"],
    ["a PDF named .jpg", () => Promise.resolve({ data: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), name: "ben.jpg", type: "image/jpeg" }), 415, "E_UNSUPPORTED_TYPE", "settings.validation.photo.type"],
    [
      "a PNG that is cut short",
      async () => ({ data: (await png(300, 300)).subarray(0, 200), name: "kesik.png", type: "image/png" }),
      415,
      "E_UNSUPPORTED_TYPE",
      "settings.validation.photo.unreadable",
    ],
    [
      "a 6 MB image",
      async () => ({
        data: await sharp({ create: { width: 1500, height: 1400, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer(),
        name: "buyuk.png",
        type: "image/png",
      }),
      413,
      "E_PAYLOAD_TOO_LARGE",
      "settings.validation.photo.size",
    ],
  ] as const)("refuses %s, keeping nothing", async (_n, make, status, code, key) => {
    const me = await member();
    const file = await make();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => upload(me.token, file, h), { status, code, key, ...(key === "settings.validation.photo.size" ? { params: { max: 5 } } : {}) });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("refuses no file, a JSON body and a guest, keeping nothing", async () => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => upload(me.token, null, h), { status: 400, code: "E_VALIDATION", key: "settings.validation.photo.required" });
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/profile/photo", { photo: "aGVsbG8=" }, h), {
      status: 415,
      code: "E_UNSUPPORTED_TYPE",
      key: "errors.unsupportedMediaType",
    });
    await expectApiRefusalInBothLanguages(async (h) => upload(null, { data: await png(64, 64), name: "ben.png", type: "image/png" }, h), {
      status: 401,
      code: "E_UNAUTHORIZED",
      key: "errors.unauthorized",
    });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("takes 20 photos an hour per account, as the page does (429 with Retry-After)", async () => {
    const me = await member();
    for (let i = 0; i < PHOTO_UPLOAD_LIMIT.points; i++) await consumeLimit(t.app.limits, PHOTO_UPLOAD_LIMIT, `user:${me.id}`);
    const res = await upload(me.token, { data: await png(64, 64), name: "ben.png", type: "image/png" });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await documented<{ exception: string }>(res, "/my/profile/photo", "post", 429);
    expect(body.exception).toBe("E_RATE_LIMITED");
    expect((await userRow(me.id)).image).toBeNull();
  });
});

describe("POST /my/password", () => {
  const change = (token: string | null, body: unknown, h: Record<string, string> = {}) => call(token, "POST", "/my/password", body, h);
  const NEW = "Yeni-Parola-2024";

  it("changes the password, ends every session and token of the account, and answers the caller's new token", async () => {
    const me = await member();
    const web = await createSession(t.app.db, me.id, "web");
    const res = await change(me.token, { currentPassword: TEST_PASSWORD, newPassword: NEW, newPasswordRepeat: NEW });
    const { token } = await documented<{ token: string }>(res, "/my/password", "post", 200);
    expect(token).not.toBe(me.token);
    expect(await findSessionUser(t.app.db, me.token)).toBeNull();
    expect(await findSessionUser(t.app.db, web.token)).toBeNull();
    expect(await sessionCount(me.id)).toBe(1);
    expect((await call(token, "GET", "/me")).status).toBe(200);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(session!.kind).toBe("api");
    expect((await call(null, "POST", "/login", { email: me.email, password: NEW })).status).toBe(200);
  });

  it.each([
    ["nothing", {}, "settings.password.errors.missing", ["currentPassword", "newPassword", "newPasswordRepeat"]],
    ["a wrong current password", { currentPassword: "Yanlis-1234", newPassword: NEW, newPasswordRepeat: NEW }, "settings.password.errors.wrongCurrent", ["currentPassword"]],
    ["new passwords that differ", { currentPassword: TEST_PASSWORD, newPassword: NEW, newPasswordRepeat: `${NEW}x` }, "settings.password.errors.mismatch", ["newPasswordRepeat"]],
    ["a new password with a NUL byte", { currentPassword: TEST_PASSWORD, newPassword: `Yeni\u0000Parola`, newPasswordRepeat: `Yeni\u0000Parola` }, "settings.validation.newPassword.invalid", ["newPassword"]],
    ["a new password with a lone surrogate", { currentPassword: TEST_PASSWORD, newPassword: `Yeni\ud800Parola`, newPasswordRepeat: `Yeni\ud800Parola` }, "settings.validation.newPassword.invalid", ["newPassword"]],
    ["a new password of 129 characters", { currentPassword: TEST_PASSWORD, newPassword: overLong(128), newPasswordRepeat: overLong(128) }, "settings.validation.newPassword.max", ["newPassword"]],
    ["a number for the current password", { currentPassword: 12345678, newPassword: NEW, newPasswordRepeat: NEW }, "settings.password.errors.missing", ["currentPassword"]],
  ] as [string, unknown, string, string[]][])("refuses %s and changes nothing", async (_n, body, key, fields) => {
    const me = await member();
    const before = await snapshot(me.id);
    const res = await change(me.token, body);
    const answer = await documented<{ exception: string; message: string; errors: Record<string, string> }>(res, "/my/password", "post", 400);
    expect(answer.exception).toBe("E_VALIDATION");
    expect(answer.message).toBe(msg("tr", key, key.endsWith(".max") ? { max: 128 } : {}));
    expect(Object.keys(answer.errors).sort()).toEqual([...fields].sort());
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("shares the page's limit of 5 wrong current passwords in 15 minutes (then 429, translated)", async () => {
    const me = await member();
    const wrong = { currentPassword: "Yanlis-1234", newPassword: NEW, newPasswordRepeat: NEW };
    for (let i = 0; i < PASSWORD_CHECK_LIMIT.points; i++) expect((await change(me.token, wrong)).status).toBe(400);
    await expectApiRefusalInBothLanguages((h) => change(me.token, { ...wrong, currentPassword: TEST_PASSWORD }, h), {
      status: 429,
      code: "E_RATE_LIMITED",
      key: "settings.errors.passwordRateLimited",
      params: { count: 15 },
    });
    expect((await userRow(me.id)).passwordHash).toBe(me.passwordHash);
    expect(passwordCheckKey(me.id)).toBe(`user:${me.id}`);
  });
});

describe("POST /my/deletion-request", () => {
  it("ends access at once, marks the request, writes the audit row and mails the notice in the account's language", async () => {
    const me = await member({ locale: "en", fullName: "Jane Doe" });
    const res = await call(me.token, "POST", "/my/deletion-request", { password: TEST_PASSWORD, confirm: true });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("gb_session="))).toMatch(/Max-Age=0/);
    const { erasureAt } = await documented<{ erasureAt: string }>(res, "/my/deletion-request", "post", 200);
    const row = await userRow(me.id);
    expect(new Date(erasureAt).getTime() - row.deletionRequestedAt!.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(await sessionCount(me.id)).toBe(0);
    expect((await call(me.token, "GET", "/me")).status).toBe(401);
    const audit = await t.app.db.select().from(auditLog).where(and(eq(auditLog.targetUserId, me.id), eq(auditLog.action, "account.deletion_requested")));
    expect(audit).toHaveLength(1);
    const mails = (await t.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"))).map((j) => j.payload as { to: string; subject: string });
    expect(mails.find((m) => m.to === me.email)?.subject).toBe("We have received your account deletion request");
  });

  it.each([
    ["a wrong password", { password: "Yanlis-1234", confirm: true }, invalid("password", "settings.deletion.errors.wrongPassword")],
    ["no confirmation", { password: TEST_PASSWORD }, invalid("confirm", "settings.validation.deletionConfirm")],
    ["confirm false", { password: TEST_PASSWORD, confirm: false }, invalid("confirm", "settings.validation.deletionConfirm")],
    ["a password that is a list", { password: [TEST_PASSWORD], confirm: true }, invalid("password", "settings.validation.deletionPassword.required")],
    ["a password of 1025 characters", { password: overLong(1024), confirm: true }, invalid("password", "settings.validation.deletionPassword.max", { max: 1024 })],
  ] as [string, unknown, ApiRefusal][])("refuses %s and changes nothing", async (_n, body, refusal) => {
    const me = await member();
    const before = await snapshot(me.id);
    await expectApiRefusalInBothLanguages((h) => call(me.token, "POST", "/my/deletion-request", body, h), refusal);
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("refuses the last active administrator (409), who keeps access", async () => {
    // Every other administrator of this file's database stops counting.
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const admin = await member({ isAdmin: true });
    await expectApiRefusalInBothLanguages((h) => call(admin.token, "POST", "/my/deletion-request", { password: TEST_PASSWORD, confirm: true }, h), {
      status: 409,
      code: "E_CONFLICT",
      key: "admin.errors.lastAdmin",
    });
    expect((await userRow(admin.id)).deletionRequestedAt).toBeNull();
    expect((await call(admin.token, "GET", "/me")).status).toBe(200);
  });
});
