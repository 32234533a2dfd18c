import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { rateLimits } from "../../server/security/schema";
import { insertPost } from "../helpers/blog";
import { htmlText, msg } from "../helpers/messages";
import { makeCompany } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The blog's pages (lists, post, feeds) end to end: the url check and its redirects, the 404s,
// the language rule, the JSON-LD and hreflang. The comment form and hostile input are in
// blog-pages-comments.test.ts.

let t: TestApp;
let company: { id: number; slug: string; name: string };

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
const get = (path: string, init: RequestInit = {}) => t.fetch(path, { redirect: "manual", ...init });

beforeAll(async () => {
  t = await startTestApp();
  company = await makeCompany(t.app.db, { name: "Blog Sayfa Fiber AŞ" });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(blogComments);
  await t.app.db.delete(blogPosts);
  await t.app.db.delete(rateLimits);
  t.app.pageCache.clear?.();
});

describe("the lists", () => {
  it("lists public posts with their feeds announced; a draft is not listed", async () => {
    await insertPost(t.app.db, { title: "Fiber altyapı rehberi", tags: ["fiber"], featured: true });
    await insertPost(t.app.db, { title: "Taslak yazı başlığı", state: "draft" });
    const res = await get("/blog-yazilari");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Fiber altyapı rehberi");
    expect(html).not.toContain("Taslak yazı başlığı");
    expect(html).toContain('type="application/rss+xml"');
    expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/blog-yazilari\/atom"/);
    expect(html).toContain(msg("tr", "blog.list.featured"));
    expect(jsonLd(html).some((j) => j["@type"] === "ItemList")).toBe(true);
  });

  it("the English site lists Turkish-only posts marked as such, and hides a Turkish post that has an English twin", async () => {
    const only = await insertPost(t.app.db, { title: "Yalnız Türkçe yazı", language: "tr" });
    const en = await insertPost(t.app.db, { title: "An English post", language: "en" });
    const tr = await insertPost(t.app.db, { title: "İkizli Türkçe yazı", language: "tr", twinId: en.id });
    await t.app.db.update(blogPosts).set({ twinId: tr.id }).where(eq(blogPosts.id, en.id));
    const html = await (await get("/en/blog-yazilari")).text();
    expect(html).toContain("Yalnız Türkçe yazı");
    expect(html).toContain(msg("en", "blog.list.turkishOnly"));
    expect(html).toContain("An English post");
    expect(html).not.toContain("İkizli Türkçe yazı");
    expect(html).toContain(`/en/blog/telekomunikasyon/${only.slug}-${only.id}`);
  });

  it("narrows by category and company; an unknown one is the 404 page", async () => {
    await insertPost(t.app.db, { title: "Hosting yazısı burada", categoryId: 3 });
    await insertPost(t.app.db, { title: "Şirket yazısı burada", companyId: company.id });
    const cat = await (await get("/blog-yazilari/kategori/hosting")).text();
    expect(cat).toContain("Hosting yazısı burada");
    expect(cat).not.toContain("Şirket yazısı burada");
    const comp = await get(`/blog-yazilari/isletme/${company.slug}`);
    expect(comp.status).toBe(200);
    expect(await comp.text()).toContain("Şirket yazısı burada");
    expect((await get("/blog-yazilari/kategori/yok-boyle")).status).toBe(404);
    expect((await get("/en/blog-yazilari/isletme/yok-boyle-sirket")).status).toBe(404);
    expect((await get("/blog-yazilari/isletme/%3Cscript%3E")).status).toBe(404);
  });

  it("the word search finds folded words; a refused search is a 400 with its message, in both languages", async () => {
    await insertPost(t.app.db, { title: "İstanbul fiber hızları", text: "Çağrı merkezi yok." });
    const found = await (await get("/blog-yazilari?q=ISTANBUL")).text();
    expect(found).toContain("İstanbul fiber hızları");
    for (const locale of ["tr", "en"] as const) {
      const prefix = locale === "en" ? "/en" : "";
      const cases: [string, string, Record<string, number>][] = [
        ["a", "blog.validation.search.min", { min: 2 }],
        [encodeURIComponent("<script>alert(1)</script>"), "blog.validation.search.alphanumeric", {}],
        ["fiber%00x", "blog.validation.search.alphanumeric", {}],
        ["a".repeat(51), "blog.validation.search.max", { max: 50 }],
        ["%ED%A0%80ab", "blog.validation.search.alphanumeric", {}],
      ];
      for (const [q, key, params] of cases) {
        const res = await get(`${prefix}/blog-yazilari?q=${q}`);
        expect(res.status, q).toBe(400);
        const html = await res.text();
        expect(html, q).toContain(htmlText(msg(locale, key, params)));
        expect(html).not.toContain("<script>alert(1)");
      }
      const page = await get(`${prefix}/blog-yazilari?page=abc`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(htmlText(msg(locale, "blog.validation.page")));
    }
    // Repeated and very long parameters are read as one bounded value.
    expect((await get(`/blog-yazilari?q=fiber&q=${"x".repeat(5000)}`)).status).toBe(200);
    expect((await get(`/blog-yazilari?tag=${"x".repeat(5000)}`)).status).toBe(400);
  });
});

describe("the post", () => {
  it("shows the post with BlogPosting and BreadcrumbList JSON-LD, the date DD.MM.YYYY and its share links", async () => {
    const p = await insertPost(t.app.db, { title: "Fiber internet nedir?", subtitle: "Işık hızında", tags: ["fiber"], companyId: company.id, text: "Fiber optik kablo." });
    const res = await get(`/blog/telekomunikasyon/${p.slug}-${p.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Işık hızında");
    expect(html).toContain("<p>Fiber optik kablo.</p>");
    expect(html).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    expect(html).toContain("Blog Sayfa Fiber AŞ");
    expect(html).toContain("https://x.com/intent/post?url=");
    expect(html).toContain("https://wa.me/?text=");
    const types = jsonLd(html).map((j) => j["@type"]);
    expect(types).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    expect(html).toContain(`<link rel="canonical" href="http://localhost/blog/telekomunikasyon/${p.slug}-${p.id}"`);
    expect(html).not.toMatch(/<script[^>]+src="[^"]*(facebook|twitter|x\.com|linkedin)/);
  });

  it("sends a bad blog url home (the four cases of the url check)", async () => {
    for (const url of ["fibernedir", "fiber-nedir-12345678901", "fiber-nedir-12a", "fiber-nedir-"]) {
      const res = await get(`/blog/telekomunikasyon/${url}`);
      expect(res.status, url).toBe(302);
      expect(res.headers.get("location"), url).toBe("/");
    }
    const en = await get("/en/blog/telekomunikasyon/fibernedir");
    expect(en.headers.get("location")).toBe("/en");
  });

  it("301s a wrong slug, category, leading zeros or a trailing slash to the post's one url", async () => {
    const p = await insertPost(t.app.db, { title: "Doğru başlık burada", categoryId: 3 });
    const right = `/blog/hosting/${p.slug}-${p.id}`;
    for (const wrong of [`/blog/hosting/yanlis-baslik-${p.id}`, `/blog/telekomunikasyon/${p.slug}-${p.id}`, `/blog/hosting/${p.slug}-00${p.id}`, `${right}/`]) {
      const res = await get(wrong);
      expect(res.status, wrong).toBe(301);
      expect(res.headers.get("location"), wrong).toBe(right);
    }
    const en = await get(`/en/blog/oyun/x-${p.id}`);
    expect(en.headers.get("location")).toBe(`/en${right}`);
  });

  it("is the 404 page for an unpublished, scheduled, unknown or too large id", async () => {
    const draft = await insertPost(t.app.db, { title: "Taslak yazı başlığı", state: "draft" });
    const later = await insertPost(t.app.db, { title: "Sonra çıkacak yazı", state: "scheduled", publishAt: new Date(Date.now() + 86_400_000) });
    const gone = await insertPost(t.app.db, { title: "Kaldırılmış yazı", state: "unpublished" });
    for (const id of [draft.id, later.id, gone.id, 99_999_999, 2_147_483_648, 9_999_999_999]) {
      expect((await get(`/blog/telekomunikasyon/x-${id}`)).status, String(id)).toBe(404);
    }
    const html = await (await get(`/en/blog/telekomunikasyon/x-${draft.id}`)).text();
    expect(html).toContain(msg("en", "blog.errors.notFound").replace(/\.$/, ""));
    expect(html).toContain('data-not-found="blogPost"');
  });

  it("links a post and its translation both ways with hreflang", async () => {
    const en = await insertPost(t.app.db, { title: "What is fiber internet", language: "en" });
    const tr = await insertPost(t.app.db, { title: "Fiber internet nedir", language: "tr", twinId: en.id });
    await t.app.db.update(blogPosts).set({ twinId: tr.id }).where(eq(blogPosts.id, en.id));
    const trHtml = await (await get(`/blog/telekomunikasyon/${tr.slug}-${tr.id}`)).text();
    const enHtml = await (await get(`/en/blog/telekomunikasyon/${en.slug}-${en.id}`)).text();
    for (const html of [trHtml, enHtml]) {
      expect(html).toContain(`hrefLang="tr" href="http://localhost/blog/telekomunikasyon/${tr.slug}-${tr.id}"`);
      expect(html).toContain(`hrefLang="en" href="http://localhost/en/blog/telekomunikasyon/${en.slug}-${en.id}"`);
    }
    expect(trHtml).toContain(htmlText(msg("tr", "blog.post.twinEn", { title: "What is fiber internet" })));
  });
});

describe("the feeds", () => {
  it("serves RSS and Atom for all posts and per category, in each language; an unknown category is a 404", async () => {
    await insertPost(t.app.db, { title: "Akıştaki yazı başlığı", categoryId: 3 });
    const rss = await get("/blog-yazilari/rss");
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    expect(await rss.text()).toContain("Akıştaki yazı başlığı");
    const atom = await get("/en/blog-yazilari/kategori/hosting/atom");
    expect(atom.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await atom.text();
    expect(xml).toContain("Akıştaki yazı başlığı");
    expect(xml).toContain('xml:lang="en"');
    expect((await get("/blog-yazilari/kategori/yok-boyle/rss")).status).toBe(404);
  });
});

describe("the shell's blog links", () => {
  it("the menus' blogs and the footer's categories lead to real pages in both languages", async () => {
    for (const prefix of ["", "/en"]) {
      const html = await (await get(prefix || "/")).text();
      const links = [...new Set([...html.matchAll(/href="((?:\/en)?\/blog-yazilari[^"]*)"/g)].map((m) => m[1]!))];
      expect(links.length).toBeGreaterThanOrEqual(10);
      for (const link of links) expect((await get(link)).status, link).toBe(200);
    }
  });
});

