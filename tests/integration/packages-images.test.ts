import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_IMAGE } from "../../common/packages";
import { createSession } from "../../server/accounts/sessions";
import { type users } from "../../server/accounts/schema";
import { packages } from "../../server/packages/schema";
import { FORGED_IDS } from "../helpers/hostile";
import { htmlText, msg, type Locale } from "../helpers/messages";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import { rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * Package images: uploaded with the dashboard's package form, judged
 * by content, re-encoded by the shared image pipeline, served with long cache headers, shown on
 * the package page and cards and given by the JSON API; refused files store nothing and the
 * form's typed values come back.
 */

let t: TestApp;
let csrf: { cookie: string; csrf: string };
let owner: number;
let other: number;
let company: { id: number; slug: string; name: string };
let foreignCompany: { id: number; slug: string; name: string };
let foreignPackage: number;

async function createUser(values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  return (await insertVerifiedUser(t.app.db, { accountType: "corporate", ...values }, "Parola-1234")).id;
}

async function cookieFor(userId: number) {
  const { token } = await createSession(t.app.db, userId, "web");
  return `${csrf.cookie}; gb_session=${token}`;
}

const FIELDS = {
  intent: "save",
  serviceKind: "internet",
  title: "Görselli Fiber 100",
  slug: "",
  technology: "fiber",
  downloadMbps: "100",
  uploadMbps: "20",
  price: "499,90",
  commitmentMonths: "12",
  commitmentPrice: "399,90",
  modemOffer: "free",
  servesAllCities: "on",
};

interface Upload {
  bytes: Buffer;
  name: string;
  type: string;
}

/** The page's multipart form: the fields in order, the image last (as the form renders it). */
function packageForm(fields: Record<string, string>, image?: Upload | Upload[]): FormData {
  const form = new FormData();
  form.set("csrf", csrf.csrf);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const file of image === undefined ? [] : Array.isArray(image) ? image : [image]) {
    form.append(PACKAGE_IMAGE.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

const picture = (format: "png" | "jpeg" | "webp", width = 1200, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();

const imagesDir = () => path.join(t.app.config.uploadsDir, "package-images");
const imageFiles = () => (existsSync(imagesDir()) ? readdirSync(imagesDir()) : []);
const packageCount = async () => (await t.app.db.select({ n: count() }).from(packages))[0]!.n;
const newPath = (companyId: number, locale: Locale = "tr") => `${locale === "en" ? "/en" : ""}/isletme/paketler/yeni-paket/${companyId}`;
const editPath = (companyId: number, packageId: number) => `/isletme/paketler/duzenle/${companyId}/${packageId}`;

async function post(pathname: string, userId: number, body: FormData) {
  return t.fetch(pathname, { method: "POST", headers: { cookie: await cookieFor(userId) }, body });
}

const createdId = (res: Response) => Number(/\/(\d+)\?sonuc=eklendi$/.exec(res.headers.get("location") ?? "")?.[1]);

beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t);
  owner = await createUser();
  other = await createUser();
  company = await makeCompany(t.app.db, { name: "Görsel Net AŞ", ownerId: owner });
  foreignCompany = await makeCompany(t.app.db, { name: "Yabancı Görsel AŞ", ownerId: other });
  foreignPackage = await makePackage(t.app.db, foreignCompany.id, { title: "Yabancı Paket" });
});
afterAll(() => t?.close());

describe("uploading a package image", () => {
  let packageId: number;

  it("a PNG is stored re-encoded as a 640×480 WebP with the new package", async () => {
    const before = imageFiles().length;
    const res = await post(newPath(company.id), owner, packageForm(FIELDS, { bytes: await picture("png"), name: "paket.png", type: "image/png" }));
    expect(res.status).toBe(302);
    packageId = createdId(res);
    const row = await packageRow(t.app.db, packageId);
    expect(row.image).toMatch(/^[\w-]{16,64}\.webp$/);
    expect(imageFiles()).toEqual(expect.arrayContaining([row.image]));
    expect(imageFiles().length).toBe(before + 1);
    const meta = await sharp(path.join(imagesDir(), row.image!)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: PACKAGE_IMAGE.width, height: PACKAGE_IMAGE.height });
    // No metadata of the upload survives the re-encoding.
    expect(meta.exif).toBeUndefined();
  });

  it("is served with long cache headers, as WebP, never sniffed", async () => {
    const row = await packageRow(t.app.db, packageId);
    const res = await t.fetch(`/media/package-images/${row.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await t.fetch("/media/package-images/yok.webp")).status).toBe(404);
    expect((await t.fetch("/media/package-images/../../session-secret")).status).toBe(404);
  });

  it("the package page shows it with width, height and alt text; the company's list shows it small; JSON-LD names it", async () => {
    const row = await packageRow(t.app.db, packageId);
    const url = `/media/package-images/${row.image}`;
    for (const locale of ["tr", "en"] as const) {
      const html = await (await t.fetch(`${locale === "en" ? "/en" : ""}/kablolu-internet/${company.slug}/paket/${row.slug}`)).text();
      const img = /<img[^>]*data-testid="package-image"[^>]*>/.exec(html)?.[0] ?? "";
      expect(img).toContain(`src="${url}"`);
      expect(img).toContain(`width="${PACKAGE_IMAGE.width}"`);
      expect(img).toContain(`height="${PACKAGE_IMAGE.height}"`);
      expect(img).toContain(`alt="${htmlText(msg(locale, "packages.detail.imageAlt", { title: row.title }))}"`);
      // At the top of the page: loaded at once.
      expect(img).not.toContain('loading="lazy"');
      expect(html).toContain(`"image":"http://localhost${url}"`);
    }
    const list = await (await t.fetch(`/kablolu-internet/${company.slug}/paketler`)).text();
    const thumb = /<img[^>]*data-testid="card-image"[^>]*>/.exec(list)?.[0] ?? "";
    expect(thumb).toContain(`src="${url}"`);
    expect(thumb).toContain('loading="lazy"');
    expect(thumb).toContain('alt=""');
    expect(thumb).toContain(`width="${PACKAGE_IMAGE.width}"`);
  });

  it("the JSON API gives its URL: the package, search, compare and the dashboard list", async () => {
    const row = await packageRow(t.app.db, packageId);
    const url = `/media/package-images/${row.image}`;
    const detail = (await (await t.fetch(`/api/v1/packages/${packageId}`)).json()) as { package: { card: { imageUrl: string | null } } };
    expect(detail.package.card.imageUrl).toBe(url);
    const compare = (await (
      await t.fetch("/api/v1/packages/compare", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids: [packageId, foreignPackage] }) })
    ).json()) as { items: { id: number; imageUrl: string | null }[] };
    expect(compare.items.map((i) => [i.id, i.imageUrl])).toEqual([
      [packageId, url],
      [foreignPackage, null],
    ]);
    const search = (await (
      await t.fetch("/api/v1/packages/search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ company: company.slug }) })
    ).json()) as { items: { id: number; imageUrl: string | null }[] };
    expect(search.items.find((i) => i.id === packageId)?.imageUrl).toBe(url);
    const { token } = await createSession(t.app.db, owner, "api");
    const own = (await (await t.fetch(`/api/v1/my/companies/${company.id}/packages`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      packages: { id: number; imageUrl: string | null; image?: unknown }[];
    };
    const mine = own.packages.find((p) => p.id === packageId)!;
    expect(mine.imageUrl).toBe(url);
    expect(mine.image).toBeUndefined();
  });

  it("the edit page shows the current image; a JPEG replaces it (the old file is deleted); a WebP too", async () => {
    const edit = await (await t.fetch(editPath(company.id, packageId), { headers: { cookie: await cookieFor(owner) } })).text();
    const first = (await packageRow(t.app.db, packageId)).image!;
    expect(edit).toContain(`src="/media/package-images/${first}"`);
    expect(edit).toContain('name="removeImage"');
    expect(edit).toMatch(/<form[^>]*encType="multipart\/form-data"/i);
    const jpeg = await post(editPath(company.id, packageId), owner, packageForm(FIELDS, { bytes: await picture("jpeg", 300, 900), name: "dikey.jpg", type: "image/jpeg" }));
    expect(jpeg.status).toBe(200);
    const second = (await packageRow(t.app.db, packageId)).image!;
    expect(second).not.toBe(first);
    expect(imageFiles()).not.toContain(first);
    expect(await sharp(path.join(imagesDir(), second)).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    const webp = await post(editPath(company.id, packageId), owner, packageForm(FIELDS, { bytes: await picture("webp"), name: "resim.webp", type: "image/webp" }));
    expect(webp.status).toBe(200);
    const third = (await packageRow(t.app.db, packageId)).image!;
    expect(third).not.toBe(second);
    expect(imageFiles()).not.toContain(second);
  });

  it("a save without a file keeps the image, by the page and by the JSON API", async () => {
    const image = (await packageRow(t.app.db, packageId)).image;
    expect((await post(editPath(company.id, packageId), owner, packageForm({ ...FIELDS, price: "519" }))).status).toBe(200);
    expect(await packageRow(t.app.db, packageId)).toMatchObject({ image, priceKurus: 51_900 });
    const { token } = await createSession(t.app.db, owner, "api");
    const api = await t.fetch(`/api/v1/my/companies/${company.id}/packages/${packageId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...FIELDS, price: "529", image: "../../session-secret", removeImage: "on" }),
    });
    expect(api.status).toBe(200);
    expect(await packageRow(t.app.db, packageId)).toMatchObject({ image, priceKurus: 52_900 });
    expect(imageFiles()).toContain(image);
  });

  it("duplicate copies the image into a file of its own; removing the copy's image leaves the original", async () => {
    const original = (await packageRow(t.app.db, packageId)).image!;
    const list = `/isletme/paketler/liste/${company.id}`;
    const dup = await t.fetch(list, { method: "POST", headers: { cookie: await cookieFor(owner) }, body: new URLSearchParams({ csrf: csrf.csrf, intent: "duplicate", packageId: String(packageId) }) });
    expect(dup.status).toBe(200);
    const [copy] = await t.app.db.select().from(packages).where(eq(packages.slug, `${(await packageRow(t.app.db, packageId)).slug}-kopya`));
    expect(copy!.image).toMatch(/^[\w-]{16,64}\.webp$/);
    expect(copy!.image).not.toBe(original);
    expect(imageFiles()).toEqual(expect.arrayContaining([original, copy!.image]));
    // "Remove the image" on the copy (a form without a file may also be urlencoded).
    const removed = await t.fetch(editPath(company.id, copy!.id), {
      method: "POST",
      headers: { cookie: await cookieFor(owner) },
      body: new URLSearchParams({ csrf: csrf.csrf, ...FIELDS, title: "Görselli Fiber 100 Kopya", slug: copy!.slug, removeImage: "on" }),
    });
    expect(removed.status).toBe(200);
    expect((await packageRow(t.app.db, copy!.id)).image).toBeNull();
    expect(imageFiles()).not.toContain(copy!.image);
    expect(imageFiles()).toContain(original);
    expect((await t.fetch(`/media/package-images/${original}`)).status).toBe(200);
  });

  it("'remove image' through the multipart form clears it and deletes the file; the page then shows none", async () => {
    const image = (await packageRow(t.app.db, packageId)).image!;
    expect((await post(editPath(company.id, packageId), owner, packageForm({ ...FIELDS, removeImage: "on" }))).status).toBe(200);
    const row = await packageRow(t.app.db, packageId);
    expect(row.image).toBeNull();
    expect(imageFiles()).not.toContain(image);
    const html = await (await t.fetch(`/kablolu-internet/${company.slug}/paket/${row.slug}`)).text();
    expect(html).not.toContain('data-testid="package-image"');
    const detail = (await (await t.fetch(`/api/v1/packages/${packageId}`)).json()) as { package: { card: { imageUrl: string | null } } };
    expect(detail.package.card.imageUrl).toBeNull();
  });
});

describe("refused images: a translated 4xx, nothing stored, the typed values kept", () => {
  const TYPED = { ...FIELDS, title: "Tutulan Görsel Paketi", slug: "tutulan-gorsel", description: "Yazılan açıklama kalır." };

  async function refused(image: Upload | Upload[], status: number, key: string, params: Record<string, string | number> = {}) {
    const files = imageFiles().length;
    const count0 = await packageCount();
    for (const locale of ["tr", "en"] as const) {
      const res = await post(newPath(company.id, locale), owner, packageForm(TYPED, image));
      expect(res.status, `${locale} ${key}`).toBe(status);
      const html = await res.text();
      expect(html).toContain(htmlText(msg(locale, key, params)));
      expect(html).toContain('value="Tutulan Görsel Paketi"');
      expect(html).toContain("Yazılan açıklama kalır.");
      expect(html).toContain(`href="#package-${PACKAGE_IMAGE.field}"`);
    }
    expect(imageFiles().length).toBe(files);
    expect(await packageCount()).toBe(count0);
    expect(readdirSync(path.join(t.app.config.uploadsDir, "tmp"))).toEqual([]);
  }

  it("a text file named .png", async () => {
    await refused({ bytes: Buffer.from("<?php echo 1; ?> bu bir resim değil"), name: "paket.png", type: "image/png" }, 415, "packages.validation.image.type");
  });

  it("an SVG (with a script)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await refused({ bytes: svg, name: "paket.svg", type: "image/svg+xml" }, 415, "packages.validation.image.type");
  });

  it("a GIF (an image, but not one of the kinds taken)", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).gif().toBuffer();
    await refused({ bytes: gif, name: "paket.gif", type: "image/gif" }, 415, "packages.validation.image.type");
  });

  it("a PNG cut in half (a PNG by its first bytes, but not decodable)", async () => {
    const png = await picture("png");
    const broken = png.subarray(0, Math.floor(png.length / 2));
    await refused({ bytes: broken, name: "bozuk.png", type: "image/png" }, 415, "packages.validation.image.unreadable");
  });

  it("a file over the 5 MB limit", async () => {
    const big = Buffer.concat([await picture("png"), randomBytes(PACKAGE_IMAGE.maxMb * 1024 * 1024 + 1024)]);
    await refused({ bytes: big, name: "buyuk.png", type: "image/png" }, 413, "packages.validation.image.size", { max: PACKAGE_IMAGE.maxMb });
  });

  it("two images", async () => {
    const png = { bytes: await picture("png", 20, 20), name: "a.png", type: "image/png" };
    await refused([png, png], 400, "packages.validation.image.single");
  });

  it("a declared body far over the limit is refused at once; a chunked one while it streams", async () => {
    const cookie = await cookieFor(owner);
    const files = imageFiles().length;
    const count0 = await packageCount();
    const declared = await rawRequest(t.url, {
      method: "POST",
      path: newPath(company.id),
      headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(60 * 1024 * 1024) },
      body: "--x--",
    });
    expect(declared.status).toBe(413);
    // Chunked, 200 MB offered: counted as it streams and refused at the image's limit, long
    // before the end (see the company logo's test for why the bound is generous).
    let sent = 0;
    const head = Buffer.from(
      `--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf.csrf}\r\n--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n` +
        `--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const streamed = await rawRequest(t.url, {
      method: "POST",
      path: newPath(company.id),
      headers: { cookie, "content-type": "multipart/form-data; boundary=x" },
      body: () => {
        if (sent > 200 * 1024 * 1024) return null;
        const out = sent === 0 ? head : Buffer.alloc(64 * 1024, 0x61);
        sent += out.length;
        return out;
      },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain(htmlText(msg("tr", "packages.validation.image.size", { max: PACKAGE_IMAGE.maxMb })));
    expect(streamed.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
    expect(imageFiles().length).toBe(files);
    expect(await packageCount()).toBe(count0);
  });

  it("an invalid form with a good image: the field's message, the image not stored", async () => {
    const files = imageFiles().length;
    const res = await post(newPath(company.id), owner, packageForm({ ...TYPED, price: "bedava" }, { bytes: await picture("png"), name: "iyi.png", type: "image/png" }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(htmlText(msg("tr", "packages.validation.money")));
    expect(imageFiles().length).toBe(files);
  });

  it("'url not unique' with a good image: 409, the image not kept", async () => {
    const files = imageFiles().length;
    await makePackage(t.app.db, company.id, { title: "Dolu Adres", slug: "dolu-adres" });
    const res = await post(newPath(company.id), owner, packageForm({ ...TYPED, slug: "dolu-adres" }, { bytes: await picture("png"), name: "iyi.png", type: "image/png" }));
    expect(res.status).toBe(409);
    expect(imageFiles().length).toBe(files);
  });

  it("without the CSRF token: 403, nothing read further, nothing stored", async () => {
    const files = imageFiles().length;
    const form = packageForm(TYPED, { bytes: await picture("png"), name: "iyi.png", type: "image/png" });
    form.delete("csrf");
    const res = await post(newPath(company.id), owner, form);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("Tutulan Görsel Paketi");
    expect(imageFiles().length).toBe(files);
  });
});

describe("another owner's ids", () => {
  it("an image sent to another owner's company or package, or to forged ids, is a 404: nothing stored, nothing changed", async () => {
    const image = { bytes: await picture("png"), name: "sizinti.png", type: "image/png" };
    const files = imageFiles().length;
    const count0 = await packageCount();
    const before = await packageRow(t.app.db, foreignPackage);
    const own = await makePackage(t.app.db, company.id, { title: "Kendi Paketim" });
    for (const target of [
      newPath(foreignCompany.id),
      editPath(foreignCompany.id, foreignPackage),
      // Own company, another company's package.
      editPath(company.id, foreignPackage),
      // Another company, own package.
      editPath(foreignCompany.id, own),
      ...FORGED_IDS.filter((c) => c.value !== "" && !/[\s/]/.test(c.value)).flatMap((id) => [newPath(id.value as unknown as number), `/isletme/paketler/duzenle/${company.id}/${id.value}`]),
    ]) {
      const res = await post(target, owner, packageForm({ ...FIELDS, title: "Ele Geçirildi", slug: "ele-gecirildi" }, image));
      expect(res.status, target).toBe(404);
    }
    expect(imageFiles().length).toBe(files);
    expect(await packageCount()).toBe(count0 + 1);
    expect(await packageRow(t.app.db, foreignPackage)).toEqual(before);
    // An individual member: the 403 page.
    const individual = await createUser({ accountType: "individual" });
    expect((await post(newPath(company.id), individual, packageForm(FIELDS, image))).status).toBe(403);
    expect(imageFiles().length).toBe(files);
  });
});
