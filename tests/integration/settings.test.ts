import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_RETENTION_DAYS } from "../../common/constants";
import { formatDate } from "../../common/format";
import { SOCIAL_FIELDS } from "../../common/forms/settings";
import { changePassword, PASSWORD_CHECK_LIMIT, passwordCheckKey } from "../../server/accounts/change-password";
import { hashPassword, verifyPassword } from "../../server/accounts/passwords";
import { updateProfile } from "../../server/accounts/update-profile";
import { PHOTO_UPLOAD_LIMIT } from "../../server/accounts/upload-photo";
import { createSession, findSessionUser, type SessionUser } from "../../server/accounts/sessions";
import { SOCIAL_KEYS } from "../../common/social";
import { auditLog, sessions, users } from "../../server/accounts/schema";
import { jobs } from "../../server/jobs/schema";
import { mailOutbox } from "../../server/mail/schema";
import { translate } from "../../server/i18n";
import { isAppError } from "../../server/platform/app-error";
import { resetLimit } from "../../server/security/rate-limit";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

const MB = 1024 * 1024;
const PASSWORD = "Eski-sifre-123";

let t: TestApp;
let csrf: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t);
});
afterAll(() => t?.close());

let seq = 0;
async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  seq++;
  const email = `ayarlar-${seq}-${randomBytes(3).toString("hex")}@example.com`;
  const [row] = await t.app.db
    .insert(users)
    .values({
      fullName: `Deneme Kullanıcı ${seq}`,
      email,
      passwordHash: await hashPassword(PASSWORD),
      accountType: "individual",
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
      ...values,
    })
    .returning();
  await resetLimit(t.app.limits, PASSWORD_CHECK_LIMIT, passwordCheckKey(row.id));
  await resetLimit(t.app.limits, PHOTO_UPLOAD_LIMIT, `user:${row.id}`);
  return row;
}

/** A signed-in browser: its session cookie plus the CSRF cookie. */
async function signIn(userId: number) {
  const { token } = await createSession(t.app.db, userId, "web");
  return { token, cookie: `${csrf.cookie}; gb_session=${token}` };
}

const userRow = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0];
const sessionCount = async (id: number) => (await t.app.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)))[0].n;
const jobCount = async () => (await t.app.db.select({ n: count() }).from(jobs))[0].n;
/** Everything a failed request must leave as it was. */
const snapshot = async (id: number) => ({ user: await userRow(id), sessions: await sessionCount(id), jobs: await jobCount(), avatars: files("avatars") });

function files(dir: string): string[] {
  try {
    return readdirSync(path.join(t.dataDir, "uploads", dir)).sort();
  } catch {
    return [];
  }
}

function post(cookie: string, fields: Record<string, string>, opts: { tab?: string; withCsrf?: boolean; locale?: string } = {}) {
  const body = new URLSearchParams(opts.withCsrf === false ? {} : { csrf: csrf.csrf });
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return t.fetch(`${opts.locale === "en" ? "/en" : ""}/ayarlar?sekme=${opts.tab ?? "hesap"}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

const ACCOUNT = { intent: "account", fullName: "Ayşe Yılmaz", phone: "+90 532 123 45 67", cityCode: "34", about: "Ağ kurulumu ve fiber modem ayarlarında deneyimliyim.", skills: "Fiber, Modem kurulumu\nWi-Fi" };

function photoForm(file: { data: Buffer; name: string; type: string } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("csrf", csrf.csrf);
  form.set("intent", "photo");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("photo", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

const postPhoto = (cookie: string, form: FormData) => t.fetch("/ayarlar?sekme=hesap", { method: "POST", headers: { cookie }, body: form });

/** The page HTML with entities for quotes decoded, for message checks. */
const text = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describe("access", () => {
  it.each(["/ayarlar", "/ayarlar?sekme=sifre", "/kullanici/profil", "/teknik-destek/profil"])("sends a guest from %s to /giris and back", async (p) => {
    const res = await t.fetch(p);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/giris?redirectTo=${encodeURIComponent(p)}`);
  });

  it("refuses a guest's post without changing anything", async () => {
    const user = await createUser();
    const before = await snapshot(user.id);
    const res = await post(csrf.cookie, ACCOUNT);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/giris\?redirectTo=/);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("shows the four tabs as links, the active one marked, each with its own form", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const cases = [
      ["hesap", 'name="fullName"'],
      ["sosyal", 'name="linkedin"'],
      ["sifre", 'name="newPasswordRepeat"'],
      ["silme", 'name="confirm"'],
    ] as const;
    for (const [tab, marker] of cases) {
      const res = await t.fetch(`/ayarlar?sekme=${tab}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const html = await res.text();
      for (const other of cases) expect(html).toContain(`href="/ayarlar?sekme=${other[0]}"`);
      expect(html).toMatch(new RegExp(`href="/ayarlar\\?sekme=${tab}"[^>]*aria-current="page"|aria-current="page"[^>]*href="/ayarlar\\?sekme=${tab}"`));
      // One current tab (the dashboard menu marks its Settings entry current as well).
      expect(html.match(/<a [^>]*href="\/ayarlar\?sekme=[^"]*"[^>]*>/g)?.filter((tag) => tag.includes('aria-current="page"'))).toHaveLength(1);
      expect(html).toContain(marker);
      expect(html).toContain(`name="csrf" value="${csrf.csrf}"`);
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
    // The deletion tab spells out the rule.
    const deletion = await text(await t.fetch("/ayarlar?sekme=silme", { headers: { cookie } }));
    expect(deletion).toContain("30 gün boyunca saklanır");
    expect(deletion).toContain("erişiminiz hemen sona erer");
    // The city select lists the 81 provinces in Turkish alphabetical order.
    const account = await t.fetch("/ayarlar", { headers: { cookie } }).then((r) => r.text());
    expect(account.match(/<option value="\d+"/g)).toHaveLength(81);
    const options = [...account.matchAll(/<option value="\d+"[^>]*>([^<]+)</g)].map((m) => m[1]!);
    expect(options.slice(0, 4)).toEqual(["ADANA", "ADIYAMAN", "AFYONKARAHİSAR", "AĞRI"]);
    expect(options.join(", ")).toContain("HATAY, IĞDIR, ISPARTA, İSTANBUL, İZMİR");
    expect(options.at(-1)).toBe("ZONGULDAK");
  });
});

describe("account tab", () => {
  it("saves the account details, normalises the phone to E.164 and renders the stored values", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const res = await post(cookie, ACCOUNT);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Hesap bilgileriniz kaydedildi.");
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      fullName: "Ayşe Yılmaz",
      phone: "+905321234567",
      cityCode: 34,
      about: ACCOUNT.about,
      skills: ["Fiber", "Modem kurulumu", "Wi-Fi"],
    });
    // Saved after the row was made (the request came strictly later).
    expect(row.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
    // The page shows what the database holds.
    const page = await t.fetch("/ayarlar", { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain('value="Ayşe Yılmaz"');
    expect(page).toContain('value="+90 532 123 45 67"');
    expect(page).toMatch(/<option value="34" selected="">İSTANBUL<\/option>/);
    expect(page).toContain("Fiber, Modem kurulumu, Wi-Fi");
  });

  it("reads a national number as Turkish and clears optional fields left empty", async () => {
    const user = await createUser({ phone: "+905320000000", cityCode: 6, about: "Eski tanıtım yazısı burada.", skills: ["Eski"] });
    const { cookie } = await signIn(user.id);
    const res = await post(cookie, { ...ACCOUNT, phone: "0532 123 45 67" });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).phone).toBe("+905321234567");
    const cleared = await post(cookie, { intent: "account", fullName: "Ayşe Yılmaz", phone: "", cityCode: "", about: "", skills: "" });
    expect(cleared.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ phone: null, cityCode: null, about: null, skills: [] });
  });

  it.each([
    ["a short number", { phone: "+90 123" }, "geçerli bir telefon numarası"],
    ["letters as phone", { phone: "abc" }, "geçerli bir telefon numarası"],
    ["text around a number", { phone: "call +90 532 123 45 67" }, "geçerli bir telefon numarası"],
    ["eleven skills", { skills: Array.from({ length: 11 }, (_, i) => `Yetenek ${i + 1}`).join(", ") }, "En fazla 10 yetenek ekleyebilirsiniz."],
    ["a 31-character skill", { skills: `Fiber, ${"a".repeat(31)}` }, "Her yetenek en fazla 30 karakter olabilir."],
    ["a one-letter skill", { skills: "Fiber, x" }, "Her yetenek en az 2 karakter olmalıdır."],
    ["a short about text", { about: "kısa" }, "Hakkımda yazısı en az 10 karakter olmalıdır."],
    ["a 1001-character about text", { about: "a".repeat(1001) }, "Hakkımda yazısı en fazla 1000 karakter olabilir."],
    ["a two-letter name", { fullName: "Ay" }, "Ad soyad en az 3 karakter olmalıdır."],
    ["a 101-character name", { fullName: "a".repeat(101) }, "Ad soyad en fazla 100 karakter olabilir."],
    ["an empty name", { fullName: "   " }, "Lütfen adınızı ve soyadınızı yazın."],
    ["a city that does not exist", { cityCode: "82" }, "Lütfen listeden bir il seçin."],
    ["a city that is not a number", { cityCode: "1; DROP TABLE users" }, "Lütfen listeden bir il seçin."],
    ["control characters in the name", { fullName: "Ayşe\u0007Yılmaz" }, "Ad soyad geçersiz karakterler içeriyor."],
    ["a name with a line break", { fullName: "Ayşe\nYılmaz" }, "Ad soyad geçersiz karakterler içeriyor."],
  ])("refuses %s with a translated message and changes nothing", async (_name, change, message) => {
    const user = await createUser({ phone: "+905559998877", about: "Önceki tanıtım yazısı.", skills: ["Önceki"] });
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await post(cookie, { ...ACCOUNT, ...change });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(message);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("answers in English with the same bounds", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await post(cookie, { ...ACCOUNT, skills: Array.from({ length: 12 }, (_, i) => `Skill ${i}`).join("\n") }, { locale: "en" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("You can add at most 10 skills.");
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("stores hostile text as text and renders it escaped on every page", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const name = `<script>alert(1)</script>'; DROP TABLE users; --`;
    const about = `<img src=x onerror=alert(1)> "quoted" ' OR 1=1; -- </textarea><script>alert(2)</script>`;
    const res = await post(cookie, { ...ACCOUNT, fullName: name, about, skills: "<b>bold</b>, ' OR '1'='1" });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ fullName: name, about, skills: ["<b>bold</b>", "' OR '1'='1"] });
    for (const p of ["/ayarlar", "/kullanici/profil", "/teknik-destek/profil"]) {
      const html = await t.fetch(p, { headers: { cookie } }).then((r) => r.text());
      expect(html).not.toContain("<script>alert(");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("</textarea><script>");
      expect(html).not.toContain("<b>bold</b>");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  it("refuses bad Unicode: a lone surrogate in the service, broken UTF-8 through the form", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const sessionUser: SessionUser = { id: user.id, fullName: user.fullName, email: user.email, image: null, isAdmin: false, accountType: "individual", emailVerified: false };
    for (const input of [
      { ...ACCOUNT, fullName: "Ay\uD800şe Yılmaz" },
      { ...ACCOUNT, about: "Tanıtım \uDC00 yazısı burada." },
      { ...ACCOUNT, skills: "Fiber, Mo\uD83Ddem" },
    ]) {
      const err = await updateProfile(t.app, { user: sessionUser, input }).catch((e: unknown) => e);
      expect(isAppError(err) && err.code).toBe("E_VALIDATION");
    }
    // A lone surrogate cannot travel as UTF-8: its WTF-8 bytes arrive as U+FFFD, also refused.
    const body = `csrf=${csrf.csrf}&intent=account&fullName=Ay%ED%A0%80se+Y%C4%B1lmaz&phone=&cityCode=&about=&skills=`;
    const res = await t.fetch("/ayarlar", { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("Ad soyad geçersiz karakterler içeriyor.");
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("refuses a post without the CSRF token or with a forged one", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const missing = await post(cookie, ACCOUNT, { withCsrf: false });
    expect(missing.status).toBe(403);
    const forged = await post(cookie, { ...ACCOUNT, csrf: "f".repeat(32) }, { withCsrf: false });
    expect(forged.status).toBe(403);
    expect(await text(forged)).toContain("Oturum doğrulaması başarısız oldu");
    expect(await snapshot(user.id)).toEqual(before);
  });

  it.each([["nothing"], ["erase"], ["photo"], ["ACCOUNT"]])("answers 400 to the unknown intent %j and changes nothing", async (intent) => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await post(cookie, { ...ACCOUNT, intent });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("Bu işlem tanınmadı.");
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("answers 400 to a post with no intent", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const { intent: _intent, ...rest } = ACCOUNT;
    expect((await post(cookie, rest)).status).toBe(400);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("only ever writes the signed-in user's row", async () => {
    const me = await createUser();
    const other = await createUser();
    const otherBefore = await userRow(other.id);
    const { cookie } = await signIn(me.id);
    // An id in the form is ignored: the session decides whose row changes.
    const res = await post(cookie, { ...ACCOUNT, id: String(other.id), userId: String(other.id) });
    expect(res.status).toBe(200);
    expect((await userRow(me.id)).fullName).toBe("Ayşe Yılmaz");
    expect(await userRow(other.id)).toEqual(otherBefore);
  });
});

describe("social profile tab", () => {
  it("saves the links, drops empty ones and shows them on the profile with rel=me", async () => {
    const user = await createUser({ social: { vimeo: "https://vimeo.com/old" } });
    const { cookie } = await signIn(user.id);
    const fields = Object.fromEntries(SOCIAL_FIELDS.map((k) => [k, ""]));
    const res = await post(
      cookie,
      { intent: "social", ...fields, github: "https://github.com/ayse", linkedin: "  https://www.linkedin.com/in/ayse  ", whatsapp: "https://wa.me/905321234567" },
      { tab: "sosyal" },
    );
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Sosyal profil bağlantılarınız kaydedildi.");
    expect((await userRow(user.id)).social).toEqual({
      github: "https://github.com/ayse",
      linkedin: "https://www.linkedin.com/in/ayse",
      whatsapp: "https://wa.me/905321234567",
    });
    const profile = await t.fetch("/kullanici/profil", { headers: { cookie } }).then((r) => r.text());
    expect(profile).toMatch(/<a href="https:\/\/github.com\/ayse" rel="me noopener noreferrer"/);
    expect(profile).not.toContain("vimeo.com/old");
    const settings = await t.fetch("/ayarlar?sekme=sosyal", { headers: { cookie } }).then((r) => r.text());
    expect(settings).toContain('value="https://www.linkedin.com/in/ayse"');
  });

  it("has a field for each of the 11 keys of the schema", () => {
    expect([...SOCIAL_FIELDS]).toEqual([...SOCIAL_KEYS]);
  });

  it.each([
    ["javascript:alert(1)", "http:// veya https:// ile başlayan"],
    ["ftp://example.com/file", "http:// veya https:// ile başlayan"],
    ["https://", "http:// veya https:// ile başlayan"],
    ["https://user:pass@example.com", "http:// veya https:// ile başlayan"],
    ["https://exa mple.com", "http:// veya https:// ile başlayan"],
    ["github.com/ayse", "http:// veya https:// ile başlayan"],
    ['https://example.com/"><script>alert(1)</script>', "http:// veya https:// ile başlayan"],
    [`https://example.com/${"a".repeat(280)}`, "en fazla 200 karakter"],
  ])("refuses %j and changes nothing", async (url, message) => {
    const user = await createUser({ social: { github: "https://github.com/before" } });
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await post(cookie, { intent: "social", instagram: url, github: "https://github.com/after" }, { tab: "sosyal" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(message);
    expect(await snapshot(user.id)).toEqual(before);
  });
});

describe("profile photo", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } }).png().toBuffer();

  it("stores a PNG as a 256×256 WebP, serves it, and replaces the previous photo", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const res = await postPhoto(cookie, photoForm({ data: await png(640, 400), name: "ben.png", type: "image/png" }));
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Profil fotoğrafınız güncellendi.");
    const first = (await userRow(user.id)).image!;
    expect(first).toMatch(/^[\w-]+\.webp$/);
    expect(files("avatars")).toContain(first);
    expect(files("tmp")).toEqual([]);

    const served = await t.fetch(`/media/avatars/${first}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    // The header menu and the profile show it.
    expect(await t.fetch("/kullanici/profil", { headers: { cookie } }).then((r) => r.text())).toContain(`src="/media/avatars/${first}"`);

    // A JPEG replaces it; the old file is gone.
    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: "#0a0" } }).jpeg().toBuffer();
    const again = await postPhoto(cookie, photoForm({ data: jpeg, name: "ben.jpg", type: "image/jpeg" }));
    expect(again.status).toBe(200);
    const second = (await userRow(user.id)).image!;
    expect(second).not.toBe(first);
    expect(files("avatars")).toContain(second);
    expect(files("avatars")).not.toContain(first);
    expect((await t.fetch(`/media/avatars/${first}`)).status).toBe(404);

    // Removing it brings the default avatar back and deletes the file.
    const removed = await post(cookie, { intent: "removePhoto" });
    expect(removed.status).toBe(200);
    expect(await text(removed)).toContain("Profil fotoğrafınız kaldırıldı.");
    expect((await userRow(user.id)).image).toBeNull();
    expect(files("avatars")).not.toContain(second);
  });

  it("stores a WebP photo", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00f" } }).webp().toBuffer();
    const res = await postPhoto(cookie, photoForm({ data: webp, name: "ben.webp", type: "image/webp" }));
    expect(res.status).toBe(200);
    const image = (await userRow(user.id)).image!;
    expect(await sharp(path.join(t.dataDir, "uploads", "avatars", image)).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("refuses a text file named .png (415) and keeps nothing", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await postPhoto(cookie, photoForm({ data: Buffer.from("just some text, not an image"), name: "ben.png", type: "image/png" }));
    expect(res.status).toBe(415);
    expect(await text(res)).toContain("Yalnızca JPEG, PNG veya WebP");
    expect(await snapshot(user.id)).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("refuses a PDF by its content (415) and keeps nothing", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const res = await postPhoto(cookie, photoForm({ data: pdf, name: "ben.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(415);
    expect(await snapshot(user.id)).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("refuses a 6 MB image (413) and keeps nothing", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const big = await sharp({ create: { width: 1500, height: 1400, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * MB);
    const res = await postPhoto(cookie, photoForm({ data: big, name: "buyuk.png", type: "image/png" }));
    expect(res.status).toBe(413);
    expect(await text(res)).toContain("Fotoğraf en fazla 5 MB olabilir.");
    expect(await snapshot(user.id)).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });

  it("refuses an upload without a file, without CSRF, or with another intent", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const image = { data: await png(64, 64), name: "ben.png", type: "image/png" };

    const none = await postPhoto(cookie, photoForm(null));
    expect(none.status).toBe(400);
    expect(await text(none)).toContain("Lütfen bir fotoğraf seçin.");

    const noCsrf = photoForm(image);
    noCsrf.delete("csrf");
    expect((await postPhoto(cookie, noCsrf)).status).toBe(403);

    const forged = photoForm(image, { csrf: "0".repeat(32) });
    expect((await postPhoto(cookie, forged)).status).toBe(403);

    const otherIntent = photoForm(image, { intent: "account" });
    expect((await postPhoto(cookie, otherIntent)).status).toBe(400);

    expect(await snapshot(user.id)).toEqual(before);
    expect(files("tmp")).toEqual([]);
  });
});

describe("password tab", () => {
  const change = (cookie: string, fields: Record<string, string>, locale?: string) => post(cookie, { intent: "password", ...fields }, { tab: "sifre", locale });

  it.each([
    ["missing parameters", {}, "Eksik bilgi"],
    ["missing parameters (current only)", { currentPassword: PASSWORD }, "Eksik bilgi"],
    ["new passwords differ", { currentPassword: PASSWORD, newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-457" }, "Yeni şifreler birbiriyle aynı değil."],
    ["current password wrong", { currentPassword: "Yanlis-sifre-1", newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" }, "Mevcut şifreniz hatalı."],
    ["a short new password", { currentPassword: PASSWORD, newPassword: "kisa", newPasswordRepeat: "kisa" }, "Yeni şifre en az 8 karakter olmalıdır."],
    ["a 129-character new password", { currentPassword: PASSWORD, newPassword: "a".repeat(129), newPasswordRepeat: "a".repeat(129) }, "Yeni şifre en fazla 128 karakter olabilir."],
  ])("refuses %s with its message and changes nothing", async (_name, fields, message) => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await change(cookie, fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(message);
    expect(await snapshot(user.id)).toEqual(before);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, PASSWORD)).toBe(true);
  });

  it("has all four errors of spec §8 in both languages", () => {
    const keys = (["missing", "mismatch", "userNotFound", "wrongCurrent"] as const).map((k) => `settings.password.errors.${k}` as const);
    for (const locale of ["tr", "en"] as const) {
      for (const key of keys) {
        const message = translate(locale, { key });
        expect(message).not.toBe(key);
        expect(message.length).toBeGreaterThan(5);
      }
    }
    expect(translate("en", { key: "settings.password.errors.mismatch" })).toBe("The new passwords do not match.");
  });

  it("answers in English", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const res = await change(cookie, { currentPassword: "nope-nope-1", newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" }, "en");
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("Your current password is wrong.");
  });

  it("says user not found when the account is gone", async () => {
    const ghost: SessionUser = { id: 987654, fullName: "Yok", email: "yok@example.com", image: null, isAdmin: false, accountType: "individual", emailVerified: true };
    const err = await changePassword(t.app, { user: ghost, input: { currentPassword: PASSWORD, newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" } }).catch((e: unknown) => e);
    expect(isAppError(err) && err.status).toBe(404);
    expect(isAppError(err) && translate("tr", err.messageKey)).toBe("Kullanıcı bulunamadı.");
    // And a guest is refused by the service itself.
    const guest = await changePassword(t.app, { user: null, input: {} }).catch((e: unknown) => e);
    expect(isAppError(guest) && guest.code).toBe("E_UNAUTHORIZED");
  });

  it("changes the password, ends every other session and keeps this browser signed in with a new cookie", async () => {
    const user = await createUser();
    const here = await signIn(user.id);
    const elsewhere = await signIn(user.id);
    const { token: apiToken } = await createSession(t.app.db, user.id, "api");
    const res = await change(here.cookie, { currentPassword: PASSWORD, newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Şifreniz değiştirildi.");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("gb_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const fresh = setCookie.split(";")[0].split("=")[1];
    expect(fresh).not.toBe(here.token);

    const row = await userRow(user.id);
    expect(await verifyPassword(row.passwordHash, "Yeni-sifre-456")).toBe(true);
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(false);

    // The other browser, the old cookie of this one and the API token no longer authenticate.
    for (const cookie of [elsewhere.cookie, here.cookie]) {
      const page = await t.fetch("/ayarlar", { headers: { cookie } });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/giris?redirectTo=%2Fayarlar");
    }
    expect(await findSessionUser(t.app.db, apiToken)).toBeNull();
    // The new cookie does.
    expect((await t.fetch("/ayarlar", { headers: { cookie: `${csrf.cookie}; gb_session=${fresh}` } })).status).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it("allows 5 wrong current passwords in 15 minutes per account, then asks to wait", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const wrong = { currentPassword: "Yanlis-sifre-1", newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" };
    for (let i = 0; i < 5; i++) expect((await change(cookie, wrong)).status).toBe(400);
    // Now even the right password waits, on the deletion form as well.
    const limited = await change(cookie, { ...wrong, currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await text(limited)).toContain("Lütfen 15 dakika sonra yeniden deneyin.");
    const deletion = await post(cookie, { intent: "delete", password: PASSWORD, confirm: "on" }, { tab: "silme" });
    expect(deletion.status).toBe(429);
    expect(await snapshot(user.id)).toEqual(before);
    // Another account is not affected.
    const other = await createUser();
    const otherSession = await signIn(other.id);
    expect((await change(otherSession.cookie, { ...wrong, currentPassword: PASSWORD })).status).toBe(200);
  });

  it("forgets earlier wrong attempts after a right one", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const wrong = { currentPassword: "Yanlis-sifre-1", newPassword: "Yeni-sifre-456", newPasswordRepeat: "Yeni-sifre-456" };
    for (let i = 0; i < 4; i++) expect((await change(cookie, wrong)).status).toBe(400);
    const ok = await change(cookie, { ...wrong, currentPassword: PASSWORD });
    expect(ok.status).toBe(200);
    const fresh = ok.headers.getSetCookie().find((c) => c.startsWith("gb_session="))!.split(";")[0];
    const next = `${csrf.cookie}; ${fresh}`;
    for (let i = 0; i < 5; i++) expect((await change(next, wrong)).status).toBe(400);
  });
});

describe("account deletion tab", () => {
  const del = (cookie: string, fields: Record<string, string>) => post(cookie, { intent: "delete", ...fields }, { tab: "silme" });

  it.each([
    ["a wrong password", { password: "Yanlis-sifre-1", confirm: "on" }, 400, "Şifreniz hatalı."],
    ["no password", { confirm: "on" }, 400, "Lütfen şifrenizi yazın."],
    ["no confirmation", { password: PASSWORD }, 400, "onay kutusunu işaretlemelisiniz"],
  ])("refuses %s and changes nothing", async (_name, fields, status, message) => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const before = await snapshot(user.id);
    const res = await del(cookie, fields);
    expect(res.status).toBe(status);
    expect(await text(res)).toContain(message);
    expect(await snapshot(user.id)).toEqual(before);
    expect((await t.fetch("/ayarlar", { headers: { cookie } })).status).toBe(200);
  });

  it("ends every session, marks the request, mails the notice in the user's language and sends the browser home", async () => {
    const user = await createUser({ locale: "en", fullName: "Jane Doe" });
    const here = await signIn(user.id);
    const elsewhere = await signIn(user.id);
    const { token: apiToken } = await createSession(t.app.db, user.id, "api");
    const requestedFrom = Date.now();
    const res = await del(here.cookie, { password: PASSWORD, confirm: "on" });
    const requestedUntil = Date.now();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?bildirim=silme");
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("gb_session="))!;
    expect(cleared).toMatch(/^gb_session=;.*Max-Age=0/);

    const row = await userRow(user.id);
    expect(row.deletionRequestedAt).toBeInstanceOf(Date);
    expect(row.deletionRequestedAt!.getTime()).toBeGreaterThanOrEqual(requestedFrom - 1000);
    expect(row.deletionRequestedAt!.getTime()).toBeLessThanOrEqual(requestedUntil + 1000);
    expect(row.erasedAt).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, "account.deletion_requested")));
    expect(audit.actorId).toBe(user.id);

    // No way back in with any old credential, nor with a new session.
    for (const cookie of [here.cookie, elsewhere.cookie]) expect((await t.fetch("/kullanici/profil", { headers: { cookie } })).status).toBe(302);
    expect(await findSessionUser(t.app.db, apiToken)).toBeNull();
    const { token } = await createSession(t.app.db, user.id, "web");
    expect(await findSessionUser(t.app.db, token)).toBeNull();

    await t.app.jobs.drain();
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    // The date in the mail is 30 days after the request, computed here from the test's own clock.
    const days = (ms: number) => formatDate(new Date(ms + ACCOUNT_RETENTION_DAYS * 24 * 3600 * 1000));
    expect(ACCOUNT_RETENTION_DAYS).toBe(30);
    expect(mail.subject).toBe("We have received your account deletion request");
    expect(mail.textBody).toContain("Hello Jane Doe,");
    const kept = /Your data will be kept until (\d{2}\.\d{2}\.\d{4})\./.exec(mail.textBody)?.[1];
    expect([days(requestedFrom), days(requestedUntil)]).toContain(kept);
    expect(mail.textBody).toContain("http://localhost/iletisim");
  });

  it("writes the notice in Turkish for a Turkish account", async () => {
    const user = await createUser({ locale: "tr" });
    const { cookie } = await signIn(user.id);
    expect((await del(cookie, { password: PASSWORD, confirm: "on" })).status).toBe(302);
    await t.app.jobs.drain();
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mail.subject).toBe("Hesap silme talebiniz alındı");
    expect(mail.textBody).toMatch(/Verileriniz \d{2}\.\d{2}\.\d{4} tarihine kadar saklanacak\./);
  });
});

describe("profile pages", () => {
  it("shows the signed-in user's own profile", async () => {
    const user = await createUser({
      fullName: "Mehmet Demir",
      phone: "+905321234567",
      cityCode: 6,
      about: "Fiber altyapı kurulumlarında on yıllık deneyim.",
      skills: ["Fiber", "VDSL"],
      social: { linkedin: "https://linkedin.com/in/mehmet" },
      accountType: "corporate",
      createdAt: new Date("2024-03-05T10:00:00Z"),
    });
    const { cookie } = await signIn(user.id);
    const html = await t.fetch("/kullanici/profil", { headers: { cookie } }).then((r) => r.text());
    expect(html).toContain("Mehmet Demir");
    expect(html).toContain(user.email);
    expect(html).toContain("+90 532 123 45 67");
    expect(html).toContain("ANKARA");
    expect(html).toContain("Fiber altyapı kurulumlarında");
    expect(html).toContain("VDSL");
    expect(html).toContain("Kurumsal");
    expect(html).toContain("05.03.2024");
    expect(html).toMatch(/href="https:\/\/linkedin.com\/in\/mehmet" rel="me noopener noreferrer"/);
    expect(html).toContain('href="/ayarlar"');

    const support = await t.fetch("/teknik-destek/profil", { headers: { cookie } }).then((r) => r.text());
    expect(support).toContain("Teknik destek profili");
    expect(support).toContain("Mehmet Demir");
    expect(support).toContain('href="tel:+905321234567"');
    expect(support).toContain(`href="mailto:${user.email}"`);
    expect(support).toContain("ANKARA");
    expect(support).toContain('href="/ayarlar?sekme=hesap"');
  });

  it("shows the default avatar and placeholders for an empty profile, in English too", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.id);
    const html = await t.fetch("/en/kullanici/profil", { headers: { cookie } }).then((r) => r.text());
    expect(html).toContain("My profile");
    expect(html).toContain("No skills added yet.");
    expect(html).toContain("No social profile links added yet.");
    expect(html).not.toContain("/media/avatars/");
  });
});
