import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../common/format";
import type { SearchKind } from "../../common/search/kinds";
import { indexPending, searchSite, searchSuggestions } from "../../server/search";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The search's quality over the seeded demo corpus (40 companies, ~400 packages, 17 posts): each
// query with the result a person typing it means, in Turkish and English. Exact names, names
// without Turkish letters, upper-case İ/I and lower-case ı/i, one and two typos, words cut short,
// category and technology words, words only a post's body holds, and queries that must find
// nothing. The share whose expected result comes first must be at least 90 %, in the first three
// at least 97 %, and every "nothing" query must find nothing. The order is the suggestions' (all
// kinds together, best first), which is also each group's order on the results page.

/** What a query should find first: a kind and a title (exact, or a pattern), a package's provider in its subtitle; `any`: one of several is as good. */
interface Expected {
  kind: SearchKind;
  title: string | RegExp;
  provider?: string;
}
interface Case {
  q: string;
  locale?: Locale;
  expect: Expected | Expected[] | "nothing";
  why: string;
}

const company = (title: string): Expected => ({ kind: "company", title });
const post = (title: string | RegExp): Expected => ({ kind: "post", title });
const pkg = (title: RegExp, provider: string): Expected => ({ kind: "package", title, provider });

const COMPANIES = [
  "Lodos Teknik Servis Demo", "Akasya Altyapı Demo", "Fındık Açık Ağ Demo", "Meltem Hosting Demo", "Zeytin Kurulum Demo",
  "Yakamoz Anten TV Demo", "Ilgaz Veri Merkezi Demo", "Martı Teknik Servis Demo", "Meltem Fiber Demo", "Sümbül Mobil Demo",
  "Zeytin Hücre Demo", "Gökçe Halk Wi-Fi Demo", "Gökçe Yayın Demo", "Kumru Açık Ağ Demo", "Kırlangıç Dijital TV Demo",
  "Kırlangıç Halk Wi-Fi Demo", "Mercan Kablo Demo", "Pusula Hosting Demo", "Pusula Fiber Demo", "Akasya Hosting Demo",
  "Lodos Hücre Demo", "Defne Kablo Demo", "Çınar Açık Ağ Demo", "Mercan Bulut Sunucu Demo", "Çınar Dijital TV Demo",
  "Kestane Anten TV Demo", "Lale Kurulum Demo", "Martı Mobil Demo", "Nergis Veri Merkezi Demo", "Sedef Anten TV Demo",
  "Fındık Yayın Demo", "Sedef Kolokasyon Demo", "Yakamoz Veri Merkezi Demo", "Sümbül Teknik Servis Demo", "Ilgaz Anten TV Demo",
  "Lale Mobil Demo", "Defne Bulut Sunucu Demo", "Kestane Kolokasyon Demo", "Kumru Dijital TV Demo", "Nergis Anten TV Demo",
];

const DATA_CENTERS = ["Ilgaz Veri Merkezi Demo", "Nergis Veri Merkezi Demo", "Yakamoz Veri Merkezi Demo", "Sedef Kolokasyon Demo", "Kestane Kolokasyon Demo"].map(company);
const MOBILE = ["Sümbül Mobil Demo", "Martı Mobil Demo", "Lale Mobil Demo", "Zeytin Hücre Demo", "Lodos Hücre Demo"].map(company);
const HOSTING = ["Meltem Hosting Demo", "Pusula Hosting Demo", "Akasya Hosting Demo", "Mercan Bulut Sunucu Demo", "Defne Bulut Sunucu Demo"].map(company);
const ANALOG_TV = ["Yakamoz Anten TV Demo", "Kestane Anten TV Demo", "Sedef Anten TV Demo", "Ilgaz Anten TV Demo", "Nergis Anten TV Demo"].map(company);
const DIGITAL_TV = ["Kırlangıç Dijital TV Demo", "Çınar Dijital TV Demo", "Kumru Dijital TV Demo", "Gökçe Yayın Demo", "Fındık Yayın Demo"].map(company);
const TECHNICAL = ["Lodos Teknik Servis Demo", "Martı Teknik Servis Demo", "Sümbül Teknik Servis Demo", "Zeytin Kurulum Demo", "Lale Kurulum Demo"].map(company);
const FREE_WIFI = ["Fındık Açık Ağ Demo", "Kumru Açık Ağ Demo", "Çınar Açık Ağ Demo", "Gökçe Halk Wi-Fi Demo", "Kırlangıç Halk Wi-Fi Demo"].map(company);
const WIRED = ["Akasya Altyapı Demo", "Meltem Fiber Demo", "Mercan Kablo Demo", "Pusula Fiber Demo", "Defne Kablo Demo"].map(company);

const CASES: Case[] = [
  // Exact names, as written (40).
  ...COMPANIES.map((name): Case => ({ q: name, expect: company(name), why: "exact name" })),
  // The same names without "Demo", in the other language's site (10).
  ...["Pusula Fiber", "Mercan Kablo", "Ilgaz Veri Merkezi", "Kumru Dijital TV", "Lale Mobil", "Sedef Kolokasyon", "Defne Bulut Sunucu", "Zeytin Kurulum", "Gökçe Yayın", "Akasya Altyapı"].map(
    (q): Case => ({ q, locale: "en", expect: company(`${q} Demo`), why: "name without its last word, English site" }),
  ),
  // Without Turkish letters (14).
  { q: "findik acik ag", expect: company("Fındık Açık Ağ Demo"), why: "no Turkish letters" },
  { q: "gokce halk wifi", expect: company("Gökçe Halk Wi-Fi Demo"), why: "no Turkish letters, Wi-Fi written as one word" },
  { q: "gokce yayin", expect: company("Gökçe Yayın Demo"), why: "no Turkish letters" },
  { q: "kirlangic dijital", expect: company("Kırlangıç Dijital TV Demo"), why: "no Turkish letters" },
  { q: "kirlangic halk", expect: company("Kırlangıç Halk Wi-Fi Demo"), why: "no Turkish letters" },
  { q: "sumbul mobil", expect: company("Sümbül Mobil Demo"), why: "no Turkish letters" },
  { q: "sumbul teknik", expect: company("Sümbül Teknik Servis Demo"), why: "no Turkish letters" },
  { q: "zeytin hucre", expect: company("Zeytin Hücre Demo"), why: "no Turkish letters" },
  { q: "lodos hucre", expect: company("Lodos Hücre Demo"), why: "no Turkish letters" },
  { q: "marti mobil", expect: company("Martı Mobil Demo"), why: "no Turkish letters" },
  { q: "marti teknik servis", expect: company("Martı Teknik Servis Demo"), why: "no Turkish letters" },
  { q: "cinar acik ag", expect: company("Çınar Açık Ağ Demo"), why: "no Turkish letters" },
  { q: "cinar dijital", expect: company("Çınar Dijital TV Demo"), why: "no Turkish letters" },
  { q: "akasya altyapi", expect: company("Akasya Altyapı Demo"), why: "no Turkish letters" },
  // Capitals and the two i's (12).
  { q: "PUSULA FİBER", expect: company("Pusula Fiber Demo"), why: "capitals with a dotted İ" },
  { q: "PUSULA FIBER", expect: company("Pusula Fiber Demo"), why: "capitals with a dotless I" },
  { q: "KIRLANGIÇ DİJİTAL", expect: company("Kırlangıç Dijital TV Demo"), why: "Turkish capitals" },
  { q: "ILGAZ VERİ MERKEZİ", expect: company("Ilgaz Veri Merkezi Demo"), why: "Turkish capitals" },
  { q: "ılgaz veri", expect: company("Ilgaz Veri Merkezi Demo"), why: "lower-case dotless ı" },
  { q: "ilgaz anten", expect: company("Ilgaz Anten TV Demo"), why: "lower-case dotted i for a dotless I" },
  { q: "kirlangiç dijital", expect: company("Kırlangıç Dijital TV Demo"), why: "i for ı" },
  { q: "FINDIK YAYIN", expect: company("Fındık Yayın Demo"), why: "capitals, dotless I" },
  { q: "fındık yayın", expect: company("Fındık Yayın Demo"), why: "lower case, dotless ı" },
  { q: "MARTI MOBİL", expect: company("Martı Mobil Demo"), why: "capitals" },
  { q: "Çınar Dijital", expect: company("Çınar Dijital TV Demo"), why: "as written, without its last words" },
  { q: "SÜMBÜL TEKNİK SERVİS", expect: company("Sümbül Teknik Servis Demo"), why: "capitals" },
  // One typo in a word of 5 letters or more (14).
  { q: "puslua fiber", expect: company("Pusula Fiber Demo"), why: "two letters swapped" },
  { q: "pusula fibre", expect: company("Pusula Fiber Demo"), why: "British spelling" },
  { q: "mercen kablo", expect: company("Mercan Kablo Demo"), why: "one letter wrong" },
  { q: "yakamos veri", expect: company("Yakamoz Veri Merkezi Demo"), why: "one letter wrong" },
  { q: "nergiz veri merkezi", expect: company("Nergis Veri Merkezi Demo"), why: "one letter wrong" },
  { q: "kestene kolokasyon", expect: company("Kestane Kolokasyon Demo"), why: "one letter wrong" },
  { q: "sumbol mobil", expect: company("Sümbül Mobil Demo"), why: "one letter wrong, no Turkish letters" },
  { q: "akasay hosting", expect: company("Akasya Hosting Demo"), why: "two letters swapped" },
  { q: "meltem hostng", expect: company("Meltem Hosting Demo"), why: "one letter missing" },
  { q: "zeytin kurlum", expect: company("Zeytin Kurulum Demo"), why: "one letter missing" },
  { q: "defne bulutt sunucu", expect: company("Defne Bulut Sunucu Demo"), why: "one letter doubled" },
  { q: "sedef kolokasyın", expect: company("Sedef Kolokasyon Demo"), why: "ı for o" },
  { q: "bufferblot", expect: post(/^Bufferbloat: indirme/), why: "one letter missing" },
  { q: "bufferbloat", locale: "en", expect: post(/^Bufferbloat: why/), why: "English site" },
  // Two typos in a word of 9 letters or more (6).
  { q: "kolokazyno sedef", expect: company("Sedef Kolokasyon Demo"), why: "two typos in 10 letters" },
  { q: "kirlengec dijital", expect: company("Kırlangıç Dijital TV Demo"), why: "two typos in 9 letters" },
  { q: "bufrerblot", expect: post(/^Bufferbloat: indirme/), why: "two typos in 10 letters" },
  { q: "telvizyonn izlerken", expect: post("İnternetten televizyon izlerken görüntü donuyorsa"), why: "two typos in 10 letters" },
  { q: "infrastucture query", locale: "en", expect: post("How to read an infrastructure query result"), why: "one typo in 14 letters, English" },
  { q: "uptime instutite", expect: post(/^Veri merkezi Tier/), why: "two typos in 9 letters" },
  // Words cut short: the last word as a prefix (12).
  { q: "pusula fib", expect: company("Pusula Fiber Demo"), why: "last word cut" },
  { q: "kırlangıç dij", expect: company("Kırlangıç Dijital TV Demo"), why: "last word cut" },
  { q: "yakamoz ant", expect: company("Yakamoz Anten TV Demo"), why: "last word cut" },
  { q: "sedef kolok", expect: company("Sedef Kolokasyon Demo"), why: "last word cut" },
  { q: "bufferb", expect: post(/^Bufferbloat: indirme/), why: "one word cut" },
  { q: "cayma bed", expect: post("Cayma bedeli nedir, nasıl hesaplanır?"), why: "last word cut" },
  { q: "toplam mali", expect: post(/^Paketleri aylık fiyata değil/), why: "last word cut" },
  { q: "hosting seç", expect: post("Hosting seçerken nelere bakmalı?"), why: "last word cut" },
  { q: "adil bir hız tes", expect: post("Adil bir hız testi nasıl yapılır?"), why: "last word cut" },
  { q: "how to run a fair spe", locale: "en", expect: post("How to run a fair speed test"), why: "last word cut, English" },
  { q: "data center tie", locale: "en", expect: post(/^Data center tiers/), why: "last word cut, English" },
  { q: "mercan bulut sun", expect: company("Mercan Bulut Sunucu Demo"), why: "last word cut" },
  // Category, type and technology words, both languages (16).
  { q: "veri merkezi", expect: DATA_CENTERS, why: "category" },
  { q: "data center", locale: "en", expect: DATA_CENTERS, why: "category in English" },
  { q: "data center", expect: DATA_CENTERS, why: "English category on the Turkish site" },
  { q: "mobil internet", expect: MOBILE, why: "category" },
  { q: "mobile internet", locale: "en", expect: MOBILE, why: "category in English" },
  { q: "hosting ve sunucu", expect: HOSTING, why: "category" },
  { q: "hosting and servers", locale: "en", expect: HOSTING, why: "category in English" },
  { q: "analog tv platformu", expect: ANALOG_TV, why: "category" },
  { q: "analog tv platform", locale: "en", expect: ANALOG_TV, why: "category in English" },
  { q: "dijital tv platformu", expect: DIGITAL_TV, why: "category" },
  { q: "digital tv platform", locale: "en", expect: DIGITAL_TV, why: "category in English" },
  { q: "teknik servis", expect: TECHNICAL, why: "type" },
  { q: "ücretsiz internet", expect: FREE_WIFI, why: "category" },
  { q: "free internet", locale: "en", expect: FREE_WIFI, why: "category in English" },
  { q: "kablolu internet", expect: WIRED, why: "category" },
  { q: "wired internet", locale: "en", expect: WIRED, why: "category in English" },
  // A provider's package by its words (8).
  { q: "kumru sinema tv", expect: pkg(/^Sinema TV Paketi/, "Kumru Dijital TV Demo"), why: "provider and package name" },
  { q: "yakamoz anten belgesel", expect: pkg(/^Belgesel TV Paketi/, "Yakamoz Anten TV Demo"), why: "provider and package name" },
  { q: "lale mobil keyif airfiber", expect: pkg(/^Keyif AirFiber/, "Lale Mobil Demo"), why: "provider and package name" },
  { q: "pusula aile fiber", expect: pkg(/^Aile FIBER 100 Mbps/, "Pusula Fiber Demo"), why: "provider and package name" },
  { q: "pusula kablonet", expect: pkg(/KABLONET/, "Pusula Fiber Demo"), why: "provider and technology" },
  { q: "mercan avantaj adsl", expect: pkg(/^Avantaj ADSL/, "Mercan Kablo Demo"), why: "provider, package name and technology" },
  { q: "kirlangic spor tv", expect: pkg(/^Spor TV Paketi/, "Kırlangıç Dijital TV Demo"), why: "provider without Turkish letters" },
  { q: "kumru cocuk tv", expect: pkg(/^Çocuk TV Paketi/, "Kumru Dijital TV Demo"), why: "package name without Turkish letters" },
  // Posts by their titles, tags and subtitles (14).
  { q: "cayma bedeli", expect: post("Cayma bedeli nedir, nasıl hesaplanır?"), why: "post title" },
  { q: "boş port", expect: post("Boş port nedir, başvurunuz neden geri çevrilebilir?"), why: "post title" },
  { q: "bos port nedir", expect: post("Boş port nedir, başvurunuz neden geri çevrilebilir?"), why: "post title without Turkish letters" },
  { q: "free port", locale: "en", expect: post("How to read an infrastructure query result"), why: "English tag" },
  { q: "toplam maliyet", expect: post(/^Paketleri aylık fiyata değil/), why: "post title" },
  { q: "altyapı sorgu sonucu", expect: post("Altyapı sorgu sonucu nasıl okunur?"), why: "post title" },
  { q: "wi-fi mı kablo mu", expect: post(/^Wi-Fi mı, kablo mu\?/), why: "post title" },
  { q: "modem güvenliği", expect: post(/^Modeminizi kurduktan sonra/), why: "post tag" },
  { q: "wpa3", expect: post(/^Modeminizi kurduktan sonra/), why: "post tag" },
  { q: "tier seviyeleri", expect: post(/^Veri merkezi Tier/), why: "post title" },
  { q: "hat uzunluğu", expect: post(/^ADSL, VDSL ve fiber/), why: "post tag" },
  { q: "line length", locale: "en", expect: post(/^ADSL, VDSL and fiber/), why: "English post title" },
  { q: "speed test", locale: "en", expect: post("How to run a fair speed test"), why: "English post title" },
  { q: "hız testi", expect: post("Adil bir hız testi nasıl yapılır?"), why: "post title" },
  // Words only a post's body holds (9).
  { q: "upnp", expect: post(/^Modeminizi kurduktan sonra/), why: "body word" },
  { q: "nvme", expect: post("Hosting seçerken nelere bakmalı?"), why: "body word" },
  { q: "tüketici hakem heyeti", expect: post("Cayma bedeli nedir, nasıl hesaplanır?"), why: "body words" },
  { q: "cat6", expect: post(/^Wi-Fi mı, kablo mu\?/), why: "body word" },
  { q: "zayıflama", expect: post(/^ADSL, VDSL ve fiber/), why: "body word" },
  { q: "gpon", expect: post(/^ADSL, VDSL ve fiber/), why: "body word" },
  { q: "gpon", locale: "en", expect: post(/^ADSL, VDSL and fiber/), why: "body word, English site" },
  { q: "e-devlet", expect: post("Altyapı sorgu sonucu nasıl okunur?"), why: "hyphenated body word" },
  { q: "firmware", locale: "en", expect: post(/^Bufferbloat: why/), why: "English body word" },
  // Queries that must find nothing (10).
  ...["qwxzv", "zzzzzz", "kuantum bilgisayar", "asdfgh jkl", "lorem ipsum dolor", "xylofon", "pusula zebra", "ğğğ", "12345678", "fiber zürafa"].map(
    (q): Case => ({ q, expect: "nothing", why: "must find nothing" }),
  ),
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "1" });
  await indexPending(t.app, 100_000);
}, 180_000);
afterAll(() => t?.close());

function matches(hit: { kind: SearchKind; title: string; subtitle: string }, e: Expected): boolean {
  if (hit.kind !== e.kind) return false;
  if (typeof e.title === "string" ? hit.title !== e.title : !e.title.test(hit.title)) return false;
  return e.provider === undefined || hit.subtitle.includes(e.provider);
}

describe("search quality over the demo corpus", () => {
  it(`has at least 150 queries`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
  });

  it("finds what is meant first in ≥ 90 % of queries and in the top 3 in ≥ 97 %; the must-find-nothing queries find nothing", async () => {
    let first = 0;
    let top3 = 0;
    let graded = 0;
    const misses: string[] = [];
    const found: string[] = [];
    for (const c of CASES) {
      const locale = c.locale ?? "tr";
      if (c.expect === "nothing") {
        const r = await searchSite(t.app, { q: c.q, locale });
        const total = r.groups.reduce((n, g) => n + g.total, 0);
        if (total > 0) found.push(`"${c.q}" found ${total}: ${r.groups.flatMap((g) => g.hits.map((h) => h.title)).slice(0, 3).join(" | ")}`);
        continue;
      }
      graded++;
      const expected = Array.isArray(c.expect) ? c.expect : [c.expect];
      const hits = await searchSuggestions(t.app, { q: c.q, locale });
      const at = hits.findIndex((h) => expected.some((e) => matches(h, e)));
      if (at === 0) first++;
      if (at >= 0 && at < 3) top3++;
      if (at !== 0) misses.push(`[${locale}] "${c.q}" (${c.why}): at ${at < 0 ? "none" : at + 1}; first ${hits.slice(0, 3).map((h) => `${h.kind}:${h.title}`).join(" | ") || "nothing"}`);
    }
    const firstShare = first / graded;
    const top3Share = top3 / graded;
    console.log(`search quality: ${CASES.length} queries, ${graded} graded; first ${(firstShare * 100).toFixed(1)} %, top 3 ${(top3Share * 100).toFixed(1)} %; must-find-nothing: ${CASES.length - graded - found.length}/${CASES.length - graded} found nothing`);
    if (misses.length) console.log(`not first:\n  ${misses.join("\n  ")}`);
    expect(found, "must-find-nothing queries that found something").toEqual([]);
    expect(firstShare).toBeGreaterThanOrEqual(0.9);
    expect(top3Share).toBeGreaterThanOrEqual(0.97);
  }, 120_000);
});
