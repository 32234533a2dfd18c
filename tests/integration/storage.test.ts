import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_IMAGE } from "../../common/packages";
import { createSession } from "../../server/accounts/sessions";
import { contactAttachments } from "../../server/contact/schema";
import { packages } from "../../server/packages/schema";
import { isAppError } from "../../server/platform/app-error";
import { folderStorage, s3Storage, type FileStorage } from "../../server/platform/storage";
import { makeCompany } from "../helpers/packages";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * Uploads kept in an S3-compatible bucket (decision 037): the storage interface behaves the same
 * on the local folder and on a real S3 server (s3rver, started here), and a site on the bucket
 * stores and serves what it stored with the same answers the local folder gives.
 */

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gb-storage-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const keys = async (storage: FileStorage, prefix: string) => {
  const out: string[] = [];
  for await (const item of storage.list(prefix)) out.push(item.key);
  return out.sort();
};
const readAll = async (storage: FileStorage, key: string) => {
  const read = await storage.read(key);
  if (!read || !("body" in read)) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe.each(["local", "s3"] as const)("the storage interface (%s)", (kind) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = kind === "local" ? folderStorage(tempDir()) : s3Storage(s3.settings);
  });
  afterAll(() => storage.close());

  it("stores bytes and files, reads them back, lists, copies and removes them", async () => {
    const folder = `f-${kind === "s3" ? "bucket" : "disk"}`;
    await storage.put(`${folder}/a.webp`, Buffer.from("first"), "image/webp");
    const file = path.join(tempDir(), "upload");
    writeFileSync(file, Buffer.alloc(70_000, 7));
    await storage.put(`${folder}/b.pdf`, { file }, "application/pdf");
    expect(await keys(storage, `${folder}/`)).toEqual([`${folder}/a.webp`, `${folder}/b.pdf`]);
    expect((await readAll(storage, `${folder}/a.webp`))?.toString()).toBe("first");
    expect(await readAll(storage, `${folder}/b.pdf`)).toEqual(Buffer.alloc(70_000, 7));
    expect(await storage.head(`${folder}/b.pdf`)).toMatchObject({ size: 70_000, contentType: "application/pdf" });
    expect(await storage.head(`${folder}/none.webp`)).toBeNull();
    expect(await storage.read(`${folder}/none.webp`)).toBeNull();

    expect(await storage.copy(`${folder}/a.webp`, `${folder}/c.webp`)).toBe(true);
    expect((await readAll(storage, `${folder}/c.webp`))?.toString()).toBe("first");
    expect(await storage.copy(`${folder}/none.webp`, `${folder}/d.webp`)).toBe(false);

    // Replacing a key replaces its bytes.
    await storage.put(`${folder}/a.webp`, Buffer.from("second"), "image/webp");
    expect((await readAll(storage, `${folder}/a.webp`))?.toString()).toBe("second");

    await storage.remove([`${folder}/a.webp`, `${folder}/c.webp`, `${folder}/never-there.webp`]);
    expect(await keys(storage, `${folder}/`)).toEqual([`${folder}/b.pdf`]);
    await expect(storage.probe()).resolves.toBeUndefined();
  });

  it.each(["../secret", "avatars/../../x", "Avatars/x.webp", "avatars/", "avatars/.hidden", "avatars/a/b.webp", "avatars/a\u0000.webp"])(
    "refuses the key %j before touching anything",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(/not a storage key/);
      await expect(storage.read(key)).rejects.toThrow(/not a storage key/);
    },
  );
});

describe("a bucket's answers to conditional and partial reads", () => {
  it("answers 304 to a matching ETag and 206 to a range", async () => {
    const storage = s3Storage(s3.settings);
    try {
      await storage.put("cond/x.webp", Buffer.from("0123456789"), "image/webp");
      const full = await storage.read("cond/x.webp");
      expect(full).toMatchObject({ status: 200, length: 10, contentType: "image/webp" });
      const etag = full && "etag" in full ? full.etag : undefined;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      if (full && "body" in full) full.body.resume();
      expect(await storage.read("cond/x.webp", { ifNoneMatch: etag })).toMatchObject({ status: 304 });
      const part = await storage.read("cond/x.webp", { range: "bytes=2-4" });
      expect(part).toMatchObject({ status: 206, length: 3, contentRange: "bytes 2-4/10" });
      if (part && "body" in part) part.body.resume();
    } finally {
      storage.close();
    }
  });

  it("a bucket that does not answer is E_UNAVAILABLE (try again), not a crash", async () => {
    const storage = s3Storage({ ...s3.settings, endpoint: "http://127.0.0.1:9", requestTimeoutMs: 1000 });
    try {
      const err = await storage.put("x/y.webp", Buffer.from("x"), "image/webp").catch((e: unknown) => e);
      expect(isAppError(err) && err.code).toBe("E_UNAVAILABLE");
      await expect(storage.probe()).rejects.toBeTruthy();
    } finally {
      storage.close();
    }
  });
});

describe("a site whose uploads are in the bucket", () => {
  let t: TestApp;
  let local: TestApp;
  let csrf: { cookie: string; csrf: string };
  let owner: number;
  let company: { id: number; slug: string };
  let image: string;

  beforeAll(async () => {
    t = await startTestApp(s3.env);
    local = await startTestApp();
    csrf = await getFormSession(t);
    owner = (await insertVerifiedUser(t.app.db, { accountType: "corporate" }, "Parola-1234")).id;
    company = await makeCompany(t.app.db, { name: "Kova Net AŞ", ownerId: owner });
  });
  afterAll(async () => {
    await t?.close();
    await local?.close();
  });

  const cookie = async () => `${csrf.cookie}; gb_session=${(await createSession(t.app.db, owner, "web")).token}`;
  const picture = () => sharp({ create: { width: 1200, height: 500, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
  function packageForm(bytes: Buffer): FormData {
    const form = new FormData();
    form.set("csrf", csrf.csrf);
    const fields = { intent: "save", serviceKind: "internet", title: "Kova Fiber 100", slug: "", technology: "fiber", downloadMbps: "100", uploadMbps: "20", price: "499,90", commitmentMonths: "12", commitmentPrice: "399,90", modemOffer: "free", servesAllCities: "on" };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.append(PACKAGE_IMAGE.field, new Blob([new Uint8Array(bytes)], { type: "image/png" }), "paket.png");
    return form;
  }

  it("stores a dashboard upload in the bucket, none on the disk, and serves it with the local folder's headers", async () => {
    expect(t.app.storage.kind).toBe("s3");
    const res = await t.fetch(`/isletme/paketler/yeni-paket/${company.id}`, { method: "POST", headers: { cookie: await cookie() }, body: packageForm(await picture()) });
    expect(res.status).toBe(302);
    const id = Number(/\/(\d+)\?sonuc=eklendi$/.exec(res.headers.get("location") ?? "")?.[1]);
    const [row] = await t.app.db.select({ image: packages.image }).from(packages).where(eq(packages.id, id));
    image = row!.image!;
    expect(await keys(t.app.storage, "package-images/")).toContain(`package-images/${image}`);

    const served = await t.fetch(`/media/package-images/${image}`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: PACKAGE_IMAGE.width, height: PACKAGE_IMAGE.height });

    // The same bytes on a site with the local folder give the same answer headers.
    await local.app.storage.put(`package-images/${image}`, bytes, "image/webp");
    const fromDisk = await local.fetch(`/media/package-images/${image}`);
    for (const header of ["content-type", "content-length", "cache-control", "x-content-type-options", "accept-ranges"]) {
      expect([header, served.headers.get(header)]).toEqual([header, fromDisk.headers.get(header)]);
    }
    expect(served.headers.get("etag")).toBeTruthy();
    expect(served.headers.get("last-modified")).toBeTruthy();
  });

  it("answers conditional, partial, HEAD, other-method and missing requests as the local folder does", async () => {
    const url = `/media/package-images/${image}`;
    const etag = (await t.fetch(url)).headers.get("etag")!;
    const again = await t.fetch(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const part = await t.fetch(url, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toMatch(/^bytes 0-9\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const head = await t.fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    const size = Number(head.headers.get("content-length"));
    for (const site of [t, local]) {
      const beyond = await site.fetch(url, { headers: { range: `bytes=${size + 10}-` } });
      expect([site === t ? "bucket" : "folder", beyond.status, beyond.headers.get("content-range")]).toEqual([site === t ? "bucket" : "folder", 416, `bytes */${size}`]);
      const post = await site.fetch(url, { method: "POST", body: "x" });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      expect((await site.fetch("/media/package-images/yok.webp")).status).toBe(404);
      // express.static says 403 to a path that climbs, the bucket's folder 404: refused either way.
      expect([403, 404]).toContain((await site.fetch("/media/package-images/..%2F..%2Fsession-secret")).status);
      expect((await site.fetch("/media/contact/anything.pdf")).status).toBe(404);
    }
  });

  it("keeps a contact attachment in the bucket's unserved folder", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ fullName: "Ayşe Yılmaz", email: "ayse@example.com", message: "Merhaba, firmamızı listelemek istiyoruz." })) form.set(k, v);
    form.append("attachments", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const res = await t.fetch("/api/v1/contact", { method: "POST", body: form });
    expect(res.status).toBe(200);
    const [att] = await t.app.db.select().from(contactAttachments).where(eq(contactAttachments.messageId, (await res.json()).id));
    expect(await readAll(t.app.storage, `contact/${att!.storedName}`)).toEqual(png);
    expect((await t.fetch(`/media/contact/${att!.storedName}`)).status).toBe(404);
  });

  it("while the bucket is away: an upload is a 503 that stores nothing, images a 503 with Retry-After, /readyz not ready; all back by itself", async () => {
    const before = (await t.app.db.select({ id: packages.id }).from(packages)).length;
    await s3.stop();
    try {
      const upload = await t.fetch(`/isletme/paketler/yeni-paket/${company.id}`, { method: "POST", headers: { cookie: await cookie() }, body: packageForm(await picture()) });
      expect(upload.status).toBe(503);
      expect(await upload.text()).toContain("Kova Fiber 100");
      expect((await t.app.db.select({ id: packages.id }).from(packages)).length).toBe(before);
      const media = await t.fetch(`/media/package-images/${image}`);
      expect(media.status).toBe(503);
      expect(media.headers.get("retry-after")).toBe("5");
      const ready = await t.fetch("/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ storage: "unwritable" });
    } finally {
      await s3.start();
    }
    expect((await t.fetch(`/media/package-images/${image}`)).status).toBe(200);
    expect((await t.fetch("/readyz")).status).toBe(200);
  });
});

describe("npm run storage:migrate", () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, "../..");
  const migrate = (env: Record<string, string>, args: string[] = []) =>
    run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/storage-migrate.ts"), ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
      cwd: root,
    });
  let dataDir: string;

  it("copies an uploads folder into the bucket with progress, skips what is there on a second run, leaves tmp and foreign names", async () => {
    dataDir = tempDir();
    const uploads = path.join(dataDir, "uploads");
    const files: Record<string, Buffer> = {
      "avatars/abcdefghijklmnopqr.webp": Buffer.from("avatar"),
      "company-logos/demo-kova.webp": Buffer.from("logo"),
      "package-images/zyxwvutsrqponmlkji.webp": Buffer.alloc(200_000, 3),
      "contact/3f2a.pdf": Buffer.from("%PDF-1.4"),
    };
    for (const [key, data] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
      writeFileSync(path.join(uploads, key), data);
    }
    mkdirSync(path.join(uploads, "tmp"), { recursive: true });
    writeFileSync(path.join(uploads, "tmp", "in-progress"), "x");
    writeFileSync(path.join(uploads, "avatars", "put there by hand.txt"), "x");
    const bucket = s3Storage(s3.settings);
    try {
      const first = await migrate(s3.env);
      expect(first.stderr).toContain("4 files (0.2 MB)");
      expect(first.stderr).toContain("4/4 files, 4 copied");
      expect(first.stdout).toContain("not copied (not a name this site writes): avatars/put there by hand.txt");
      expect(first.stdout).toMatch(/^4 copied, 0 already in the bucket, 0 failed, 1 not copied/m);
      for (const [key, data] of Object.entries(files)) expect([key, await readAll(bucket, key)]).toEqual([key, data]);
      expect(await bucket.head("package-images/zyxwvutsrqponmlkji.webp")).toMatchObject({ contentType: "image/webp" });
      expect(await bucket.head("contact/3f2a.pdf")).toMatchObject({ contentType: "application/pdf" });
      expect(await keys(bucket, "tmp/")).toEqual([]);

      // One file changed since: only it is copied again.
      writeFileSync(path.join(uploads, "company-logos/demo-kova.webp"), Buffer.from("new logo"));
      const second = await migrate(s3.env);
      expect(second.stdout).toMatch(/^1 copied, 3 already in the bucket, 0 failed/m);
      expect((await readAll(bucket, "company-logos/demo-kova.webp"))?.toString()).toBe("new logo");
    } finally {
      bucket.close();
    }
  });

  it("says what is missing when no bucket is named, and when the bucket cannot be reached", async () => {
    const none = await migrate({}).catch((err: { code: number; stderr: string }) => err);
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining("S3_BUCKET is not set") });
    const away = await migrate({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9" }).catch((err: { code: number; stderr: string }) => err);
    expect(away).toMatchObject({ code: 2, stderr: expect.stringContaining("cannot be reached") });
  });
});
