import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_PAGE_SIZE } from "../../common/companies";
import { companies, companyProfileViews, companyProvinces, companyServices, companySponsorships } from "../../server/companies/schema";
import { companyReviews } from "../../server/reviews/schema";
import { countProfileView } from "../../server/companies/profile-views";
import { writeLiveVersion } from "../../server/companies/save-company";
import type { CompanyEditableFields } from "../../server/companies/types";
import { SUBJECT_RULES } from "../../server/reviews/subjects";
import { insertCompany, insertUser } from "../helpers/companies";
import { htmlText, msg } from "../helpers/messages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { HOSTILE_TEXT } from "../helpers/hostile";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import type { OpenApiDocument } from "../helpers/route-table";

const refreshCompanyReviewStats = (db: TestApp["app"]["db"], companyId: number) => SUBJECT_RULES.company.refreshStats(db, companyId);

/** The public company directory: lists, filters, sorts, profiles, routing, reviews. */
let t: TestApp;
const ids: Record<string, { id: number; slug: string }> = {};
let owner: Awaited<ReturnType<typeof insertUser>>;
let otherCorporate: Awaited<ReturnType<typeof insertUser>>;
let reviewer: Awaited<ReturnType<typeof insertUser>>;
let reviewer2: Awaited<ReturnType<typeof insertUser>>;

const DAY = 86_400_000;

async function slugsOf(path: string): Promise<string[]> {
  const res = await t.fetch(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/data-testid="company-card" data-slug="([^"]+)"/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  // Behind a proxy on loopback, so a test can speak from several addresses (profile views count once per address).
  t = await startTestApp({ TRUST_PROXY: "loopback" });
  owner = await insertUser(t.app.db, { email: "owner@example.com", accountType: "corporate", fullName: "Sahip Kurumsal" });
  otherCorporate = await insertUser(t.app.db, { email: "other@example.com", accountType: "corporate" });
  reviewer = await insertUser(t.app.db, { email: "reviewer@example.com", fullName: "Yorumcu Bir" });
  reviewer2 = await insertUser(t.app.db, { email: "reviewer2@example.com", fullName: "Yorumcu İki" });
  const now = Date.now();
  ids.izmirFiber = await insertCompany(t.app.db, {
    name: "Çağlayan Fiber",
    provinces: [35],
    createdAt: new Date(now - 30 * DAY),
    ownerId: owner.id,
    tags: ["fiber"],
    packagesFooterText: "Alt metin: kampanya koşulları.",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    services: [{ name: "Fiber internet", description: "Eve kadar fiber" }],
    about: "İzmir'de fiber internet.",
  });
  ids.national = await insertCompany(t.app.db, { name: "Ülke Geneli Net", servesWholeCountry: true, createdAt: new Date(now - 20 * DAY) });
  ids.ankaraMobile = await insertCompany(t.app.db, { name: "Başkent Mobil", subTypeId: 3, provinces: [6], createdAt: new Date(now - 10 * DAY) });
  ids.hosting = await insertCompany(t.app.db, { name: "Sunucu Evi", typeId: 3, subTypeId: 6, country: "DE", createdAt: new Date(now - 5 * DAY) });
  ids.tech = await insertCompany(t.app.db, { name: "Kurulum Ustası", typeId: 4, subTypeId: null, provinces: [35], createdAt: new Date(now - 2 * DAY) });
  ids.pending = await insertCompany(t.app.db, { name: "Bekleyen İnternet", publishState: "pending", provinces: [35] });
  // Enough for paging: 45 hosting companies.
  for (let i = 0; i < 45; i++) await insertCompany(t.app.db, { name: `Barındırma ${String(i).padStart(2, "0")}`, typeId: 3, subTypeId: 6, createdAt: new Date(now - (100 + i) * DAY) });
});

afterAll(async () => {
  await t?.close();
});

describe("lists", () => {
  it("lists published companies only, with the list's own title", async () => {
    const res = await t.fetch("/isletmeler");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${htmlText(msg("tr", "companies.list.title"))} | GenişBant</title>`);
    expect(html).not.toContain("bekleyen-internet");
    expect(html).toContain(htmlText(msg("tr", "companies.list.howRanked")));
    expect(html).toContain('href="/isletmeler/siralama-ve-gelir"');
  });

  it("filters by city through the provinces served, and the whole country", async () => {
    const slugs = await slugsOf("/isletmeler/sehir/izmir");
    expect(slugs.sort()).toEqual([ids.izmirFiber!.slug, ids.national!.slug, ids.tech!.slug].sort());
    const html = await (await t.fetch("/en/isletmeler/sehir/izmir")).text();
    expect(html).toContain(`<title>${htmlText(msg("en", "companies.list.titleCity", { city: "İzmir" }))} | GenişBant</title>`);
    expect(html).toContain('rel="canonical" href="http://localhost/en/isletmeler/sehir/izmir"');
  });

  it("filters by sub type, and sub type with city", async () => {
    expect(await slugsOf("/isletmeler/mobil-internet")).toEqual([ids.ankaraMobile!.slug]);
    expect(await slugsOf("/isletmeler/kablolu-internet/ankara")).toEqual([ids.national!.slug]);
    expect(await slugsOf("/isletmeler/teknik-servis/izmir")).toEqual([ids.tech!.slug]);
  });

  it("searches with Turkish folding, and filters by type, country and score", async () => {
    expect(await slugsOf("/isletmeler?q=caglayan")).toEqual([ids.izmirFiber!.slug]);
    expect(await slugsOf("/isletmeler?q=%C3%87A%C4%9ELAYAN")).toEqual([ids.izmirFiber!.slug]);
    expect(await slugsOf("/isletmeler?q=FIBER")).toEqual([ids.izmirFiber!.slug]);
    expect(await slugsOf("/isletmeler?country=DE")).toEqual([ids.hosting!.slug]);
    expect((await slugsOf("/isletmeler?type=teknik-servis"))).toEqual([ids.tech!.slug]);
    expect(await slugsOf("/isletmeler?score=1")).toEqual([]);
    // LIKE wildcards are literal.
    expect(await slugsOf("/isletmeler?q=%25%25")).toEqual([]);
  });

  it("sorts oldest and newest, and pages", async () => {
    const newest = await slugsOf("/isletmeler?sort=newest");
    expect(newest.slice(0, 3)).toEqual([ids.tech!.slug, ids.hosting!.slug, ids.ankaraMobile!.slug]);
    expect(newest).toHaveLength(COMPANY_PAGE_SIZE);
    const oldest = await slugsOf("/isletmeler?sort=oldest");
    expect(oldest[0]).toBe("barindirma-44");
    const page3 = await slugsOf("/isletmeler?sort=oldest&page=3");
    expect(page3).toHaveLength(50 - 2 * COMPANY_PAGE_SIZE);
  });

  it("keeps a random order stable across pages with the seed in the URL", async () => {
    const first = await t.fetch("/isletmeler/hosting-ve-sunucu?sort=random");
    expect(first.status).toBe(301);
    const location = first.headers.get("location")!;
    expect(location).toMatch(/^\/isletmeler\/hosting-ve-sunucu\?sort=random&seed=[a-z0-9]{1,8}$/);
    const p1 = await slugsOf(location);
    const p1again = await slugsOf(location);
    expect(p1again).toEqual(p1);
    const p2 = await slugsOf(`${location}&page=2`);
    const p3 = await slugsOf(`${location}&page=3`);
    const all = [...p1, ...p2, ...p3];
    expect(new Set(all).size).toBe(46);
    const other = await slugsOf("/isletmeler/hosting-ve-sunucu?sort=random&seed=zz9");
    expect(other).not.toEqual(p1);
  });

  it("redirects the GET form's sub type and city into the path, once", async () => {
    const res = await t.fetch("/isletmeler?q=&type=&subType=kablolu-internet&state=izmir&score=&country=&sort=relevance");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/isletmeler/kablolu-internet/izmir?sort=relevance");
    const en = await t.fetch("/en/isletmeler/mobil-internet?subType=&state=ankara");
    expect(en.headers.get("location")).toBe("/en/isletmeler/sehir/ankara");
    const slash = await t.fetch("/isletmeler/sehir/izmir/?q=fiber");
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/isletmeler/sehir/izmir?q=fiber");
  });

  it("answers 404 for an unknown sub type or city", async () => {
    for (const path of ["/isletmeler/yok-boyle", "/isletmeler/sehir/atlantis", "/isletmeler/kablolu-internet/atlantis", "/en/isletmeler/tumu"]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
  });

  it("answers a bad filter with a 400 and the translated message, in both languages", async () => {
    const cases: [string, string, Record<string, number>?][] = [
      ["score=9", "companies.validation.score"],
      ["score=abc", "companies.validation.score"],
      ["sort=cheapest", "companies.validation.sort"],
      ["country=XX", "companies.validation.country"],
      ["q=a", "companies.validation.search.min", { min: 2 }],
      [`q=${"a".repeat(61)}`, "companies.validation.search.max", { max: 60 }],
      ["q=%00abc", "companies.validation.search.invalid"],
      ["page=0", "companies.validation.page"],
      ["seed=%3Cscript%3E", "companies.validation.seed"],
      ["type=%3Cscript%3E", "companies.validation.type"],
      ["subType=bilinmeyen", "companies.validation.subType"],
      ["state=atlantis", "companies.validation.state"],
    ];
    for (const [query, key, params] of cases) {
      for (const locale of ["tr", "en"] as const) {
        const res = await t.fetch(`${locale === "en" ? "/en" : ""}/isletmeler?${query}`);
        const html = await res.text();
        expect(res.status, query).toBe(400);
        expect(html, query).toContain(htmlText(msg(locale, key, params)));
        expect(html).not.toContain("<script>alert");
      }
    }
  });

  it("labels a sponsored company without changing the results or their order", async () => {
    const before = await slugsOf("/isletmeler?sort=oldest");
    await t.app.db.insert(companySponsorships).values({ companyId: ids.national!.id, startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
    const res = await t.fetch("/isletmeler?sort=oldest&page=3");
    const html = await res.text();
    expect(html).toContain(htmlText(msg("tr", "companies.sponsored")));
    expect(await slugsOf("/isletmeler?sort=oldest")).toEqual(before);
  });
});

describe("profile", () => {
  it("shows the profile with JSON-LD, breadcrumbs, services and a video that loads nothing from YouTube", async () => {
    const res = await t.fetch(`/kablolu-internet/${ids.izmirFiber!.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain("Fiber internet");
    expect(html).toContain('data-testid="youtube-facade"');
    expect(html).not.toMatch(/<iframe|ytimg|<img[^>]+youtube/);
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://www.youtube-nocookie.com");
    expect(html).toContain(htmlText(msg("tr", "companies.review.guest")));
  });

  it("names the country in the page's language, never by its code", async () => {
    for (const [prefix, name] of [
      ["", "Almanya"],
      ["/en", "Germany"],
    ]) {
      const html = await (await t.fetch(`${prefix}/hosting-ve-sunucu/${ids.hosting!.slug}`)).text();
      const country = msg(prefix ? "en" : "tr", "companies.profile.country");
      expect(html).toContain(`<dt class="font-medium">${country}</dt><dd class="min-w-0 break-words">${name}</dd>`);
      expect(html).not.toContain(`<dd class="min-w-0 break-words">DE</dd>`);
    }
  });

  it("uses the type's url for a company without a sub type", async () => {
    expect((await t.fetch(`/teknik-servis/${ids.tech!.slug}`)).status).toBe(200);
  });

  it("redirects a wrong sub type and a trailing slash once to the canonical path", async () => {
    const wrong = await t.fetch(`/mobil-internet/${ids.izmirFiber!.slug}`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("location")).toBe(`/kablolu-internet/${ids.izmirFiber!.slug}`);
    const wrongEn = await t.fetch(`/en/veri-merkezi/${ids.izmirFiber!.slug}/paketler`);
    expect(wrongEn.headers.get("location")).toBe(`/en/kablolu-internet/${ids.izmirFiber!.slug}/paketler`);
    const slash = await t.fetch(`/kablolu-internet/${ids.izmirFiber!.slug}/`);
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe(`/kablolu-internet/${ids.izmirFiber!.slug}`);
    const final = await t.fetch(slash.headers.get("location")!);
    expect(final.status).toBe(200);
  });

  it("answers 404 for an unknown sub type, an unknown or unpublished company", async () => {
    for (const path of [`/yok/${ids.izmirFiber!.slug}`, "/kablolu-internet/yok-boyle", `/kablolu-internet/${ids.pending!.slug}`, `/en/${ids.izmirFiber!.slug}`, `/tumu/${ids.izmirFiber!.slug}`]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
  });

  it("shows the packages page's empty state and the company's bottom text", async () => {
    const res = await t.fetch(`/en/kablolu-internet/${ids.izmirFiber!.slug}/paketler`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(htmlText(msg("en", "companies.profile.packagesEmpty")));
    expect(html).toContain("Alt metin: kampanya koşulları.");
  });
});

describe("reviews", () => {
  const profile = () => `/kablolu-internet/${ids.izmirFiber!.slug}`;
  async function post(cookie: string | null, fields: Record<string, string>, path = profile()) {
    const session = await getFormSession(t, path);
    return t.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: [session.cookie, cookie].filter(Boolean).join("; ") },
      body: new URLSearchParams({ csrf: session.csrf, ...fields }).toString(),
    });
  }
  const review = { intent: "review", fullName: "Yorumcu Bir", title: "Hızlı kurulum", body: "Kurulum iki günde yapıldı, memnunum.", score: "4" };

  it("refuses a guest with the translated message", async () => {
    const res = await post(null, review);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(htmlText(msg("tr", "errors.unauthorized")));
  });

  it("keeps a new review invisible until it is confirmed, then counts it (singular, plural)", async () => {
    const res = await post(reviewer.cookie, review);
    expect(res.status).toBe(200);
    let html = await (await t.fetch(profile())).text();
    expect(html).not.toContain("Hızlı kurulum");
    expect(html).toContain(htmlText(msg("tr", "companies.profile.noReviews")));
    await t.app.db.update(companyReviews).set({ state: "confirmed" }).where(eq(companyReviews.userId, reviewer.id));
    await refreshCompanyReviewStats(t.app.db, ids.izmirFiber!.id);
    html = await (await t.fetch(`/en${profile()}`)).text();
    expect(html).toContain("Hızlı kurulum");
    expect(html).toContain("1 confirmed review<");
    expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":4,"reviewCount":1');
    expect(await post(reviewer2.cookie, { ...review, fullName: "Yorumcu İki", score: "5" })).toHaveProperty("status", 200);
    await t.app.db.update(companyReviews).set({ state: "confirmed" }).where(eq(companyReviews.userId, reviewer2.id));
    await refreshCompanyReviewStats(t.app.db, ids.izmirFiber!.id);
    html = await (await t.fetch(`/en${profile()}`)).text();
    expect(html).toContain("2 confirmed reviews<");
    expect(await slugsOf("/isletmeler?score=5")).toEqual([]);
    expect(await slugsOf("/isletmeler?score=4")).toEqual([ids.izmirFiber!.slug]);
  });

  it("sends an edited review back to moderation (one review per user)", async () => {
    const res = await post(reviewer2.cookie, { ...review, fullName: "Yorumcu İki", title: "Düzenlendi", score: "1" });
    expect(res.status).toBe(200);
    const rows = await t.app.db.select().from(companyReviews).where(eq(companyReviews.userId, reviewer2.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe("unconfirmed");
    const html = await (await t.fetch(`/en${profile()}`)).text();
    expect(html).toContain("1 confirmed review<");
    expect(html).not.toContain("Düzenlendi");
  });

  it("stores hostile text as text and refuses bad scores and bounds", async () => {
    const bad: [Record<string, string>, string, string, Record<string, number>?][] = [
      [{ score: "6" }, "score", "companies.validation.review.score"],
      [{ score: "abc" }, "score", "companies.validation.review.score"],
      [{ title: "" }, "title", "companies.validation.review.title.required"],
      [{ body: "kısa" }, "body", "companies.validation.review.body.min", { min: 10 }],
      [{ fullName: HOSTILE_TEXT.nul.value }, "fullName", "companies.validation.review.fullName.invalid"],
      [{ title: "a".repeat(121) }, "title", "companies.validation.review.title.max", { max: 120 }],
    ];
    for (const [fields, , key, params] of bad) {
      const res = await post(reviewer.cookie, { ...review, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await res.text()).toContain(htmlText(msg("tr", key, params)));
    }
    const res = await post(reviewer.cookie, { ...review, title: HOSTILE_TEXT.html.value });
    expect(res.status).toBe(200);
    await t.app.db.update(companyReviews).set({ state: "confirmed" }).where(eq(companyReviews.userId, reviewer.id));
    const html = await (await t.fetch(profile())).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("lets the owner answer once; another corporate user cannot", async () => {
    const [row] = await t.app.db.select().from(companyReviews).where(eq(companyReviews.userId, reviewer.id));
    const other = await post(otherCorporate.cookie, { intent: "answer", reviewId: String(row!.id), answer: "Teşekkürler!" });
    expect(other.status).toBe(404);
    for (const forged of ["0", "-1", "abc", "99999999"]) {
      expect((await post(owner.cookie, { intent: "answer", reviewId: forged, answer: "Teşekkürler!" })).status, forged).toBe(404);
    }
    const ok = await post(owner.cookie, { intent: "answer", reviewId: String(row!.id), answer: "Teşekkürler!" });
    expect(ok.status).toBe(200);
    const again = await post(owner.cookie, { intent: "answer", reviewId: String(row!.id), answer: "İkinci yanıt" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(htmlText(msg("tr", "companies.errors.alreadyAnswered")));
    expect(await (await t.fetch(profile())).text()).toContain("Teşekkürler!");
  });

  it("refuses an unknown intent", async () => {
    expect((await post(reviewer.cookie, { intent: "delete" })).status).toBe(400);
  });
});

describe("API", () => {
  let schemas: ApiSchemas;
  beforeAll(async () => {
    schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
  });

  it("answers what the OpenAPI document says, for successes and refusals", async () => {
    await schemas.expectMatchesSchema(await call("/companies?sort=newest"), "/companies", "get", 200);
    await schemas.expectMatchesSchema(await call("/companies?score=9"), "/companies", "get", 400);
    await schemas.expectMatchesSchema(await call(`/companies/${ids.izmirFiber!.slug}`), "/companies/{slug}", "get", 200);
    await schemas.expectMatchesSchema(await call("/companies/yok"), "/companies/{slug}", "get", 404);
    await schemas.expectMatchesSchema(await call(`/companies/${ids.izmirFiber!.slug}/reviews`), "/companies/{slug}/reviews", "get", 200);
    await schemas.expectMatchesSchema(await call(`/companies/${ids.izmirFiber!.slug}/reviews`, { method: "POST", json: {} }), "/companies/{slug}/reviews", "post", 401);
    await schemas.expectMatchesSchema(await call("/reviews/1/answer", { method: "POST", json: {}, token: owner.token }), "/reviews/{id}/answer", "post", 400);
  });

  const call = (path: string, init: { method?: string; json?: unknown; token?: string; lang?: string } = {}) =>
    t.fetch(`/api/v1${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.lang ? { "accept-language": init.lang } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });

  it("lists with the same filters and a random seed to send back", async () => {
    const res = await call("/companies?state=izmir&subType=kablolu-internet");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { slug: string }[]; seed: string | null };
    expect(body.items.map((c) => c.slug).sort()).toEqual([ids.izmirFiber!.slug, ids.national!.slug].sort());
    const random = (await (await call("/companies?sort=random&subType=hosting-ve-sunucu")).json()) as { seed: string; items: { slug: string }[] };
    expect(random.seed).toMatch(/^[a-z0-9]{1,8}$/);
    const again = (await (await call(`/companies?sort=random&subType=hosting-ve-sunucu&seed=${random.seed}`)).json()) as { items: { slug: string }[] };
    expect(again.items).toEqual(random.items);
  });

  it("refuses bad filters with translated messages", async () => {
    for (const [query, key] of [
      ["score=7", "companies.validation.score"],
      ["state=atlantis", "companies.validation.state"],
      ["subType=yok", "companies.validation.subType"],
      ["q=a&q=b", "companies.validation.search.invalid"],
    ] as const) {
      for (const lang of ["tr", "en"] as const) {
        const res = await call(`/companies?${query}`, { lang });
        expect(res.status, query).toBe(400);
        const body = (await res.json()) as { exception: string; message: string };
        expect(body.exception).toBe("E_VALIDATION");
        expect(body.message).toBe(msg(lang, key, key.endsWith(".min") ? { min: 2 } : {}));
      }
    }
  });

  it("reads a profile and its reviews; 404 for a pending or unknown company", async () => {
    const res = await call(`/companies/${ids.izmirFiber!.slug}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { company: Record<string, unknown> };
    expect(body.company.name).toBe("Çağlayan Fiber");
    expect(body.company).not.toHaveProperty("ownerId");
    expect((await call(`/companies/${ids.pending!.slug}`)).status).toBe(404);
    expect((await call("/companies/yok-boyle/reviews")).status).toBe(404);
    const reviews = (await (await call(`/companies/${ids.izmirFiber!.slug}/reviews`)).json()) as { reviews: unknown[]; total: number };
    expect(reviews.total).toBe(reviews.reviews.length);
  });

  it("writes a review with a bearer token, refuses a guest, and answers once", async () => {
    const user = await insertUser(t.app.db, { email: "api.reviewer@example.com" });
    const input = { fullName: "API Yorumcu", title: "Uygulamadan yorum", body: "Mobil uygulamadan yazılmış bir yorum.", score: 3 };
    expect((await call(`/companies/${ids.national!.slug}/reviews`, { method: "POST", json: input })).status).toBe(401);
    const res = await call(`/companies/${ids.national!.slug}/reviews`, { method: "POST", json: input, token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, created: true, state: "unconfirmed" });
    const own = (await (await call(`/companies/${ids.national!.slug}/reviews`, { token: user.token })).json()) as { own: { state: string } | null; reviews: unknown[] };
    expect(own.own?.state).toBe("unconfirmed");
    expect(own.reviews).toHaveLength(0);
    for (const bad of [{ ...input, score: "5; DROP" }, { ...input, title: 42 }, { ...input, body: null }, []]) {
      expect((await call(`/companies/${ids.national!.slug}/reviews`, { method: "POST", json: bad, token: user.token })).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("sitemap", () => {
  it("lists every published profile and the list pages that have companies, in both languages", async () => {
    const xml = await (await t.fetch("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>http://localhost/kablolu-internet/${ids.izmirFiber!.slug}</loc>`);
    expect(xml).toContain(`<loc>http://localhost/en/kablolu-internet/${ids.izmirFiber!.slug}</loc>`);
    expect(xml).toContain(`<loc>http://localhost/teknik-servis/${ids.tech!.slug}</loc>`);
    expect(xml).not.toContain(ids.pending!.slug);
    expect(xml).toContain("<loc>http://localhost/isletmeler/mobil-internet/ankara</loc>");
    expect(xml).toContain("<loc>http://localhost/en/isletmeler/sehir/izmir</loc>");
    // The whole-country company fills every city of its category.
    expect(xml).toContain("<loc>http://localhost/isletmeler/kablolu-internet/van</loc>");
    expect(xml).not.toContain("<loc>http://localhost/isletmeler/mobil-internet/van</loc>");
    expect(xml).not.toContain("<loc>http://localhost/isletmeler/veri-merkezi</loc>");
  });
});

describe("home sections", () => {
  it("shows popular companies by confirmed reviews and profile views, and the count per category with the no-provider message", async () => {
    // Reloads from one address count once a day, so a script cannot lift a company ...
    const viewsOf = async (slug: string) => {
      const [row] = await t.app.db
        .select({ views: sql<number>`coalesce(sum(${companyProfileViews.views}), 0)::int` })
        .from(companyProfileViews)
        .innerJoin(companies, eq(companies.id, companyProfileViews.companyId))
        .where(eq(companies.slug, slug));
      return row!.views;
    };
    for (let i = 0; i < 20; i++) await t.fetch("/hosting-ve-sunucu/barindirma-07", { headers: { "x-forwarded-for": "198.51.100.7" } });
    await t.fetch("/api/v1/companies/barindirma-07", { headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(await viewsOf("barindirma-07")).toBe(1);
    // ... while views from many addresses of a company with no reviews lift it above the others.
    for (let i = 0; i < 50; i++) await t.fetch("/hosting-ve-sunucu/barindirma-07", { headers: { "x-forwarded-for": `203.0.113.${i + 1}` } });
    expect(await viewsOf("barindirma-07")).toBe(51);
    const html = await (await t.fetch("/en")).text();
    const popular = html.slice(html.indexOf('data-testid="popular-companies"'), html.indexOf('data-testid="company-stats"'));
    const order = [...popular.matchAll(/data-slug="([^"]+)"/g)].map((m) => m[1]);
    expect(order[0]).toBe("barindirma-07");
    expect(order).toContain(ids.izmirFiber!.slug);
    const stats = html.slice(html.indexOf('data-testid="company-stats"'));
    expect(stats).toContain(htmlText(msg("en", "companies.home.noProvider", { category: "Data Center" })));
    expect(stats).toContain(">46 companies<");
    expect(stats).toContain(">1 company<");
  });
});

describe("home page sent once", () => {
  it("carries its sections as HTML and not again as hydration data; a client-side navigation's data request has them (decision 040)", async () => {
    const html = await (await t.fetch("/en")).text();
    expect(html).toContain('data-testid="popular-companies"');
    expect(html).toContain(`data-slug="${ids.izmirFiber!.slug}"`);
    const handoff = [...html.matchAll(/<script[^>]*>([^<]*streamController[^<]*)<\/script>/g)].map((m) => m[1]).join("\n");
    expect(handoff).toContain("sections");
    expect(handoff).not.toContain(ids.izmirFiber!.slug);
    expect(handoff).not.toContain("popularPackageCards");
    const data = await (await t.fetch("/en.data")).text();
    expect(data).toContain(ids.izmirFiber!.slug);
    expect(data).toContain("popularPackageCards");
  });
});

describe("profile views", () => {
  it("count on the day in Turkey, the day the once-per-address rule counts by", async () => {
    const [company] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.slug, "barindirma-11"));
    // 22:30 UTC on the 27th is 01:30 on the 28th in Istanbul: the 28th's view, and a second one that night is the same address's same day.
    const night = new Date("2026-11-27T22:30:00Z");
    await countProfileView(t.app.db, company!.id, "hash-of-a-night-visitor", night);
    await countProfileView(t.app.db, company!.id, "hash-of-a-night-visitor", new Date("2026-11-28T05:00:00Z"));
    const rows = await t.app.db.select({ day: companyProfileViews.day, views: companyProfileViews.views }).from(companyProfileViews).where(eq(companyProfileViews.companyId, company!.id));
    expect(rows).toEqual([{ day: "2026-11-28", views: 1 }]);
  });
});

describe("review limits and erased accounts", () => {
  it("limits reviews per user per hour, with the translated wait", async () => {
    const user = await insertUser(t.app.db, { email: "limit.reviewer@example.com" });
    const path = `/kablolu-internet/${ids.izmirFiber!.slug}`;
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 6; i++) {
      const session = await getFormSession(t, path);
      const res = await t.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${session.cookie}; ${user.cookie}` },
        body: new URLSearchParams({ csrf: session.csrf, intent: "review", fullName: "Sınır Üye", title: `Deneme ${i}`, body: "Sınır denemesi için yazılmış yorum.", score: "3" }).toString(),
      });
      statuses.push(res.status);
      last = await res.text();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last).toContain(htmlText(msg("tr", "companies.errors.reviewLimit", { count: 60 })));
  });

  it("anonymises the reviews of an erased account (the purge's anonymiser)", async () => {
    const companyReviewAnonymiser = t.app.modules.flatMap((m) => m.anonymisers ?? []).find((a) => a.name === "company-reviews")!;
    const user = await insertUser(t.app.db, { email: "erased.reviewer@example.com" });
    await t.app.db.insert(companyReviews).values({ companyId: ids.national!.id, userId: user.id, fullName: "Silinecek Kişi", title: "Başlık", body: "Yorum metni burada.", score: 4, state: "confirmed" });
    await t.app.db.transaction((tx) => companyReviewAnonymiser.run({ tx, userId: user.id, formerEmail: "erased.reviewer@example.com", erasedEmail: "x@invalid", now: new Date() }));
    const rows = await t.app.db.select().from(companyReviews).where(eq(companyReviews.title, "Başlık"));
    expect(rows.map((r) => [r.fullName, r.userId, r.body])).toEqual([["", null, "Yorum metni burada."]]);
    await refreshCompanyReviewStats(t.app.db, ids.national!.id);
    const html = await (await t.fetch(`/kablolu-internet/${ids.national!.slug}`)).text();
    expect(html).toContain(htmlText(msg("tr", "companies.review.formerMember")));
    expect(html).not.toContain("Silinecek Kişi");
  });
});

describe("writeLiveVersion (shared by the dashboard, the approvals and the import)", () => {
  const fields = (over: Partial<CompanyEditableFields> = {}): CompanyEditableFields => ({
    name: "Yazım Testi Net",
    typeId: 2,
    subTypeId: 3,
    logo: null,
    country: "TR",
    provinceCode: 16,
    phone: null,
    fax: null,
    kepAddress: null,
    corporateTitle: "Yazım Testi A.Ş.",
    webUrl: null,
    email: null,
    address: null,
    tags: ["şebeke"],
    about: null,
    youtubeUrl: null,
    metaTitle: null,
    metaKeywords: null,
    metaDescription: null,
    packagesFooterText: null,
    servesWholeCountry: false,
    provinces: [16, 16, 41],
    services: [{ name: "Mobil veri", description: null, logo: null }],
    ...over,
  });

  const insert = (name: string) =>
    t.app.db
      .insert(companies)
      .values({ ownerId: owner.id, name, slug: `yazim-${Date.now()}-${Math.random().toString(36).slice(2)}`, typeId: 2, subTypeId: 3, publishState: "pending" })
      .returning({ id: companies.id })
      .then(([row]) => row.id);
  const slugOf = (id: number) => t.app.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, id)).then(([r]) => r.slug);

  it("writes a version with its slug, search text, services and provinces; a pending one stays private", async () => {
    const id = await insert("Yazım Testi Net");
    await t.app.db.transaction((tx) => writeLiveVersion(tx, id, fields()));
    expect(await slugOf(id)).toBe("yazim-testi-net");
    expect(await slugsOf("/isletmeler?q=sebeke")).toEqual([]);
    await t.app.db.update(companies).set({ publishState: "published" }).where(eq(companies.id, id));
    expect(await slugsOf("/isletmeler/mobil-internet/kocaeli?q=SEBEKE")).toEqual(["yazim-testi-net"]);
    await t.app.db.transaction((tx) => writeLiveVersion(tx, id, fields({ name: "Çağlayan Fiber", servesWholeCountry: true, services: [] })));
    expect(await slugOf(id)).toBe("caglayan-fiber-2");
    expect(await t.app.db.select().from(companyProvinces).where(eq(companyProvinces.companyId, id))).toEqual([]);
    expect(await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, id))).toEqual([]);
    const reserved = await insert("Paketler");
    await t.app.db.transaction((tx) => writeLiveVersion(tx, reserved, fields({ name: "Paketler" })));
    expect(await slugOf(reserved)).toBe("paketler-2");
  });
});
