import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The whole-document fast path stays for ordinary pages; a route that defers data is
// rendered with React's streaming renderer. The FAQ route is made to defer a slow value here.
// Route ids are the registry names (decision 008): "sss" is the Turkish FAQ page.
const ROUTE = "sss";
/**
 * The deferred value resolves when the test says so (after the shell has arrived), or after a
 * minute at worst: the order is checked, never a wall-clock bound.
 */
let releaseSlow: (() => void) | undefined;
const SAFETY_MS = 60_000;

function deferringFaq(build: ServerBuild): ServerBuild {
  const route = build.routes[ROUTE];
  if (!route) throw new Error(`route ${ROUTE} is not in the build`);
  const loader = route.module.loader!;
  return {
    ...build,
    routes: {
      ...build.routes,
      [ROUTE]: {
        ...route,
        module: {
          ...route.module,
          loader: async (args) => ({
            ...((await loader(args)) as object),
            slow: new Promise<string>((resolve) => {
              const timer = setTimeout(() => resolve("late-value-42"), SAFETY_MS);
              releaseSlow = () => {
                clearTimeout(timer);
                resolve("late-value-42");
              };
            }),
          }),
        },
      },
    },
  };
}

let plain: TestApp;
let deferring: TestApp;
beforeAll(async () => {
  plain = await startTestApp();
  deferring = await startTestApp({}, { build: deferringFaq });
});
afterAll(async () => {
  await plain?.close();
  await deferring?.close();
});

describe("render paths", () => {
  it("a page without deferred data is rendered whole: one buffer with its length and the data inline", async () => {
    const res = await plain.fetch("/sikca-sorulan-sorular", { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    // The loader data went out whole through the stream cache: enqueued, then closed.
    expect(html).toMatch(/window\.__reactRouterContext\.streamController\.enqueue\(/);
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
    expect(html).not.toContain("<template");
    // Decision 017: React Router's module preloads and module script (this shape, checked here
    // against the installed version) left the document for a loader that adds them after the
    // first paint.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script nonce="[^"]*" type="module"/);
    const loader = /<script nonce="[^"]*">\(function\(p,c,n\)\{.*?\}\)\((\[[^\]]*\]),/.exec(html);
    expect(loader, "the after-paint loader").not.toBeNull();
    expect(JSON.parse(loader![1])).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/)]));
      // Decision 034: the locale namespaces beyond the shell's that the render used or declared.
    // Their chunks (the core ones here) load beside the route modules.
    expect(html).toMatch(/;window\.__gbI18n=\[\]<\/script>/);
    expect(JSON.parse(loader![1])).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/common-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/search-[\w-]+\.js$/)]));
  });

  it("lists the locale namespaces a page needs beside its module loader (decision 034)", async () => {
    const html = await (await plain.fetch("/paketler")).text();
    expect(/;window\.__gbI18n=(\[[^\]]*\])<\/script>/.exec(html)?.[1]).toBe('["auth","infrastructure","packages"]');
    const preloads = JSON.parse(/\(function\(p,c,n\)\{.*?\}\)\((\[[^\]]*\]),/.exec(html)![1]!) as string[];
    for (const name of ["auth", "infrastructure", "packages", "common", "search"]) expect(preloads.some((href) => href.startsWith(`/assets/${name}-`)), name).toBe(true);
  });

  it("a page whose loader defers data streams: the shell first, the deferred value when it resolves", async () => {
    releaseSlow = undefined;
    const res = await deferring.fetch("/sikca-sorulan-sorular", { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The shell came while the value was still pending: its first bytes, without the value.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let html = "";
    while (!html.includes("</h1>")) {
      const { value, done } = await reader.read();
      expect(done, "the stream ended before the shell's heading").toBe(false);
      html += decoder.decode(value, { stream: true });
    }
    expect(html).not.toContain("late-value-42");
    expect(releaseSlow, "the deferred value is still pending").toBeDefined();
    releaseSlow!();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toContain("late-value-42");
    expect(html).toContain("window.__reactRouterContext.streamController.close();");
    // Inline scripts still carry the request's CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1];
    const scripts = html.match(/<script\b[^>]*>/g)!.filter((s) => !/\bsrc=/.test(s) && !/type="application\/ld\+json"/.test(s));
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
  });
});
