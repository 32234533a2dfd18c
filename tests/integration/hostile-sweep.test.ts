import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companyDeliverySettings, leads } from "../../server/leads/schema";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { insertUser } from "../helpers/companies";
import { insertVerifiedUser, TEST_PASSWORD } from "../helpers/users";
import { makeCompany, makePackage } from "../helpers/packages";
import { pageRoutes, type OpenApiDocument } from "../helpers/route-table";
import { bytes, rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Hostile classes swept over every page of the route table and every call of the API document
 * (so a new page or call is covered without a line here): bytes in path parameters that no
 * name has (NUL, control characters, bytes that are not UTF-8), JSON bodies that are not the
 * object every call's schema describes, and calls signed in by the session cookie with a
 * form-like body and no sign of coming from the site (a cross-site form's request). Every answer
 * is a 4xx with the documented error, never a 5xx, and no table changes.
 */

const BAD_SEGMENTS = [
  { name: "NUL", value: "%00" },
  { name: "NUL inside", value: "a%00b" },
  { name: "control character", value: "a%1Fb" },
  { name: "C1 control character", value: "a%C2%85b" },
  { name: "invalid UTF-8", value: "%C3%28" },
  { name: "lone byte", value: "%FF" },
  { name: "UTF-8 encoded surrogate", value: "%ED%A0%80" },
  { name: "overlong slash", value: "%C0%AF" },
  { name: "malformed escape", value: "%E0%A4%A" },
];

const REFERENCE_CALLS = ["/corporate/sub-types", "/ttservice/cities", "/ttservice/cities-for-footer", "/blog/categories"];

/** JSON texts that parse but are not an object. */
const NOT_OBJECTS = ["[]", "null", '"x"', "1", "true", "[{}]", '["state","closed"]'];

/** The sweeps send thousands of requests: minutes on a busy 2-core machine, not seconds. */
const SWEEP_TIMEOUT = 600_000;

let t: TestApp;
let doc: OpenApiDocument;
let owner: { id: number; cookie: string; token: string };
let admin: { id: number; cookie: string; token: string };
let company: { id: number; slug: string };
let packageId: number;
let leadId: number;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
  owner = await insertUser(t.app.db, { email: `sweep-owner-${Date.now()}@example.com`, accountType: "corporate" });
  admin = await insertUser(t.app.db, { email: `sweep-admin-${Date.now()}@example.com`, isAdmin: true });
  company = await makeCompany(t.app.db, { ownerId: owner.id, email: "satis@example.com" });
  packageId = await makePackage(t.app.db, company.id, { title: "Süpürme Fiber 100", slug: "supurme-fiber-100", commitmentMonths: 12, commitmentPrice: "450" });
  await t.app.db.insert(companyDeliverySettings).values({ companyId: company.id, mail: "talep@example.com", webhookUrl: null, webhookSecret: null });
  const res = await t.fetch(`/api/v1/packages/${packageId}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Ayşe", lastName: "Yılmaz", phone: "0532 111 22 33", consent: true }),
  });
  expect(res.status).toBe(200);
  const { reference } = (await res.json()) as { reference: string };
  const [lead] = await t.app.db.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
  leadId = lead!.id;
  doc = (await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument;
});
afterAll(() => t?.close());

/** A concrete value for each path parameter of a call: this file's own rows, so a call that ran would change them. */
function fillApiPath(template: string, bad?: { index: number; value: string }): string {
  let i = 0;
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const index = i++;
    if (bad && bad.index === index) return bad.value;
    if (name === "slug") return company.slug;
    if (name === "packageId") return String(packageId);
    if (template.startsWith("/my/leads/")) return String(leadId);
    if (/^\/(my|admin)\/companies\//.test(template)) return String(company.id);
    if (/^\/(packages|admin\/packages)\//.test(template)) return String(packageId);
    if (template.startsWith("/speedtest/results/")) return "AAAAAAAAAAAAAAAA";
    return "1";
  });
}

function operations(): { method: string; path: string; body: string[] }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, { requestBody?: { content?: Record<string, unknown> } }>).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      body: Object.keys(op.requestBody?.content ?? {}),
    })),
  );
}

async function expectNothingChanged(run: () => Promise<void>) {
  const before = await dbFingerprint(t.app.db);
  await run();
  expect(changedTables(before, await dbFingerprint(t.app.db)), "tables changed by refused requests").toEqual([]);
}

describe("bytes no name has, in path parameters", () => {
  it("every page with a parameter, in both languages: the not-found page (GET) or a 404 (POST)", async () => {
    const routes = pageRoutes().filter((r) => /[:*]/.test(r.pattern));
    expect(routes.length).toBeGreaterThan(20);
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const route of routes) {
        const params = route.pattern.match(/:\w+|\*/g) ?? [];
        for (let index = 0; index < params.length; index++) {
          for (const bad of BAD_SEGMENTS) {
            let i = 0;
            const path = route.pattern.replace(/:\w+|\*/g, () => (i++ === index ? bad.value : "a"));
            const where = `${route.pattern} with ${bad.name} (${path})`;
            const page = await t.fetch(path);
            requests++;
            expect(page.status, `GET ${where}`).toBe(404);
            const html = await page.text();
            const en = route.pattern.startsWith("/en");
            expect(html, `GET ${where} renders the not-found page`).toContain(en ? '<html lang="en"' : '<html lang="tr"');
            expect(html, `GET ${where}`).toContain(en ? "Page not found" : "Sayfa bulunamadı");
            if (route.hasAction) {
              const post = await t.fetch(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "intent=x" });
              requests++;
              expect(post.status, `POST ${where}`).toBe(404);
              await post.arrayBuffer();
            }
          }
        }
      }
    });
    console.log(`path parameters, pages: ${requests} requests, every one 404`);
    expect(requests).toBeGreaterThan(400);
  }, SWEEP_TIMEOUT);

  it("every call with a path parameter: 404 E_NOT_FOUND, signed in or not", async () => {
    const calls = operations().filter((op) => op.path.includes("{"));
    expect(calls.length).toBeGreaterThan(20);
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const call of calls) {
        const count = call.path.match(/\{/g)!.length;
        for (let index = 0; index < count; index++) {
          for (const bad of BAD_SEGMENTS) {
            const path = fillApiPath(call.path, { index, value: bad.value });
            for (const auth of [{}, { authorization: `Bearer ${admin.token}` }] as Record<string, string>[]) {
              const res = await t.fetch(`/api/v1${path}`, {
                method: call.method,
                headers: { "content-type": "application/json", ...auth },
                body: call.method === "POST" ? "{}" : undefined,
              });
              requests++;
              const where = `${call.method} ${path}`;
              expect(res.status, where).toBe(404);
              expect(((await res.json()) as { exception: string }).exception, where).toBe("E_NOT_FOUND");
            }
          }
        }
      }
    });
    console.log(`path parameters, calls: ${requests} requests, every one 404 E_NOT_FOUND`);
  }, SWEEP_TIMEOUT);
});

describe("JSON bodies that are not an object", () => {
  it("every JSON call of the document answers 400 E_BAD_REQUEST and changes nothing, whoever calls", async () => {
    const calls = operations().filter((op) => op.body.includes("application/json"));
    expect(calls.length).toBeGreaterThan(30);
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const call of calls) {
        const path = fillApiPath(call.path);
        for (const body of NOT_OBJECTS) {
          for (const who of [owner, admin]) {
            const res = await t.fetch(`/api/v1${path}`, {
              method: call.method,
              headers: { "content-type": "application/json", authorization: `Bearer ${who.token}`, "accept-language": "en" },
              body,
            });
            requests++;
            const where = `${call.method} ${path} with ${body}`;
            expect(res.status, where).toBe(400);
            const answer = (await res.json()) as { exception: string; message: string };
            expect(answer, where).toEqual({ success: false, exception: "E_BAD_REQUEST", message: "The request body must be a JSON object." });
          }
        }
      }
    });
    console.log(`bodies that are not an object: ${requests} requests, every one 400 E_BAD_REQUEST`);
  }, SWEEP_TIMEOUT);
});

describe("calls signed in by the session cookie", () => {
  const FORM_LIKE = [
    { name: "text/plain", type: "text/plain", body: '{"state":"closed","notes":"x"}' },
    { name: "urlencoded", type: "application/x-www-form-urlencoded", body: "state=closed&notes=x" },
    { name: "multipart", type: "multipart/form-data; boundary=b", body: '--b\r\nContent-Disposition: form-data; name="state"\r\n\r\nclosed\r\n--b--\r\n' },
  ];

  it("every POST call with no sign of coming from the site: 403 E_CSRF, whatever the body", async () => {
    // Not here: the reference calls (the same data for everyone, answered before any session is
    // read) and the speed test's streams (its own worker, no session, no database).
    const calls = operations().filter(
      (op) => op.method === "POST" && !REFERENCE_CALLS.includes(op.path) && (!op.path.startsWith("/speedtest/") || op.path === "/speedtest/results"),
    );
    expect(calls.length).toBeGreaterThan(40);
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const call of calls) {
        const path = fillApiPath(call.path);
        for (const form of [...FORM_LIKE, { name: "JSON", type: "application/json", body: '{"state":"closed"}' }]) {
          for (const who of [owner, admin]) {
            const res = await t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": form.type, cookie: who.cookie }, body: form.body });
            requests++;
            const where = `${call.method} ${path} with a ${form.name} body`;
            expect(res.status, where).toBe(403);
            expect(((await res.json()) as { exception: string }).exception, where).toBe("E_CSRF");
          }
        }
      }
    });
    console.log(`cookie calls without a same-site signal: ${requests} requests, every one 403 E_CSRF`);
  }, SWEEP_TIMEOUT);

  it("from the site (Origin or Sec-Fetch-Site) but with a form-like body: 415, nothing changes", async () => {
    const calls = operations().filter((op) => op.method === "POST" && op.body.includes("application/json"));
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const call of calls) {
        const path = fillApiPath(call.path);
        for (const form of FORM_LIKE) {
          for (const signal of [{ origin: new URL(t.url).origin }, { "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
            const res = await t.fetch(`/api/v1${path}`, { method: "POST", headers: { "content-type": form.type, cookie: owner.cookie, ...signal }, body: form.body });
            requests++;
            const where = `${call.method} ${path} with a ${form.name} body and ${Object.keys(signal)[0]}`;
            expect(res.status, where).toBe(415);
            const answer = (await res.json()) as { exception: string };
            expect(answer.exception, where).toBe("E_UNSUPPORTED_TYPE");
          }
        }
      }
    });
    console.log(`cookie calls with form-like bodies: ${requests} requests, every one 415`);
  }, SWEEP_TIMEOUT);

  it("the reported case: a text/plain lead update without Origin is refused; the site's own JSON call and an app's bearer call still work", async () => {
    const update = (headers: Record<string, string>, state: string) =>
      t.fetch(`/api/v1/my/leads/${leadId}`, { method: "POST", headers, body: JSON.stringify({ state }) });
    await expectNothingChanged(async () => {
      const forged = await update({ "content-type": "text/plain", cookie: owner.cookie }, "closed");
      expect(forged.status).toBe(403);
    });
    const site = await update({ "content-type": "application/json", cookie: owner.cookie, origin: new URL(t.url).origin, "sec-fetch-site": "same-origin" }, "contacted");
    expect(site.status).toBe(200);
    // An app: a bearer token, no Origin, any declared type (JSON is read whatever it says).
    const app = await update({ "content-type": "text/plain", authorization: `Bearer ${owner.token}` }, "closed");
    expect(app.status).toBe(200);
    const leads = (await (await t.fetch(`/api/v1/my/companies/${company.id}/leads`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as {
      leads: { id: number; state: string }[];
    };
    expect(leads.leads.find((l) => l.id === leadId)?.state).toBe("closed");
  });

  it("a call without a body (logout) from the site passes; the same with no signal is refused", async () => {
    const refused = await t.fetch("/api/v1/logout", { method: "POST", headers: { cookie: admin.cookie } });
    expect(refused.status).toBe(403);
    const me = await t.fetch("/api/v1/me", { headers: { cookie: admin.cookie } });
    expect(me.status).toBe(200);
  });
});

describe("invisible formatting characters in what a company reads", () => {
  it("a lead's name with a direction override or a zero-width space is refused with its message; nothing is stored", async () => {
    await expectNothingChanged(async () => {
      for (const firstName of ["Ay\u202eşe", "Ay\u200bşe", "\u2066Ayşe\u2069"]) {
        const res = await t.fetch(`/api/v1/packages/${packageId}/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json", "accept-language": "en" },
          body: JSON.stringify({ firstName, lastName: "Demir", phone: "0533 222 33 44", consent: true }),
        });
        expect(res.status).toBe(400);
        const answer = (await res.json()) as { exception: string; errors: Record<string, string> };
        expect(answer.exception).toBe("E_VALIDATION");
        expect(answer.errors.firstName).toBe("This field cannot contain invisible formatting characters (direction marks, zero-width spaces); please type it again.");
      }
    });
  });

  it("a company's note on a lead keeps its text and drops the invisible characters", async () => {
    const res = await t.fetch(`/api/v1/my/leads/${leadId}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ state: "contacted", notes: "Ak\u200bşam\u202e ara" }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.app.db.select({ notes: leads.notes }).from(leads).where(eq(leads.id, leadId));
    expect(row!.notes).toBe("Akşam ara");
  });
});

describe("the developer guide's request classes, over every page and call", () => {
  /** Every page of the route table with its parameters filled in (a real company and package where they fit). */
  function pagePaths(): { path: string; hasAction: boolean; file: boolean }[] {
    return pageRoutes()
      .filter((r) => r.pattern !== "/*")
      .map((r) => {
        const path = r.pattern
          .replace(":subType/:company", `kablolu-internet/${company.slug}`)
          .replace(":packageUrl", "supurme-fiber-100")
          .replace(/:(id|packageId)\b/g, String(company.id))
          .replace(/:\w+/g, "a");
        return { path, hasAction: r.hasAction, file: /\/(iletisim|ayarlar|isletme\/(yeni-isletme|duzenle|paketler\/(yeni-paket|duzenle)))(\/|$)/.test(path.replace(/^\/en/, "")) };
      });
  }
  const OTHER_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];

  it("every method but GET, HEAD and POST: 405 with Allow, on every page and call, nothing changed", async () => {
    let requests = 0;
    await expectNothingChanged(async () => {
      const targets = [...pagePaths().map((p) => p.path), ...operations().map((op) => `/api/v1${fillApiPath(op.path)}`)];
      for (const path of targets) {
        for (const method of OTHER_METHODS) {
          const res = await rawRequest(t.url, { method, path, headers: { cookie: owner.cookie, "content-type": "application/json" }, body: "{}" });
          requests++;
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.headers["allow"], `${method} ${path}`).toBe("GET, HEAD, POST");
        }
      }
    });
    console.log(`methods: ${requests} requests, every one 405`);
    expect(requests).toBeGreaterThan(500);
  }, SWEEP_TIMEOUT);

  it("a huge declared length is refused before a byte of it is read (413); a chunked body past the cap too (pages 413, JSON calls 411)", async () => {
    let requests = 0;
    await expectNothingChanged(async () => {
      for (const page of pagePaths().filter((p) => p.hasAction)) {
        const type = page.file ? "multipart/form-data; boundary=b" : "application/x-www-form-urlencoded";
        const headers = { "content-type": type, cookie: owner.cookie };
        // 10 GB declared, nothing sent: refused from the headers alone.
        const declared = await rawRequest(t.url, { method: "POST", path: page.path, headers: { ...headers, "content-length": "10737418240" } });
        requests++;
        expect(declared.status, `declared 10 GB to ${page.path}`).toBe(413);
        if (page.file) continue;
        // A page that refuses this visitor before reading any body (a signed-in member on the
        // register page, a forged id) answers a long body as it answers an empty one; one that
        // reads the body stops at its cap.
        const empty = await rawRequest(t.url, { method: "POST", path: page.path, headers, body: "" });
        const chunked = await rawRequest(t.url, { method: "POST", path: page.path, headers, body: bytes(1024 * 1024) });
        requests += 2;
        // (How little of a long body is read before the answer: tests/memory/hostile-bodies.test.ts.)
        expect([413, empty.status], `1 MB chunked to ${page.path} (empty: ${empty.status})`).toContain(chunked.status);
        expect(empty.status, page.path).toBeGreaterThanOrEqual(300);
        expect(empty.status, page.path).toBeLessThan(500);
      }
      for (const call of operations().filter((op) => op.method === "POST" && !op.path.startsWith("/speedtest/") && !REFERENCE_CALLS.includes(op.path))) {
        const path = `/api/v1${fillApiPath(call.path)}`;
        const multipart = call.body.includes("multipart/form-data");
        const type = multipart ? "multipart/form-data; boundary=b" : "application/json";
        const auth = { authorization: `Bearer ${owner.token}`, "content-type": type };
        const declared = await rawRequest(t.url, { method: "POST", path, headers: { ...auth, "content-length": "10737418240" } });
        requests++;
        expect(declared.status, `declared 10 GB to ${path}`).toBe(413);
        if (multipart) continue;
        const chunked = await rawRequest(t.url, { method: "POST", path, headers: auth, body: bytes(1024 * 1024) });
        requests++;
        expect(chunked.status, `1 MB chunked to ${path}`).toBe(411);
      }
    });
    console.log(`bodies: ${requests} requests, every one refused`);
  }, SWEEP_TIMEOUT);

  it("redirect targets that leave the site (protocol-relative, backslashes, encoded, absolute) lead home instead", async () => {
    const TARGETS = ["//evil.example/x", "/\\evil.example", "\\\\evil.example", "/%2F%2Fevil.example", "https://evil.example/", "http:evil.example", "//%09/evil.example", "/\t/evil.example", "javascript:alert(1)"];
    const leaves = (location: string | null) => location !== null && !(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"));
    const member = await insertVerifiedUser(t.app.db);
    let requests = 0;
    for (const target of TARGETS) {
      const s = await getFormSession(t, "/iletisim");
      const pref = await t.fetch("/tercih", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: s.cookie },
        body: new URLSearchParams({ csrf: s.csrf, theme: "dark", redirectTo: target }),
      });
      requests++;
      expect(pref.status, `/tercih → ${target}`).toBe(302);
      expect(leaves(pref.headers.get("location")), `/tercih → ${target}: ${pref.headers.get("location")}`).toBe(false);
      const login = await getFormSession(t, `/giris?redirectTo=${encodeURIComponent(target)}`);
      const signedIn = await t.fetch(`/giris?redirectTo=${encodeURIComponent(target)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: login.cookie },
        body: new URLSearchParams({ csrf: login.csrf, email: member.email, password: TEST_PASSWORD, redirectTo: target }),
      });
      requests++;
      expect(signedIn.status, `/giris → ${target}`).toBe(302);
      expect(leaves(signedIn.headers.get("location")), `/giris → ${target}: ${signedIn.headers.get("location")}`).toBe(false);
    }
    console.log(`redirects: ${requests} requests, none left the site`);
  }, SWEEP_TIMEOUT);
});
