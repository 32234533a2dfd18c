import type { Request as ExpressRequest } from "express";
import type { ServerBuild } from "react-router";
import { newsletterSubscriptions } from "../../server/newsletter/schema";
import type { RequestContext } from "../../server/http/request-context";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// Decision 018: guest pages marked `guestCache` in the route registry are rendered once per
// language, theme and consent, kept PAGE_CACHE_SECONDS, and sent with each guest's own CSRF token
// and CSP nonce. The FAQ's loader is counted here to see which requests rendered it.
const renders = { count: 0 };
function countingFaq(build: ServerBuild): ServerBuild {
  const routes = { ...build.routes };
  for (const id of ["sss", "en.sss"]) {
    const route = routes[id]!;
    const loader = route.module.loader!;
    routes[id] = { ...route, module: { ...route.module, loader: (args) => (renders.count++, loader(args)) } };
  }
  return { ...build, routes };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAGE_CACHE_SECONDS: "60" }, { build: countingFaq });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.guestPages?.clear();
  renders.count = 0;
});

const cookieToken = (res: Response) => /gb_csrf=([\w-]+)/.exec(res.headers.getSetCookie().join(";"))?.[1];
const nonceOf = (res: Response) => /'nonce-([\w-]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

describe("guest pages kept a short while", () => {
  it("renders the FAQ once for two guests, and gives each its own CSRF token and nonce", async () => {
    const identity = { headers: { "accept-encoding": "identity" } };
    const first = await t.fetch("/sikca-sorulan-sorular", identity);
    const second = await t.fetch("/sikca-sorulan-sorular", identity);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(renders.count).toBe(1);
    const [a, b] = [await first.text(), await second.text()];
    const [tokenA, tokenB, nonceA, nonceB] = [cookieToken(first), cookieToken(second), nonceOf(first), nonceOf(second)];
    expect(tokenA && tokenB && nonceA && nonceB).toBeTruthy();
    expect(tokenA).not.toBe(tokenB);
    for (const [html, token, nonce, other] of [
      [a, tokenA!, nonceA!, tokenB!],
      [b, tokenB!, nonceB!, tokenA!],
    ] as const) {
      expect(html).toContain(`name="csrf" value="${token}"`);
      expect(html).toContain(`nonce="${nonce}"`);
      // The root data the browser hydrates with carries the same token and nonce.
      expect(html).toContain(`\\"${token}\\"`);
      expect(html).not.toContain(other);
    }
    expect(Buffer.byteLength(a)).toBe(Number(first.headers.get("content-length")));
    expect(Buffer.byteLength(b)).toBe(Number(second.headers.get("content-length")));
    // Apart from the token and nonce, the same bytes.
    expect(a.split(tokenA!).join("T").split(nonceA!).join("N")).toBe(b.split(tokenB!).join("T").split(nonceB!).join("N"));
  });

  it("a form on a kept page works with the token it was given", async () => {
    const { cookie, csrf } = await getFormSession(t, "/sikca-sorulan-sorular");
    const again = await t.fetch("/sikca-sorulan-sorular", { headers: { cookie } });
    expect(await again.text()).toContain(`name="csrf" value="${csrf}"`);
    const res = await t.fetch("/bulten", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, email: "kept.page@example.com", emailCheckbox: "on", redirectTo: "/sikca-sorulan-sorular" }),
    });
    expect(res.status).toBeLessThan(400);
    expect((await t.app.db.select().from(newsletterSubscriptions)).map((r) => r.email)).toContain("kept.page@example.com");
    expect(renders.count).toBe(1);
  });

  it("keeps one page per language, theme and consent", async () => {
    await t.fetch("/sikca-sorulan-sorular");
    await t.fetch("/en/sikca-sorulan-sorular");
    const dark = await t.fetch("/sikca-sorulan-sorular", { headers: { cookie: "gb_theme=dark" } });
    const consented = await t.fetch("/sikca-sorulan-sorular", { headers: { cookie: "gb_consent=1" } });
    expect(renders.count).toBe(4);
    expect(await dark.text()).toContain('<html lang="tr" class="dark"');
    expect(await consented.text()).not.toContain('id="cookie-consent"');
    await t.fetch("/en/sikca-sorulan-sorular");
    await t.fetch("/sikca-sorulan-sorular", { headers: { cookie: "gb_theme=dark" } });
    expect(renders.count).toBe(4);
  });

  it("renders for the request when it has a query, another cookie, a session or a bearer token", async () => {
    await t.fetch("/sikca-sorulan-sorular");
    expect(renders.count).toBe(1);
    await t.fetch("/sikca-sorulan-sorular?utm_source=x");
    await t.fetch("/sikca-sorulan-sorular", { headers: { cookie: "gb_infra=whatever" } });
    await t.fetch("/sikca-sorulan-sorular", { headers: { cookie: "gb_session=not-a-session" } });
    await t.fetch("/sikca-sorulan-sorular", { headers: { authorization: "Bearer abc" } });
    expect(renders.count).toBe(5);
  });

  it("answers HEAD from the kept page without a body, and POST is never kept", async () => {
    const kept = await (await t.fetch("/sikca-sorulan-sorular")).text();
    const title = /<title>[^<]+<\/title>/.exec(kept)![0];
    const head = await t.fetch("/sikca-sorulan-sorular", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(renders.count).toBe(1);
    const post = await t.fetch("/sikca-sorulan-sorular", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" });
    // The page has no action: 405, without running its loader, and neither served from the kept
    // page nor kept: the next guest still gets the page kept before.
    expect(post.status).toBe(405);
    expect(await post.text()).not.toContain(title);
    expect(renders.count).toBe(1);
    const again = await t.fetch("/sikca-sorulan-sorular");
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(title);
    expect(renders.count).toBe(1);
  });

  it("is only for pages the registry marks, and only for guests", () => {
    const req = (path: string) => ({ method: "GET", path, originalUrl: path, headers: {}, cookies: {} }) as unknown as ExpressRequest;
    const guest = { user: null, theme: "light", consented: false } as unknown as RequestContext;
    const cache = t.app.guestPages!;
    expect(cache.keyFor(req("/sikca-sorulan-sorular"), guest)).not.toBeNull();
    expect(cache.keyFor(req("/en"), guest)).not.toBeNull();
    for (const path of ["/iletisim", "/paketler", "/isletmeler", "/internet-hiz-testi", "/giris", "/sikca-sorulan-sorular.data"]) {
      expect(cache.keyFor(req(path), guest), path).toBeNull();
    }
    expect(cache.keyFor(req("/"), { ...guest, user: { id: 1 } } as unknown as RequestContext)).toBeNull();
  });
});
