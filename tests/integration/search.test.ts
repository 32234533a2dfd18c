import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../server/blog/schema";
import { companies } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { searchDocuments, searchPending } from "../../server/search/schema";
import { indexPending, rebuildSearch, searchSite } from "../../server/search";
import { countSearch, eraseOldSearchCounts, nearestPopularSearch } from "../../server/search/popular";
import { insertPost } from "../helpers/blog";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { HOSTILE_TEXT, HTTP_METHODS } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

/** Valid searches that are long or made to be slow (bench/search.ts times them over its corpus). */
const PATHOLOGICAL_SEARCHES = ["a".repeat(60), "a b c d e f g h i j k l m n o p q r s t u v w x y z", "ıııııııııı", "0000000000", "İİİ İİİ", "fiber ".repeat(10).trim()];

// The site search end to end on a database of its own: every write to a company, package or post
// reaches the documents (the triggers queue it, a search builds what waits), what is not public is
// never found, the queue empties on PGlite and PostgreSQL alike, the rebuild drops what is gone;
// the page and the calls answer hostile input with a translated 400, never a 5xx, each quickly.

let t: TestApp;
let schemas: ApiSchemas;
let company: { id: number; slug: string; name: string };

beforeAll(async () => {
  t = await startTestApp();
  company = await makeCompany(t.app.db, { name: "Zümrüt Fiber AŞ" });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());

const titles = async (q: string, locale: "tr" | "en" = "tr") => (await searchSite(t.app, { q, locale })).groups.flatMap((g) => g.hits.map((h) => `${h.kind}:${h.title}`));
const pending = async () => Number((await t.app.db.select({ n: sql<number>`count(*)::int` }).from(searchPending))[0]!.n);

describe("the documents follow every write", () => {
  it("a company, its package and its post are found once written, by their words and without Turkish letters; the queue empties", async () => {
    const packageId = await makePackage(t.app.db, company.id, { title: "Yıldırım Fiber 1000" });
    const post = await insertPost(t.app.db, { title: "Zümrüt vadisinde fiber kurulumu", companyId: company.id, text: "Kurulumda ölçülen zayıflama değerleri." });
    expect(await pending()).toBeGreaterThan(0);
    expect(await titles("zumrut fiber")).toEqual(expect.arrayContaining(["company:Zümrüt Fiber AŞ", "package:Yıldırım Fiber 1000"]));
    expect(await titles("yildirim")).toEqual(["package:Yıldırım Fiber 1000"]);
    expect(await titles("zayiflama degerleri")).toEqual(["post:Zümrüt vadisinde fiber kurulumu"]);
    // Microsecond queue times are let go exactly (a rounded time kept PostgreSQL's rows queued).
    expect(await pending()).toBe(0);
    const [doc] = await t.app.db.select().from(searchDocuments).where(sql`${searchDocuments.kind} = 'package' AND ${searchDocuments.refId} = ${packageId}`);
    expect(doc).toMatchObject({ kind: "package", companyId: company.id, nameLower: "yıldırım fiber 1000" });
    void post;
  });

  it("a company renamed carries its packages along; unpublished, it and its packages and posts are no longer found; deleted, gone", async () => {
    const other = await makeCompany(t.app.db, { name: "Safir Hat AŞ" });
    await makePackage(t.app.db, other.id, { title: "Safir Ev 100" });
    await insertPost(t.app.db, { title: "Safir duyurusu", companyId: other.id });
    expect(await titles("safir")).toEqual(expect.arrayContaining(["company:Safir Hat AŞ", "package:Safir Ev 100", "post:Safir duyurusu"]));
    await t.app.db.update(companies).set({ name: "Yakut Hat AŞ" }).where(eq(companies.id, other.id));
    const hit = (await searchSite(t.app, { q: "yakut hat", locale: "tr" })).groups.find((g) => g.kind === "package")!.hits[0]!;
    expect(hit.subtitle).toContain("Yakut Hat AŞ");
    await t.app.db.update(companies).set({ publishState: "pending" }).where(eq(companies.id, other.id));
    expect(await titles("safir")).toEqual([]);
    expect(await titles("yakut")).toEqual([]);
    await t.app.db.update(companies).set({ publishState: "published" }).where(eq(companies.id, other.id));
    expect((await titles("yakut")).length).toBeGreaterThan(0);
    await t.app.db.delete(companies).where(eq(companies.id, other.id));
    expect(await titles("yakut")).toEqual([]);
    expect(await titles("safir")).toEqual([]);
  });

  it("a withdrawn package and a draft or unpublished post are not found; a scheduled post from its time on", async () => {
    const id = await makePackage(t.app.db, company.id, { title: "Geçici Kampanya 50" });
    expect(await titles("gecici kampanya")).toEqual(["package:Geçici Kampanya 50"]);
    await t.app.db.update(packages).set({ withdrawnAt: new Date() }).where(eq(packages.id, id));
    expect(await titles("gecici kampanya")).toEqual([]);
    const draft = await insertPost(t.app.db, { title: "Taslak fener yazısı", state: "draft" });
    expect(await titles("fener")).toEqual([]);
    const soon = new Date(Date.now() + 3_600_000);
    await t.app.db.update(blogPosts).set({ state: "scheduled", publishAt: soon }).where(eq(blogPosts.id, draft.id));
    expect(await titles("fener")).toEqual([]);
    expect((await searchSite(t.app, { q: "fener", locale: "tr", now: new Date(soon.getTime() + 1000) })).groups.find((g) => g.kind === "post")!.total).toBe(1);
    await t.app.db.update(blogPosts).set({ state: "unpublished" }).where(eq(blogPosts.id, draft.id));
    expect((await searchSite(t.app, { q: "fener", locale: "tr", now: new Date(soon.getTime() + 1000) })).groups.find((g) => g.kind === "post")!.total).toBe(0);
  });

  it("of a post and its translation, the one in the site's language", async () => {
    const tr = await insertPost(t.app.db, { title: "Menekşe ağ rehberi", language: "tr" });
    const en = await insertPost(t.app.db, { title: "Menekse network guide", language: "en" });
    await t.app.db.update(blogPosts).set({ twinId: en.id }).where(eq(blogPosts.id, tr.id));
    await t.app.db.update(blogPosts).set({ twinId: tr.id }).where(eq(blogPosts.id, en.id));
    expect(await titles("menekse", "tr")).toEqual(["post:Menekşe ağ rehberi"]);
    expect(await titles("menekse", "en")).toEqual(["post:Menekse network guide"]);
  });

  it("the rebuild writes every public document again and drops those of records that are gone", async () => {
    await indexPending(t.app, 100_000);
    // A record deleted while its trigger could not see it (as if the search area had been added later).
    await t.app.db.execute(sql`ALTER TABLE packages DISABLE TRIGGER search_packages_delete`);
    const id = await makePackage(t.app.db, company.id, { title: "Silinecek Paket 10" });
    await indexPending(t.app, 100_000);
    await t.app.db.delete(packages).where(eq(packages.id, id));
    await t.app.db.execute(sql`ALTER TABLE packages ENABLE TRIGGER search_packages_delete`);
    expect(await titles("silinecek")).toEqual(["package:Silinecek Paket 10"]);
    const seen: string[] = [];
    const result = await rebuildSearch(t.app, (p) => seen.push(`${p.kind}:${p.done}`));
    expect(result.documents).toBeGreaterThan(0);
    expect(result.words).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(await titles("silinecek")).toEqual([]);
  });

  it("the rebuild lets go of what was queued before it (it built those records as they are now)", async () => {
    await makePackage(t.app.db, company.id, { title: "Kuyrukta Paket 11" });
    const queued = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(searchPending))[0]!.n;
    expect(await queued()).toBeGreaterThan(0);
    await rebuildSearch(t.app);
    expect(await queued()).toBe(0);
    expect(await titles("kuyrukta")).toEqual(["package:Kuyrukta Paket 11"]);
  });
});

describe("popular searches", () => {
  const popularNow = async () => (await (await t.fetch("/api/v1/search/popular")).json()) as { success: true; searches: { query: string; searchers: number }[] };

  it("count once per address and day, only searches that found something and only first pages; shown from three addresses, in the call and on the page", async () => {
    await makeCompany(t.app.db, { name: "Akik Bağlantı AŞ" });
    // One address searching again and again is one searcher.
    for (let i = 0; i < 5; i++) await searchSite(t.app, { q: "Akik Bağlantı", locale: "tr", ipHash: "address-1" });
    // Not counted: no address, a show-more page, a search that found nothing.
    await searchSite(t.app, { q: "akik baglanti", locale: "tr", ipHash: null });
    await searchSite(t.app, { q: "akik baglanti", locale: "tr", kind: "company", page: "1", ipHash: "address-2" });
    for (const ip of ["address-1", "address-2", "address-3"]) await searchSite(t.app, { q: "qzxw vbnm", locale: "tr", ipHash: ip });
    expect((await popularNow()).searches).toEqual([]);
    // Two more addresses (folded alike: "akik baglanti" is the same search): three searchers.
    await searchSite(t.app, { q: "akik baglanti", locale: "tr", ipHash: "address-2" });
    await searchSite(t.app, { q: "AKİK BAĞLANTI", locale: "en", ipHash: "address-3" });
    const { searches } = await popularNow();
    expect(searches).toEqual([{ query: "akik bağlantı", searchers: 3 }]);
    await schemas.expectMatchesSchema(await t.fetch("/api/v1/search/popular"), "/search/popular", "get", 200);

    // The search page before anything is typed, and a search that found nothing, offer them as links.
    for (const path of ["/arama", "/en/arama", "/arama/qzxw-vbnm"]) {
      const html = await (await t.fetch(path)).text();
      expect(html, path).toContain(htmlText(msg(path.startsWith("/en") ? "en" : "tr", "searchResults.popular")));
      expect(html, path).toMatch(/href="(\/en)?\/arama\/akik-baglanti"/);
    }
    // A search that found something does not.
    expect(await (await t.fetch("/arama/akik")).text()).not.toContain(htmlText(msg("tr", "searchResults.popular")));
  });

  it("the nearest popular search is the 'did you mean' when the words alone find nothing (typos by word length, same number of words)", async () => {
    const now = new Date();
    expect(await nearestPopularSearch(t.app.db, "akik baglanit", now)).toBe("akik bağlantı");
    expect(await nearestPopularSearch(t.app.db, "akil baglanti", now)).toBeNull(); // a typo in a 4-letter word
    expect(await nearestPopularSearch(t.app.db, "akik", now)).toBeNull();
    expect(await nearestPopularSearch(t.app.db, "akik baglanti", now)).toBeNull(); // itself
  });

  it("counts older than twice the window are erased by the clean-up job", async () => {
    const old = new Date(Date.now() - 61 * 86_400_000);
    await countSearch(t.app.db, { folded: "eski arama", shown: "eski arama", ipHash: "address-9", now: old });
    expect(await eraseOldSearchCounts(t.app.db, new Date())).toBe(1);
  });
});

describe("the page and the calls", () => {
  it("the results page: groups with counts and not-found messages, noindex; the form's target sends on to the results", async () => {
    const res = await t.fetch("/arama/zumrut");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('content="noindex');
    expect(html).toContain("Zümrüt Fiber AŞ");
    for (const kind of ["company", "post", "package"] as const) expect(html).toContain(htmlText(msg("tr", `searchResults.groups.${kind}`)));
    const go = await t.fetch("/arama?q=Z%C3%BCmr%C3%BCt%20Fiber", { redirect: "manual" });
    expect(go.status).toBe(302);
    expect(go.headers.get("location")).toMatch(/\/arama\/zumrut-fiber$/);
    const en = await t.fetch("/en/arama/zumrut-fiber");
    expect(en.status).toBe(200);
    expect(await en.text()).toContain(htmlText(msg("en", "searchResults.groups.company")));
    const none = await (await t.fetch("/arama/zumrat-fiber-kablosu-xyz")).text();
    for (const kind of ["company", "post", "package"] as const) expect(none).toContain(htmlText(msg("tr", `searchResults.notFound.${kind}`)));
  });

  it("the calls answer their documented shapes", async () => {
    await schemas.expectMatchesSchema(await t.fetch("/api/v1/search?q=zumrut"), "/search", "get", 200);
    await schemas.expectMatchesSchema(await t.fetch("/api/v1/search?q=zumrut&kind=package&page=1"), "/search", "get", 200);
    await schemas.expectMatchesSchema(await t.fetch("/api/v1/search/suggestions?q=zum"), "/search/suggestions", "get", 200);
  });

  const refusals: [string, string, { key: string; params?: Record<string, number> }][] = [
    ["too short", "ab", { key: "validation.search.min", params: { min: 3 } }],
    ["too long", "a".repeat(61), { key: "validation.search.max", params: { max: 60 } }],
    ["empty", "", { key: "validation.search.required" }],
    ["HTML and script", HOSTILE_TEXT.html.value, { key: "validation.search.alphanumeric" }],
    ["NUL byte", "ab\u0000cd", { key: "validation.search.alphanumeric" }],
    // A lone surrogate cannot be percent-encoded from JavaScript: its UTF-8 bytes are sent as they are.
    ["encoded surrogate", "%ED%A0%80abc", { key: "validation.search.alphanumeric" }],
    ["tsquery syntax", "a & !b | c:*", { key: "validation.search.alphanumeric" }],
    ["LIKE wildcards", "%%%", { key: "validation.search.alphanumeric" }],
    ["underscores", "____", { key: "validation.search.alphanumeric" }],
    ["regex", "(a+)+$", { key: "validation.search.alphanumeric" }],
    ["SQL", HOSTILE_TEXT.sql.value, { key: "validation.search.alphanumeric" }],
  ];

  const encoded = (q: string) => (q.startsWith("%ED") ? q : encodeURIComponent(q));

  it.each(refusals)("refuses %s with a translated 400 on the calls and the page, quickly", async (_name, q, message) => {
    for (const path of ["/search", "/search/suggestions"]) {
      const started = Date.now();
      await expectApiRefusalInBothLanguages((h) => t.fetch(`/api/v1${path}?q=${encoded(q)}`, { headers: h }), { status: 400, code: "E_VALIDATION", key: message.key, params: message.params, fields: { q: message } });
      expect(Date.now() - started).toBeLessThan(2 * 200 + 200);
    }
    if (q) {
      const page = await t.fetch(`/arama?q=${encoded(q)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(htmlText(msg("tr", message.key, message.params)));
    }
  });

  it("answers long and pathological valid searches normally (their speed: bench/search.ts)", async () => {
    for (const q of PATHOLOGICAL_SEARCHES) {
      const res = await t.fetch(`/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { success: boolean }).success, q).toBe(true);
    }
  });

  it("refuses wrong types, unknown groups and pages; a repeated parameter is a 400", async () => {
    for (const query of ["q[]=fiber", "q=fiber&q=adsl", "q[a]=b", "q=fiber&kind=user", "q=fiber&kind=", "q=fiber&kind=package&page=0", "q=fiber&kind=package&page=-1", "q=fiber&kind=package&page=abc", "q=fiber&kind=package&page=1e3", "q=fiber&page=99999999"]) {
      const res = await t.fetch(`/api/v1/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { exception: string }).exception, query).toBe("E_VALIDATION");
    }
    expect((await t.fetch("/arama/fiber?group=user")).status).toBe(400);
    expect((await t.fetch("/arama/fiber?group=package&page=0")).status).toBe(400);
    // Bytes that are not UTF-8, in the path and the query.
    expect((await t.fetch("/arama/%ED%A0%80abc")).status).toBeLessThan(500);
    expect((await t.fetch("/api/v1/search?q=%FF%FEabc")).status).toBe(400);
  });

  it("answers every other method with a 4xx", async () => {
    // fetch cannot send TRACE; the HTTP layer's own test covers it for every path.
    for (const method of HTTP_METHODS.filter((m) => m !== "GET" && m !== "HEAD" && m !== "TRACE")) {
      for (const path of ["/api/v1/search?q=fiber", "/api/v1/search/suggestions?q=fiber", "/arama/fiber"]) {
        const res = await t.fetch(path, { method, headers: { "content-type": "application/json" }, body: method === "OPTIONS" ? undefined : "{}" });
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });
});
