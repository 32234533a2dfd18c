import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../../server/newsletter/schema";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.fetch(`/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const subscriptionCount = async () => (await t.app.db.select({ n: count() }).from(newsletterSubscriptions))[0].n;

describe("reference calls keep the spec's shapes", () => {
  it("POST /ttservice/cities → 81 × {code, value}", async () => {
    const res = await post("/ttservice/cities");
    expect(res.status).toBe(200);
    const cities = (await res.json()) as { code: number; value: string }[];
    expect(cities).toHaveLength(81);
    expect(cities[0]).toEqual({ code: 1, value: "ADANA" });
    expect(cities.find((c) => c.code === 34)).toEqual({ code: 34, value: "İSTANBUL" });
    expect(cities.every((c) => Object.keys(c).join() === "code,value")).toBe(true);
    // Pickers show them as they come: Turkish alphabetical order, not plate order.
    const names = cities.map((c) => c.value);
    expect(names.slice(0, 4)).toEqual(["ADANA", "ADIYAMAN", "AFYONKARAHİSAR", "AĞRI"]);
    expect(names.join(", ")).toContain("HATAY, IĞDIR, ISPARTA, İSTANBUL, İZMİR, KAHRAMANMARAŞ");
    expect(names.join(", ")).toContain("BURSA, ÇANAKKALE, ÇANKIRI, ÇORUM, DENİZLİ");
  });

  it("POST /ttservice/cities-for-footer → [{url, value}]", async () => {
    const cities = (await (await post("/ttservice/cities-for-footer")).json()) as { url: string; value: string }[];
    expect(cities.length).toBeGreaterThan(5);
    expect(cities[0]).toEqual({ url: "adana", value: "ADANA" });
    const names = cities.map((c) => c.value);
    expect(names).toEqual([...names].sort(new Intl.Collator("tr").compare));
    expect(names.indexOf("İSTANBUL")).toBe(names.indexOf("GAZİANTEP") + 1);
  });

  it("POST /blog/categories → 9 categories named in the request's language", async () => {
    const tr = (await (await post("/blog/categories")).json()) as { id: number; name: string; url: string }[];
    const en = (await (await post("/blog/categories", undefined, { "accept-language": "en-GB,en;q=0.9" })).json()) as typeof tr;
    expect(tr).toHaveLength(9);
    expect(tr.find((c) => c.url === "siber-guvenlik")?.name).toBe("Siber Güvenlik");
    expect(en.find((c) => c.url === "siber-guvenlik")?.name).toBe("Cyber Security");
  });

  it("POST /corporate/sub-types → {sub_types} holding corporate_sub_types", async () => {
    const body = (await (await post("/corporate/sub-types")).json()) as {
      sub_types: { key: string; corporate_sub_types: { id: number; url: string; name: string }[] }[];
    };
    expect(body.sub_types.map((t) => t.key)).toEqual([
      "show_all",
      "internet_infrastructure",
      "hosting_services",
      "technical_services",
      "tv_platform",
    ]);
    const internet = body.sub_types.find((t) => t.key === "internet_infrastructure")!;
    expect(internet.corporate_sub_types.map((s) => s.url)).toContain("mobil-internet");
  });

  it("serves an OpenAPI 3.1 document with every call", async () => {
    const doc = (await (await t.fetch("/api/v1/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    for (const p of ["/corporate/sub-types", "/ttservice/cities", "/ttservice/cities-for-footer", "/blog/categories", "/home/add-mail-to-list", "/contact"]) {
      expect(doc.paths).toHaveProperty(p);
    }
  });

  it("documents a bearer scheme, each call's security and operationId, a license and a relative server", async () => {
    type Op = { operationId?: string; security?: Record<string, string[]>[] };
    const doc = (await (await t.fetch("/api/v1/openapi.json")).json()) as {
      info: { license?: { name: string } };
      servers: { url: string }[];
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, Op>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.servers).toEqual([{ url: "/api/v1", description: "This site" }]);
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const ids = ops.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/me"].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/logout"].post.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(doc.paths["/ttservice/cities"].post.security).toEqual([]);
    expect(doc.paths["/login"].post.security).toEqual([]);
  });

  it("answers an unknown call with the error shape and 404", async () => {
    const res = await post("/no/such/call");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, exception: "E_NOT_FOUND", message: "Aradığınız kayıt bulunamadı." });
  });
});

describe("POST /home/add-mail-to-list", () => {
  it("stores the address once, with the consent text and time", async () => {
    const first = await post("/home/add-mail-to-list", { email: "  Ayse.Yilmaz@Example.com ", emailCheckbox: true });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true });
    const again = await post("/home/add-mail-to-list", { email: "ayse.yilmaz@example.com", emailCheckbox: true });
    expect(await again.json()).toEqual({ success: true });
    const rows = await t.app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "ayse.yilmaz@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0].consentText).toBe("Bülten ve reklam amaçlı e-posta almayı kabul ediyorum.");
    expect(rows[0].consentedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[0].ipHash).not.toContain("127.0.0.1");
  });

  it.each([
    ["missing email", { emailCheckbox: true }, "Lütfen e-posta adresinizi yazın."],
    ["empty email", { email: "   ", emailCheckbox: true }, "Lütfen e-posta adresinizi yazın."],
    ["too short", { email: "a@b.c", emailCheckbox: true }, "E-posta adresi en az 6 karakter olmalıdır."],
    ["too long", { email: `${"a".repeat(95)}@example.com`, emailCheckbox: true }, "E-posta adresi en fazla 100 karakter olabilir."],
    ["bad format", { email: "not-an-email", emailCheckbox: true }, "Lütfen geçerli bir e-posta adresi yazın."],
    ["SQL fragment", { email: "x'; DROP TABLE users;--@a.com", emailCheckbox: true }, "Lütfen geçerli bir e-posta adresi yazın."],
    ["HTML fragment", { email: "<script>alert(1)</script>@a.com", emailCheckbox: true }, "Lütfen geçerli bir e-posta adresi yazın."],
    ["number", { email: 12345678, emailCheckbox: true }, "Lütfen e-posta adresinizi yazın."],
    ["array", { email: ["a@example.com"], emailCheckbox: true }, "Lütfen e-posta adresinizi yazın."],
    ["lone surrogate", { email: "ab\ud800c@example.com", emailCheckbox: true }, "Lütfen geçerli bir e-posta adresi yazın."],
    ["no consent", { email: "valid@example.com" }, "Bülten ve reklam amaçlı e-posta almaya onay vermelisiniz."],
    ["consent false", { email: "valid@example.com", emailCheckbox: false }, "Bülten ve reklam amaçlı e-posta almaya onay vermelisiniz."],
  ])("refuses %s with a translated 400 and stores nothing", async (_name, body, message) => {
    const before = await subscriptionCount();
    const res = await post("/home/add-mail-to-list", body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { success: boolean; exception: string; message: string };
    expect(json).toMatchObject({ success: false, exception: "E_VALIDATION", message });
    expect(await subscriptionCount()).toBe(before);
  });

  it("answers in English when asked", async () => {
    const res = await post("/home/add-mail-to-list", { email: "x" }, { "accept-language": "en" });
    expect(((await res.json()) as { message: string }).message).toBe("The e-mail address must be at least 6 characters long.");
  });

  it("refuses bad JSON, an oversized body and a cross-site browser request", async () => {
    const bad = await post("/home/add-mail-to-list", "{nope");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { exception: string }).exception).toBe("E_BAD_REQUEST");
    const big = await post("/home/add-mail-to-list", { email: "a".repeat(200_000) });
    expect(big.status).toBe(413);
    const cross = await post("/home/add-mail-to-list", { email: "cross@example.com", emailCheckbox: true }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { exception: string }).exception).toBe("E_CSRF");
    const rows = await t.app.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "cross@example.com"));
    expect(rows).toHaveLength(0);
  });
});

describe("reference calls from memory", () => {
  it("answer gzip when asked, with an ETag that revalidates to 304", async () => {
    const plain = await post("/ttservice/cities");
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const gz = await t.fetch("/api/v1/ttservice/cities", { method: "POST", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.json()).toEqual(await plain.json());
    const again = await t.fetch("/api/v1/ttservice/cities", { method: "POST", headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("follows the language cookie when there is no Accept-Language", async () => {
    const res = await t.fetch("/api/v1/blog/categories", { method: "POST", headers: { cookie: "gb_lng=en" } });
    const cats = (await res.json()) as { url: string; name: string }[];
    expect(cats.find((c) => c.url === "guncel")?.name).toBe("Current Affairs");
    const tr = (await (await t.fetch("/api/v1/blog/categories", { method: "POST", headers: { cookie: "gb_lng=tr" } })).json()) as typeof cats;
    expect(tr.find((c) => c.url === "guncel")?.name).toBe("Güncel");
  });
});
