import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BLOG_BODY_IMAGE, BLOG_IMAGE_WIDTHS } from "../../common/blog/posts";
import { blogPosts } from "../../server/blog/schema";
import { rateLimits } from "../../server/security/schema";
import { insertPost } from "../helpers/blog";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The editor's image button: POST /api/v1/my/blog/images. A real picture is stored re-encoded in
// its own proportions and its address is accepted in a post's body; anything else (a text file
// named .png, no file, another owner's post or company) is refused with nothing stored.

let t: TestApp;
let schemas: ApiSchemas;
type User = Awaited<ReturnType<typeof insertUser>>;
let owner: User;
let other: User;
let admin: User;
let member: User;
let company: { id: number };
let otherCompany: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  owner = await insertUser(db, { email: "img.owner@example.com", accountType: "corporate" });
  other = await insertUser(db, { email: "img.other@example.com", accountType: "corporate" });
  admin = await insertUser(db, { email: "img.admin@example.com", isAdmin: true });
  member = await insertUser(db, { email: "img.member@example.com" });
  company = await makeCompany(db, { name: "Resim Fiber AS", ownerId: owner.id });
  otherCompany = await makeCompany(db, { name: "Baska Resim AS", ownerId: other.id });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(blogPosts);
  await t.app.db.delete(rateLimits);
});

const PATH = "/my/blog/images";
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
const storedFiles = () => {
  const dir = path.join(t.app.config.uploadsDir, "blog-images");
  return existsSync(dir) ? readdirSync(dir) : [];
};

function upload(query: string, file: { bytes: Buffer; name: string; type: string } | null, headers: Record<string, string>) {
  const form = new FormData();
  form.set("note", "x");
  if (file) form.append(BLOG_BODY_IMAGE.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return t.fetch(`/api/v1${PATH}${query}`, { method: "POST", headers, body: form });
}
const bearer = (u: User) => ({ authorization: `Bearer ${u.token}` });

describe("the editor's picture upload", () => {
  it("stores a real PNG within 1600×1600 in its own proportions, for a company's new post and for an own post; the address goes into a body", async () => {
    const before = storedFiles().length;
    const wide = (await schemas.expectMatchesSchema(await upload(`?company=${company.id}`, { bytes: await png(3200, 1000), name: "genis.png", type: "image/png" }, bearer(owner)), PATH, "post", 200)) as {
      src: string;
      width: number;
      height: number;
    };
    expect(wide).toMatchObject({ width: 1600, height: 500 });
    expect(wide.src).toMatch(/^\/media\/blog-images\/[\w-]{16,64}\.webp$/);
    const served = await t.fetch(wide.src);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 500]);
    // Its narrower copies for a srcset, served beside it.
    for (const w of BLOG_IMAGE_WIDTHS) {
      const copy = await t.fetch(wide.src.replace(/\.webp$/, `-${w}w.webp`));
      expect(copy.status, `${w}w`).toBe(200);
      const m = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
      expect([m.format, m.width, m.height]).toEqual(["webp", w, Math.round((w * 500) / 1600)]);
    }

    // A small picture is not enlarged.
    const post = await insertPost(t.app.db, { companyId: company.id, state: "draft" });
    const small = (await (await upload(`?post=${post.id}`, { bytes: await png(300, 200), name: "kucuk.png", type: "image/png" }, bearer(owner))).json()) as { width: number; height: number; src: string };
    expect(small).toMatchObject({ width: 300, height: 200 });
    // The wide one with its two copies; the small one, narrower than both widths, alone.
    expect(storedFiles().length).toBe(before + 1 + BLOG_IMAGE_WIDTHS.length + 1);

    // The stored picture is one a post's body may show.
    const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Bir resimli yazı." }] }, { type: "image", attrs: { src: small.src, alt: "Kablo", width: small.width, height: small.height } }] };
    const saved = await t.fetch(`/api/v1/my/blog/posts/${post.id}`, {
      method: "POST",
      headers: { ...bearer(owner), "content-type": "application/json" },
      body: JSON.stringify({ title: "Resimli yazı", categoryId: 1, language: "tr", content: doc }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it("answers who may upload: an administrator for the site, a corporate member only for their own", async () => {
    const file = async () => ({ bytes: await png(40, 30), name: "a.png", type: "image/png" });
    expect((await upload("", await file(), bearer(admin))).status).toBe(200);
    expect((await upload(`?company=${otherCompany.id}`, await file(), bearer(admin))).status).toBe(200);
    const before = storedFiles().length;
    const foreign = await insertPost(t.app.db, { companyId: otherCompany.id, state: "draft" });
    const own = await insertPost(t.app.db, { companyId: company.id, state: "draft" });
    await expectApiRefusalInBothLanguages(async (h) => upload("", await file(), { ...bearer(owner), ...h }), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" });
    await expectApiRefusalInBothLanguages(async (h) => upload(`?company=${otherCompany.id}`, await file(), { ...bearer(owner), ...h }), { status: 404, code: "E_NOT_FOUND", key: "companyAdmin.errors.notFound" });
    await expectApiRefusalInBothLanguages(async (h) => upload(`?post=${foreign.id}`, await file(), { ...bearer(owner), ...h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.notFound" });
    // A post and a company that do not go together.
    expect((await upload(`?post=${own.id}&company=${otherCompany.id}`, await file(), bearer(owner))).status).toBe(404);
    for (const forged of ["0", "-1", "abc", "99999999999", "1e3", "12 "]) {
      expect((await upload(`?post=${encodeURIComponent(forged)}`, await file(), bearer(owner))).status, forged).toBe(404);
    }
    expect((await upload(`?post=${own.id}&post=${own.id}`, await file(), bearer(owner))).status).toBe(400);
    expect((await upload(`?company=${company.id}`, await file(), bearer(member))).status).toBe(403);
    expect((await upload(`?company=${company.id}`, await file(), {})).status).toBe(401);
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a text file named .png (415) and a form without a file (400), storing nothing", async () => {
    const before = storedFiles().length;
    const text = { bytes: Buffer.from("Bu bir resim değil, yalnızca metin.\n".repeat(20)), name: "resim.png", type: "image/png" };
    await expectApiRefusalInBothLanguages((h) => upload(`?company=${company.id}`, text, { ...bearer(owner), ...h }), {
      status: 415,
      code: "E_UNSUPPORTED_TYPE",
      key: "blog.validation.image.type",
      fields: { [BLOG_BODY_IMAGE.field]: "blog.validation.image.type" },
    });
    await expectApiRefusalInBothLanguages((h) => upload(`?company=${company.id}`, null, { ...bearer(owner), ...h }), {
      status: 400,
      code: "E_VALIDATION",
      key: "blog.validation.image.required",
      fields: { [BLOG_BODY_IMAGE.field]: "blog.validation.image.required" },
    });
    // A PNG's first bytes over a broken body: of the right kind by its magic, yet unreadable.
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const r = await upload(`?company=${company.id}`, { bytes: broken, name: "bozuk.png", type: "image/png" }, bearer(owner));
    expect(r.status).toBe(415);
    await schemas.expectMatchesSchema(r, PATH, "post", 415);
    expect(storedFiles().length).toBe(before);
    const tmp = path.join(t.app.config.uploadsDir, "tmp");
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it("takes the page's own call with the session cookie only when it says it comes from this site", async () => {
    const file = { bytes: await png(64, 48), name: "sayfa.png", type: "image/png" };
    const ok = await upload(`?company=${company.id}`, file, { cookie: owner.cookie, "sec-fetch-site": "same-origin" });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { width: number }).width).toBe(64);
    expect((await upload(`?company=${company.id}`, file, { cookie: owner.cookie })).status).toBe(403);
    expect((await upload(`?company=${company.id}`, file, { cookie: owner.cookie, "sec-fetch-site": "cross-site" })).status).toBe(403);
  });
});
