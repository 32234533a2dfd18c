import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/accounts/schema";
import { packages } from "../../server/packages/schema";
import { companyReviews, packageReviews } from "../../server/reviews/schema";
import { getDashboardSummary } from "../../server/accounts/dashboard-summary";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages, expectPageRefusal } from "../helpers/expect-error";
import { FORGED_IDS, HOSTILE_TEXT, WRONG_TYPES } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany, makePackage } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Package reviews: the same rules as company reviews, on the package page and
 * in the API; the moderation page's packages tab and the moderation calls for both kinds.
 */
let t: TestApp;
let csrf: { cookie: string; csrf: string };
type User = Awaited<ReturnType<typeof insertUser>>;
let owner: User;
let otherCorporate: User;
let admin: User;
let writer: User;
let writer2: User;
let company: { id: number; slug: string; name: string };
let pkgId: number;
let withdrawnId: number;
let schemas: ApiSchemas;

const PAGE = () => `/kablolu-internet/${company.slug}/paket/fiber-yorum-100`;
const WITHDRAWN_PAGE = () => `/kablolu-internet/${company.slug}/paket/eski-yorum-fiber`;
const review = { intent: "review", fullName: "Paket Yorumcu", title: "Hız tutarlı", body: "Akşam saatlerinde de hız düşmedi, memnunum.", score: "4" };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  csrf = await getFormSession(t);
  owner = await insertUser(db, { email: "pr.owner@example.com", accountType: "corporate", fullName: "Paket Sahibi" });
  otherCorporate = await insertUser(db, { email: "pr.other@example.com", accountType: "corporate" });
  admin = await insertUser(db, { email: "pr.admin@example.com", isAdmin: true });
  writer = await insertUser(db, { email: "pr.writer@example.com", fullName: "Paket Yorumcu" });
  writer2 = await insertUser(db, { email: "pr.writer2@example.com", fullName: "İkinci Yorumcu" });
  company = await makeCompany(db, { name: "Yorum Fiber AŞ", ownerId: owner.id });
  pkgId = await makePackage(db, company.id, { title: "Fiber Yorum 100" });
  withdrawnId = await makePackage(db, company.id, { title: "Eski Yorum Fiber" });
  await db.update(packages).set({ withdrawnAt: new Date(Date.now() - 10 * 86_400_000) }).where(eq(packages.id, withdrawnId));
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(async () => {
  await t?.close();
});

function post(path: string, cookie: string | null, fields: Record<string, string>) {
  return t.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [csrf.cookie, cookie].filter(Boolean).join("; ") },
    body: new URLSearchParams({ csrf: csrf.csrf, ...fields }).toString(),
  });
}
const page = async (path: string, cookie?: string) => (await t.fetch(path, cookie ? { headers: { cookie } } : {})).text();
const reviewRows = (userId: number) => t.app.db.select().from(packageReviews).where(and(eq(packageReviews.packageId, pkgId), eq(packageReviews.userId, userId)));
const moderate = (intent: string, reviewId: number | string, subject = "package") =>
  post("/yorumlar?sekme=paketler", admin.cookie, { subject, intent, reviewId: String(reviewId) });
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
const product = (html: string) => jsonLd(html).find((j) => j["@type"] === "Product")!;

function call(path: string, init: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  return t.fetch(`/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

describe("the package page", () => {
  it("tells a guest to register (with the link) and refuses a guest's review with the translated message", async () => {
    const html = await page(`/en${PAGE()}`);
    expect(html).toContain('data-testid="review-guest"');
    expect(html).toContain(htmlText(msg("en", "companies.review.guest")));
    expect(html).toMatch(/<a href="\/en\/hesap-olustur"[^>]*>/);
    expect(html).toContain(htmlText(msg("en", "packages.reviews.noReviews")));
    const res = await post(PAGE(), null, review);
    await expectPageRefusal(res, "tr", { status: 401, keys: ["errors.unauthorized"] });
    expect(await t.app.db.select().from(packageReviews)).toEqual([]);
  });

  it("keeps a new review invisible until an administrator confirms it on the packages tab; then the score, the count (singular, plural) and the JSON-LD rating change", async () => {
    expect((await post(PAGE(), writer.cookie, review)).status).toBe(200);
    let html = await page(PAGE());
    expect(html).not.toContain("Hız tutarlı");
    expect(html).toContain(htmlText(msg("tr", "packages.reviews.noReviews")));
    expect(product(html)).not.toHaveProperty("aggregateRating");
    // The writer sees their own review is waiting.
    expect(await page(PAGE(), writer.cookie)).toContain(htmlText(msg("tr", "companies.review.pendingOwn")));

    const [row] = await reviewRows(writer.id);
    expect(row).toMatchObject({ state: "unconfirmed", score: 4, fullName: "Paket Yorumcu" });
    const tab = await page("/yorumlar?sekme=paketler", admin.cookie);
    expect(tab).toContain("Hız tutarlı");
    expect(tab).toContain(`href="${PAGE()}"`);
    expect(tab).toContain(`href="/kablolu-internet/${company.slug}"`);
    expect(tab).toContain("Fiber Yorum 100");
    expect(tab).toContain("Yorum Fiber AŞ");
    expect(tab).toContain('name="subject" value="package"');
    // The company tab does not list package reviews.
    expect(await page("/yorumlar?sekme=isletmeler", admin.cookie)).not.toContain("Hız tutarlı");

    expect((await moderate("confirm", row!.id)).status).toBe(200);
    html = await page(`/en${PAGE()}`);
    expect(html).toContain("Hız tutarlı");
    expect(html).toContain("1 confirmed review<");
    expect(product(html)).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
      review: [{ "@type": "Review", name: "Hız tutarlı", author: { "@type": "Person", name: "Paket Yorumcu" }, reviewRating: { "@type": "Rating", ratingValue: 4 } }],
    });

    expect((await post(PAGE(), writer2.cookie, { ...review, fullName: "İkinci Yorumcu", title: "Kurulum hızlıydı", score: "5" })).status).toBe(200);
    const [second] = await reviewRows(writer2.id);
    expect((await moderate("confirm", second!.id)).status).toBe(200);
    html = await page(`/en${PAGE()}`);
    expect(html).toContain("2 confirmed reviews<");
    expect(html).toContain(htmlText(msg("en", "companies.profile.scoreSummary", { score: "4.5" })));
    expect(product(html)).toMatchObject({ aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
    const [stats] = await t.app.db.select({ n: packages.reviewCount, sum: packages.reviewScoreSum }).from(packages).where(eq(packages.id, pkgId));
    expect(stats).toEqual({ n: 2, sum: 9 });
    const actions = (await t.app.db.select({ a: auditLog.action, d: auditLog.details }).from(auditLog).where(eq(auditLog.actorId, admin.id))).map((r) => [r.a, r.d]);
    expect(actions).toEqual([
      ["package_review.confirm", { reviewId: row!.id, packageId: pkgId, from: "unconfirmed", to: "confirmed" }],
      ["package_review.confirm", { reviewId: second!.id, packageId: pkgId, from: "unconfirmed", to: "confirmed" }],
    ]);
  });

  it("sends an edited review back to moderation (one review per user per package)", async () => {
    expect((await post(PAGE(), writer2.cookie, { ...review, fullName: "İkinci Yorumcu", title: "Düzenlenmiş başlık", score: "1" })).status).toBe(200);
    const rows = await reviewRows(writer2.id);
    expect(rows.map((r) => [r.state, r.title, r.score])).toEqual([["unconfirmed", "Düzenlenmiş başlık", 1]]);
    const html = await page(`/en${PAGE()}`);
    expect(html).toContain("1 confirmed review<");
    expect(html).not.toContain("Düzenlenmiş başlık");
    expect(await page(PAGE(), writer2.cookie)).toContain(htmlText(msg("tr", "companies.review.editNotice")));
  });

  it("refuses bad scores, bounds and characters with translated messages, and stores nothing", async () => {
    const before = await t.app.db.select().from(packageReviews);
    const bad: [Record<string, string>, string, Record<string, number>?][] = [
      [{ score: "6" }, "companies.validation.review.score"],
      [{ score: "0" }, "companies.validation.review.score"],
      [{ score: "4.5" }, "companies.validation.review.score"],
      [{ score: "abc" }, "companies.validation.review.score"],
      [{ title: "" }, "companies.validation.review.title.required"],
      [{ body: "kısa" }, "companies.validation.review.body.min", { min: 10 }],
      [{ body: "a".repeat(3001) }, "companies.validation.review.body.max", { max: 3000 }],
      [{ title: "a".repeat(121) }, "companies.validation.review.title.max", { max: 120 }],
      [{ fullName: HOSTILE_TEXT.nul.value }, "companies.validation.review.fullName.invalid"],
      [{ fullName: HOSTILE_TEXT.control.value }, "companies.validation.review.fullName.invalid"],
      [{ body: `${HOSTILE_TEXT.control.value} yeterince uzun bir metin` }, "companies.validation.review.body.invalid"],
    ];
    for (const [fields, key, params] of bad) {
      await expectPageRefusal(await post(PAGE(), writer.cookie, { ...review, ...fields }), "tr", { status: 400, keys: [{ key, params }] }, JSON.stringify(fields));
    }
    // A raw NUL byte in each text field, in both languages (a body no browser would send).
    for (const field of ["fullName", "title", "body"] as const) {
      for (const [locale, path] of [["tr", PAGE()], ["en", `/en${PAGE()}`]] as const) {
        const fields = { fullName: "Ay%C5%9Fe", title: "Ba%C5%9Fl%C4%B1k", body: "Yeterince+uzun+bir+yorum+metni.", [field]: "Yeterince+uzun%00metin" };
        const res = await t.fetch(path, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrf.cookie}; ${writer.cookie}` },
          body: `csrf=${csrf.csrf}&intent=review&score=3&${Object.entries(fields).map(([k, v]) => `${k}=${v}`).join("&")}`,
        });
        await expectPageRefusal(res, locale, { status: 400, keys: [`companies.validation.review.${field}.invalid`] }, `${field} ${locale}`);
      }
    }
    expect(await t.app.db.select().from(packageReviews)).toEqual(before);
  });

  it("stores HTML and script as text and never renders them as markup", async () => {
    const user = await insertUser(t.app.db, { email: "pr.html@example.com" });
    expect((await post(PAGE(), user.cookie, { ...review, title: HOSTILE_TEXT.html.value, body: `${HOSTILE_TEXT.html.value} ${HOSTILE_TEXT.sql.value}` })).status).toBe(200);
    const [row] = await reviewRows(user.id);
    expect(row!.title).toBe(HOSTILE_TEXT.html.value);
    expect((await moderate("confirm", row!.id)).status).toBe(200);
    for (const html of [await page(PAGE()), await page("/yorumlar?sekme=paketler&durum=tumu", admin.cookie)]) {
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
    // Inside the JSON-LD the text is JSON, and "<" cannot close the script element.
    const raw = await page(PAGE());
    expect(product(raw).review).toEqual(expect.arrayContaining([expect.objectContaining({ name: HOSTILE_TEXT.html.value })]));
    expect((await moderate("remove", row!.id)).status).toBe(200);
  });

  it("takes no review of a withdrawn package: the page says so, the form and the call are refused", async () => {
    const html = await page(WITHDRAWN_PAGE(), writer.cookie);
    expect(html).toContain('data-testid="review-closed"');
    expect(html).toContain(htmlText(msg("tr", "packages.reviews.closed")));
    expect(html).not.toContain('name="intent" value="review"');
    await expectPageRefusal(await post(WITHDRAWN_PAGE(), writer.cookie, review), "tr", { status: 409, keys: ["packages.reviews.withdrawn"] });
    await expectApiRefusalInBothLanguages(
      (headers) => call(`/packages/${withdrawnId}/reviews`, { method: "POST", token: writer.token, json: { ...review, score: 4 }, headers }),
      { status: 409, code: "E_CONFLICT", key: "packages.reviews.withdrawn" },
    );
    expect(await t.app.db.select().from(packageReviews).where(eq(packageReviews.packageId, withdrawnId))).toEqual([]);
  });

  it("lets the company's owner answer once, publicly; another company gets 404, an individual 403, forged ids 404", async () => {
    const [row] = await reviewRows(writer.id);
    const answer = (cookie: string, reviewId: string, text = "Teşekkür ederiz, iyi kullanımlar.") => post(PAGE(), cookie, { intent: "answer", reviewId, answer: text });
    // The owner sees the answer form; another company does not.
    expect(await page(PAGE(), owner.cookie)).toContain('name="intent" value="answer"');
    expect(await page(PAGE(), otherCorporate.cookie)).not.toContain('name="intent" value="answer"');
    await expectPageRefusal(await answer(otherCorporate.cookie, String(row!.id)), "tr", { status: 404, keys: ["companies.errors.reviewNotFound"] });
    await expectPageRefusal(await answer(writer2.cookie, String(row!.id)), "tr", { status: 403, keys: ["errors.forbidden"] });
    for (const forged of FORGED_IDS) expect((await answer(owner.cookie, forged.value)).status, forged.name).toBe(404);
    // An unconfirmed review cannot be answered.
    const [pending] = await reviewRows(writer2.id);
    await expectPageRefusal(await answer(owner.cookie, String(pending!.id)), "tr", { status: 409, keys: ["companies.errors.answerNotAllowed"] });
    await expectPageRefusal(await answer(owner.cookie, String(row!.id), HOSTILE_TEXT.nul.value), "tr", { status: 400, keys: ["companies.validation.answer.invalid"] });

    expect((await answer(owner.cookie, String(row!.id))).status).toBe(200);
    await expectPageRefusal(await answer(owner.cookie, String(row!.id), "İkinci yanıt"), "tr", { status: 409, keys: ["companies.errors.alreadyAnswered"] });
    const html = await page(PAGE());
    expect(html).toContain("Teşekkür ederiz, iyi kullanımlar.");
    expect(html).not.toContain("İkinci yanıt");
  });

  it("refuses an unknown intent", async () => {
    expect((await post(PAGE(), writer.cookie, { intent: "delete" })).status).toBe(400);
  });
});

describe("the moderation page's packages tab", () => {
  it("filters by state, removes and restores with the counts following, and refuses forged ids, wrong states and an unknown subject", async () => {
    const [row] = await reviewRows(writer.id);
    const stats = async () => (await t.app.db.select({ n: packages.reviewCount }).from(packages).where(eq(packages.id, pkgId)))[0]!.n;
    const before = await stats();
    const waiting = await page("/yorumlar?sekme=paketler", admin.cookie);
    expect(waiting).toContain("Düzenlenmiş başlık");
    expect(waiting).not.toContain("Hız tutarlı");
    expect(await page("/yorumlar?sekme=paketler&durum=confirmed", admin.cookie)).toContain("Hız tutarlı");

    expect((await moderate("remove", row!.id)).status).toBe(200);
    expect(await stats()).toBe(before - 1);
    expect(await page("/yorumlar?sekme=paketler&durum=removed", admin.cookie)).toContain("Hız tutarlı");
    expect(await page(PAGE())).not.toContain("Hız tutarlı");
    await expectPageRefusal(await moderate("remove", row!.id), "tr", { status: 409, keys: ["companyAdmin.errors.reviewState"] });
    expect((await moderate("restore", row!.id)).status).toBe(200);
    expect((await reviewRows(writer.id))[0]!.state).toBe("unconfirmed");
    expect((await moderate("confirm", row!.id)).status).toBe(200);
    expect(await stats()).toBe(before);

    for (const id of FORGED_IDS) expect((await moderate("confirm", id.value)).status, id.name).toBe(404);
    await expectPageRefusal(await moderate("confirm", row!.id, "forum"), "tr", { status: 400, keys: ["companyAdmin.errors.unknownSubject"] });
    await expectPageRefusal(await moderate("delete", row!.id), "tr", { status: 400, keys: ["companyAdmin.errors.unknownIntent"] });
    expect((await post("/yorumlar?sekme=paketler", owner.cookie, { subject: "package", intent: "remove", reviewId: String(row!.id) })).status).toBe(403);
    expect((await reviewRows(writer.id))[0]!.state).toBe("confirmed");
    const actions = (await t.app.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id))).map((r) => r.a);
    expect(actions.slice(-3)).toEqual(["package_review.remove", "package_review.restore", "package_review.confirm"]);
  });

  it("counts package reviews in the company owner's dashboard summary", async () => {
    const total = (await t.app.db.select().from(packageReviews).where(eq(packageReviews.packageId, pkgId))).length;
    const companyTotal = (await t.app.db.select().from(companyReviews).where(eq(companyReviews.companyId, company.id))).length;
    const actor = { user: { id: owner.id, isAdmin: false, accountType: "corporate" as const, fullName: "", email: "", image: null, emailVerified: true } };
    expect((await getDashboardSummary(t.app, { actor })).counts.comments).toBe(total + companyTotal);
    const other = { user: { ...actor.user, id: otherCorporate.id } };
    expect((await getDashboardSummary(t.app, { actor: other })).counts.comments).toBe(0);
  });
});

describe("API", () => {
  it("reads a package's reviews: confirmed ones for everyone, the caller's own in any state, whether the caller may answer", async () => {
    const guest = (await schemas.expectMatchesSchema(await call(`/packages/${pkgId}/reviews`), "/packages/{id}/reviews", "get", 200)) as {
      reviews: { title: string }[];
      total: number;
      own: unknown;
      canAnswer: boolean;
    };
    expect(guest.reviews.map((r) => r.title)).toContain("Hız tutarlı");
    expect(guest.total).toBe(guest.reviews.length);
    expect(guest).toMatchObject({ own: null, canAnswer: false });
    const mine = (await (await call(`/packages/${pkgId}/reviews`, { token: writer2.token })).json()) as { own: { state: string; title: string } };
    expect(mine.own).toMatchObject({ state: "unconfirmed", title: "Düzenlenmiş başlık" });
    expect(((await (await call(`/packages/${pkgId}/reviews`, { token: owner.token })).json()) as { canAnswer: boolean }).canAnswer).toBe(true);
    expect(((await (await call(`/packages/${pkgId}/reviews`, { token: otherCorporate.token })).json()) as { canAnswer: boolean }).canAnswer).toBe(false);
    // The tariff archive keeps its reviews readable; an unknown or forged id is 404.
    expect((await call(`/packages/${withdrawnId}/reviews`)).status).toBe(200);
    for (const id of ["99999999", "0", "-1", "abc", "1.5", "2147483648"]) {
      await schemas.expectMatchesSchema(await call(`/packages/${id}/reviews`), "/packages/{id}/reviews", "get", 404);
    }
    await expectApiRefusalInBothLanguages((headers) => call(`/packages/${pkgId}/reviews?page=0`, { headers }), {
      status: 400,
      code: "E_VALIDATION",
      key: "companies.validation.page",
      fields: { page: "companies.validation.page" },
    });
  });

  it("writes with a bearer token (a guest is 401) and refuses wrong types and hostile text, storing nothing", async () => {
    const user = await insertUser(t.app.db, { email: "pr.api@example.com" });
    const input = { fullName: "API Yorumcu", title: "Uygulamadan yorum", body: "Mobil uygulamadan yazılmış paket yorumu.", score: 3 };
    await schemas.expectMatchesSchema(await call(`/packages/${pkgId}/reviews`, { method: "POST", json: input }), "/packages/{id}/reviews", "post", 401);
    // A JSON text that is not an object or array is not read at all (E_BAD_REQUEST).
    expect(((await (await call(`/packages/${pkgId}/reviews`, { method: "POST", json: "metin", token: user.token })).json()) as { exception: string }).exception).toBe("E_BAD_REQUEST");
    // Nor is an array: every call's body is an object.
    expect(((await (await call(`/packages/${pkgId}/reviews`, { method: "POST", json: [], token: user.token })).json()) as { exception: string }).exception).toBe("E_BAD_REQUEST");
    const bad: unknown[] = [
      { ...input, score: "5; DROP" },
      { ...input, score: 6 },
      { ...input, score: 2.5 },
      { ...input, title: HOSTILE_TEXT.nul.value },
      { ...input, fullName: HOSTILE_TEXT.loneSurrogate.value },
      { ...input, body: `${HOSTILE_TEXT.control.value} metin` },
      { ...input, title: "a".repeat(121) },
      ...WRONG_TYPES.map((w) => ({ ...input, title: w.value })),
      ...WRONG_TYPES.map((w) => ({ ...input, score: w.value })),
    ];
    for (const body of bad) {
      const res = await call(`/packages/${pkgId}/reviews`, { method: "POST", json: body, token: user.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { exception: string }).exception).toBe("E_VALIDATION");
    }
    await expectApiRefusalInBothLanguages((headers) => call(`/packages/${pkgId}/reviews`, { method: "POST", json: { ...input, score: 9 }, token: user.token, headers }), {
      status: 400,
      code: "E_VALIDATION",
      key: "companies.validation.review.score",
      fields: { score: "companies.validation.review.score" },
    });
    for (const id of ["99999999", "abc"]) {
      expect((await call(`/packages/${id}/reviews`, { method: "POST", json: input, token: user.token })).status, id).toBe(404);
    }
    expect(await reviewRows(user.id)).toEqual([]);
    const res = await call(`/packages/${pkgId}/reviews`, { method: "POST", json: input, token: user.token });
    expect(await schemas.expectMatchesSchema(res, "/packages/{id}/reviews", "post", 200)).toMatchObject({ success: true, created: true, state: "unconfirmed" });
    const again = await call(`/packages/${pkgId}/reviews`, { method: "POST", json: { ...input, title: "İkinci sürüm" }, token: user.token });
    expect(await again.json()).toMatchObject({ created: false, state: "unconfirmed" });
    expect((await reviewRows(user.id)).map((r) => r.title)).toEqual(["İkinci sürüm"]);
  });

  it("answers once through the package answer call (the owner or an administrator)", async () => {
    const [row] = await reviewRows(writer.id);
    const id = String(row!.id);
    // Already answered on the page.
    await schemas.expectMatchesSchema(await call(`/package-reviews/${id}/answer`, { method: "POST", json: { answer: "Tekrar" }, token: owner.token }), "/package-reviews/{id}/answer", "post", 409);
    await schemas.expectMatchesSchema(await call(`/package-reviews/${id}/answer`, { method: "POST", json: { answer: "Tekrar" } }), "/package-reviews/{id}/answer", "post", 401);
    await schemas.expectMatchesSchema(await call(`/package-reviews/${id}/answer`, { method: "POST", json: { answer: "Tekrar" }, token: writer2.token }), "/package-reviews/{id}/answer", "post", 403);
    await schemas.expectMatchesSchema(await call(`/package-reviews/${id}/answer`, { method: "POST", json: { answer: "Tekrar" }, token: otherCorporate.token }), "/package-reviews/{id}/answer", "post", 404);
    await schemas.expectMatchesSchema(await call(`/package-reviews/${id}/answer`, { method: "POST", json: { answer: 42 }, token: owner.token }), "/package-reviews/{id}/answer", "post", 400);
    const [other] = await reviewRows(writer2.id);
    await t.app.db.update(packageReviews).set({ state: "confirmed" }).where(eq(packageReviews.id, other!.id));
    await schemas.expectMatchesSchema(await call(`/package-reviews/${other!.id}/answer`, { method: "POST", json: { answer: "Yönetici yanıtı" }, token: admin.token }), "/package-reviews/{id}/answer", "post", 200);
    const [answered] = await reviewRows(writer2.id);
    expect(answered).toMatchObject({ answer: "Yönetici yanıtı", answeredBy: admin.id });
    await t.app.db.update(packageReviews).set({ state: "unconfirmed" }).where(eq(packageReviews.id, other!.id));
  });

  it("moderates both kinds for administrators: list by state, confirm, remove, restore, each in the audit log", async () => {
    await t.app.db
      .insert(companyReviews)
      .values({ companyId: company.id, userId: writer.id, fullName: "Şirket Yorumcu", title: "Şirket yorumu", body: "Şirket hakkında bir yorum.", score: 3, state: "confirmed" });
    for (const subject of ["company", "package"] as const) {
      const base = `/admin/${subject}-reviews`;
      const list = (await schemas.expectMatchesSchema(await call(`${base}?state=all`, { token: admin.token }), base, "get", 200)) as {
        reviews: { id: number; state: string; company: { id: number }; package: { id: number } | null }[];
        total: number;
      };
      expect(list.reviews.length).toBeGreaterThan(0);
      expect(list.reviews.every((r) => r.company.id === company.id && (subject === "company" ? r.package === null : r.package?.id === pkgId || r.package?.id === withdrawnId))).toBe(true);
      const waiting = (await (await call(base, { token: admin.token })).json()) as { state: string; reviews: { id: number; state: string }[] };
      expect(waiting.state).toBe("unconfirmed");
      expect(waiting.reviews.every((r) => r.state === "unconfirmed")).toBe(true);
      await schemas.expectMatchesSchema(await call(base, { token: owner.token }), base, "get", 403);
      await schemas.expectMatchesSchema(await call(base), base, "get", 401);
      await expectApiRefusalInBothLanguages((headers) => call(`${base}?state=deleted`, { token: admin.token, headers }), {
        status: 400,
        code: "E_VALIDATION",
        key: "companyAdmin.errors.reviewStateFilter",
        fields: { state: "companyAdmin.errors.reviewStateFilter" },
      });
      expect((await call(`${base}?state=confirmed&page=abc`, { token: admin.token })).status).toBe(400);

      const target = list.reviews.find((r) => r.state === "confirmed")!;
      const act = (intent: string, id: string | number = target.id, token = admin.token) => call(`${base}/${id}/${intent}`, { method: "POST", token });
      await schemas.expectMatchesSchema(await act("remove", target.id, owner.token), `${base}/{id}/remove`, "post", 403);
      expect(await schemas.expectMatchesSchema(await act("remove"), `${base}/{id}/remove`, "post", 200)).toEqual({ success: true, id: target.id, state: "removed" });
      await schemas.expectMatchesSchema(await act("remove"), `${base}/{id}/remove`, "post", 409);
      expect(await (await act("restore")).json()).toEqual({ success: true, id: target.id, state: "unconfirmed" });
      expect(await (await act("confirm")).json()).toEqual({ success: true, id: target.id, state: "confirmed" });
      for (const forged of FORGED_IDS.filter((f) => f.value !== "")) {
        expect((await act("confirm", encodeURIComponent(forged.value))).status, forged.name).toBe(404);
      }
      const prefix = subject === "company" ? "review" : "package_review";
      const actions = (await t.app.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id))).map((r) => r.a);
      expect(actions.slice(-3)).toEqual([`${prefix}.remove`, `${prefix}.restore`, `${prefix}.confirm`]);
    }
  });
});

describe("limits and erased accounts", () => {
  it("limits package reviews per user per hour with their own limit (company reviews are counted apart)", async () => {
    const user = await insertUser(t.app.db, { email: "pr.limit@example.com" });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post(PAGE(), user.cookie, { ...review, title: `Deneme ${i}` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    await expectPageRefusal(last!, "tr", { status: 429, keys: [{ key: "companies.errors.reviewLimit", params: { count: 60 } }] });
    const profile = `/kablolu-internet/${company.slug}`;
    expect((await post(profile, user.cookie, { ...review, title: "Şirket yorumu" })).status).toBe(200);
  });

  it("anonymises the package reviews of an erased account (the purge's anonymisers)", async () => {
    const user = await insertUser(t.app.db, { email: "pr.erased@example.com" });
    const [row] = await t.app.db
      .insert(packageReviews)
      .values({ packageId: pkgId, userId: user.id, fullName: "Silinecek Paketçi", title: "Silinecek yorum", body: "Bu yorumun yazarı silinecek.", score: 2, state: "confirmed" })
      .returning();
    await t.app.db.transaction(async (tx) => {
      for (const a of t.app.modules.flatMap((m) => m.anonymisers ?? [])) await a.run({ tx, userId: user.id, formerEmail: "pr.erased@example.com", erasedEmail: "x@invalid", now: new Date() });
    });
    const [after] = await t.app.db.select().from(packageReviews).where(eq(packageReviews.id, row!.id));
    expect([after!.fullName, after!.userId, after!.body]).toEqual(["", null, "Bu yorumun yazarı silinecek."]);
    const html = await page(PAGE());
    expect(html).toContain(htmlText(msg("tr", "companies.review.formerMember")));
    expect(html).not.toContain("Silinecek Paketçi");
  });
});
