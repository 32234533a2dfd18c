import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchKind } from "../../common/search/kinds";
import type { SearchDocumentSource, SearchSource } from "../../server/core/app-context";
import { searchSite, searchSuggestions } from "../../server/search";
import { indexRecords } from "../../server/search/documents";
import { planQuery, runSearch, runSuggestions, SEARCH_COUNT_CAP } from "../../server/search/query";
import { rowsOf } from "../../server/db/rows";
import { htmlText } from "../helpers/messages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The ranking read tier by tier (decision 032): each tier gives its best rows only, so a page must
// be exactly the slice of the complete ranking (every match read, which a page as large as the
// corpus does), whatever the page size, offset, kind or language, with ties on popularity and
// title, typos, prefixes, translations and scheduled posts in the corpus. A count stops at
// SEARCH_COUNT_CAP and says so, and a group lists that many.

let t: TestApp;
const now = new Date("2026-11-28T10:00:00Z");

/** A small corpus of generated documents (no records behind them: the search reads only its documents). */
function corpus(): Map<SearchKind, SearchDocumentSource[]> {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const vocabulary = ["anadolu", "anadlu", "fiber", "fibre", "hosting", "hostign", "sunucu", "telekom", "telekon", "veri", "merkezi", "yıldız", "yildiz", "Işık", "ışık", "kablo"];
  const out = new Map<SearchKind, SearchDocumentSource[]>();
  for (const [kind, start] of [["company", 900_000], ["package", 910_000], ["post", 920_000]] as const) {
    const docs: SearchDocumentSource[] = [];
    for (let i = 0; i < 120; i++) {
      const refId = start + i;
      // Few titles and popularities: ties on both, decided by the title and then the id.
      const title = [pick(vocabulary), pick(vocabulary), ...(rand() < 0.5 ? [pick(vocabulary)] : [])].join(" ");
      const post = kind === "post";
      const twin = post && i % 10 < 4 ? (i % 2 === 0 ? refId + 1 : refId - 1) : null;
      docs.push({
        refId,
        companyId: null,
        language: post ? (twin !== null && i % 2 === 1 ? "en" : "tr") : null,
        visibleFrom: post && i % 17 === 0 ? new Date(now.getTime() + 86_400_000) : null,
        title: rand() < 0.1 ? "Anadolu Fiber" : title,
        subtitle: { tr: kind, en: kind },
        path: `/${kind}/${refId}`,
        isDemo: false,
        twinRefId: twin,
        keywords: [pick(vocabulary), pick(vocabulary)],
        body: post ? Array.from({ length: 12 }, () => pick(vocabulary)).join(" ") : "",
        popularity: pick([0, 0.25, 0.5, 1]),
      });
    }
    out.set(kind, docs);
  }
  return out;
}

function source(kind: SearchKind, docs: SearchDocumentSource[]): SearchSource {
  return { kind, documents: async (_db, ids) => docs.filter((d) => ids.includes(d.refId)), ids: async () => [] };
}

beforeAll(async () => {
  t = await startTestApp();
  for (const [kind, docs] of corpus())
    await indexRecords(
      t.app.db,
      source(kind, docs),
      docs.map((d) => d.refId),
    );
  // More matches of one word than a count goes to.
  const many = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i): SearchDocumentSource => ({
    refId: 800_000 + i,
    companyId: null,
    language: null,
    visibleFrom: null,
    title: `Kapsama Paket ${i}`,
    subtitle: { tr: "paket", en: "package" },
    path: `/paket/${800_000 + i}`,
    isDemo: false,
    twinRefId: null,
    keywords: [],
    body: "",
    popularity: (i % 7) / 7,
  }));
  await indexRecords(
    t.app.db,
    source("package", many),
    many.map((d) => d.refId),
  );
}, 120_000);
afterAll(() => t?.close());

const QUERIES = ["fiber", "anadolu", "anadolu fiber", "telekom", "yildiz", "yıldız", "ışık", "işık", "veri merkezi", "host", "fib", "hosting", "sunucu fiber", "anadolu tel", "kablo"];

describe("a page is the slice of the complete ranking", () => {
  it.each(["tr", "en"] as const)("every query, kind, page size and offset (%s)", async (locale) => {
    for (const text of QUERIES) {
      const plan = (await planQuery(t.app.db, text))!;
      const complete = await runSearch(t.app.db, plan, { locale, now, kinds: ["company", "post", "package"], offset: 0, limit: 10_000 });
      for (const group of complete) {
        const ids = group.hits.map((h) => h.id);
        expect(group.total, `${text} ${group.kind}`).toBe(ids.length);
        for (const size of [3, 20])
          for (let offset = 0; offset <= ids.length; offset += size) {
            const [page] = await runSearch(t.app.db, plan, { locale, now, kinds: [group.kind], offset, limit: size });
            expect(
              page!.hits.map((h) => h.id),
              `"${text}" ${group.kind} from ${offset}, ${size}`,
            ).toEqual(ids.slice(offset, offset + size));
            expect(page!.total).toBe(ids.length);
            expect(page!.more).toBe(offset + size < ids.length);
          }
      }
      // The overlay: the best of every kind together.
      const all = await runSuggestions(t.app.db, plan, { locale, now, limit: 10_000 });
      expect(all.length).toBe(complete.reduce((n, g) => n + g.total, 0));
      expect((await runSuggestions(t.app.db, plan, { locale, now, limit: 8 })).map((h) => `${h.kind}${h.id}`), text).toEqual(all.slice(0, 8).map((h) => `${h.kind}${h.id}`));
    }
  }, 120_000);

  it("the complete ranking puts the name first, then the name's start, then the name's words, keywords and body; a scheduled post is not there; of a pair of translations the site's language", async () => {
    const plan = (await planQuery(t.app.db, "anadolu fiber"))!;
    const [company] = await runSearch(t.app.db, plan, { locale: "tr", now, kinds: ["company"], offset: 0, limit: 10_000 });
    expect(company!.hits[0]!.title).toBe("Anadolu Fiber");
    const posts = (await runSearch(t.app.db, (await planQuery(t.app.db, "anadolu"))!, { locale: "en", now, kinds: ["post"], offset: 0, limit: 10_000 }))[0]!.hits;
    const ids = new Set(posts.map((h) => h.id));
    for (const [, docs] of corpus())
      for (const d of docs) {
        if (d.visibleFrom) expect(ids.has(d.refId)).toBe(false);
        // Both of a pair found: only the English one on the English site.
        if (d.language === "tr" && d.twinRefId !== null && ids.has(d.twinRefId)) expect(ids.has(d.refId)).toBe(false);
      }
  });
});

describe("the names' word lists follow the documents", () => {
  it("a renamed document is listed under its new words only, a removed one under none; a scheduled one once its time comes", async () => {
    const doc: SearchDocumentSource = {
      refId: 930_001,
      companyId: null,
      language: "tr",
      visibleFrom: null,
      title: "Zebercet Kılavuzu",
      subtitle: { tr: "yazı", en: "post" },
      path: "/blog/x/zebercet-930001/",
      isDemo: false,
      twinRefId: null,
      keywords: [],
      body: "",
      popularity: 0.5,
    };
    const docs = [doc];
    const src = source("post", docs);
    const found = async (q: string, at = now) => (await searchSuggestions(t.app, { q, locale: "tr", now: at })).map((h) => h.id);
    await indexRecords(t.app.db, src, [doc.refId]);
    expect(await found("zeber")).toEqual([doc.refId]);
    expect(await found("kilavuz")).toEqual([doc.refId]);
    docs[0] = { ...doc, title: "Lacivert Rehber", visibleFrom: new Date(now.getTime() + 60_000) };
    await indexRecords(t.app.db, src, [doc.refId]);
    expect(await found("zeber")).toEqual([]);
    expect(await found("lacivert")).toEqual([]);
    expect(await found("lacivert", new Date(now.getTime() + 120_000))).toEqual([doc.refId]);
    docs.length = 0;
    await indexRecords(t.app.db, src, [doc.refId]);
    expect(await found("lacivert", new Date(now.getTime() + 120_000))).toEqual([]);
    const left = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM search_name_words WHERE ref_id = ${doc.refId}`);
    expect(Number(rowsOf<{ n: number }>(left)[0]!.n)).toBe(0);
  });
});

describe("a count stops at the cap and says so", () => {
  it("the groups, a group's pages past the cap, the call and the page", async () => {
    const first = await searchSite(t.app, { q: "kapsama", locale: "tr", now });
    const packages = first.groups.find((g) => g.kind === "package")!;
    expect(packages).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, nextPage: 2 });
    expect(packages.hits).toHaveLength(5);
    expect(first.groups.find((g) => g.kind === "company")).toMatchObject({ total: 0, totalCapped: false, nextPage: null });
    // 1,005 matches, 20 a page: the first 1,000 are listed, page 50 is the last.
    const last = await searchSite(t.app, { q: "kapsama", locale: "tr", now, kind: "package", page: "50" });
    expect(last.groups[0]).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, nextPage: null });
    expect(last.groups[0]!.hits).toHaveLength(20);
    expect((await searchSite(t.app, { q: "kapsama", locale: "tr", now, kind: "package", page: "49" })).groups[0]).toMatchObject({ nextPage: 50 });
    const beyond = await searchSite(t.app, { q: "kapsama", locale: "tr", now, kind: "package", page: "10000" });
    expect(beyond.groups[0]).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, nextPage: null, hits: [] });
    expect(await searchSuggestions(t.app, { q: "kapsa", locale: "tr", now })).toHaveLength(8);

    const api = (await (await t.fetch("/api/v1/search?q=kapsama")).json()) as { groups: { kind: string; total: number; totalCapped: boolean }[] };
    expect(api.groups.find((g) => g.kind === "package")).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    const tr = htmlText(await (await t.fetch("/arama/kapsama")).text());
    expect(tr).toContain("1.000+ sonuç");
    expect(tr).toContain("1.000+ sonucun tümünü göster");
    expect(htmlText(await (await t.fetch("/en/arama/kapsama")).text())).toContain("1,000+ results");
    // The group's last page links back, not on.
    const page50 = await (await t.fetch("/arama/kapsama?group=package&page=50")).text();
    expect(page50).toMatch(/page=49/);
    expect(page50).not.toMatch(/page=51/);
  });
});
