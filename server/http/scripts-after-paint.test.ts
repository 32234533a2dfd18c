import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { compactManifest, scriptsAfterFirstPaint } from "./scripts-after-paint";

// The shape React Router 7's <Scripts> renders (React hoists the preloads into the head).
const doc = (moduleCode: string) =>
  `<html><head><title>x</title><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/><link nonce="n1" rel="stylesheet" href="/assets/root.css"/></head>` +
  `<body><p>a &lt;link rel="modulepreload" href="/x.js"/&gt; in text</p><script nonce="n1">window.__reactRouterContext = {};</script>` +
  `<script nonce="n1" type="module" async="">${moduleCode}</script><script nonce="n1">after();</script></body></html>`;

const code = `import * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");`;

/** Runs the loader the document got, in a fake browser, and returns what it added to the page. */
function runLoader(html: string) {
  const loader = /<script nonce="n1">(\(function\(p,c,n\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader in the document");
  const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const element = (tag: string) => ({ tag }) as (typeof added)[number];
  const document = {
    currentScript: { nonce: "n1" },
    head: { appendChild: (e: (typeof added)[number]) => added.push(e) },
    body: { appendChild: (e: (typeof added)[number]) => added.push(e) },
    createElement: element,
  };
  runInNewContext(loader, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  });
  return { added, frames, timers };
}

describe("scriptsAfterFirstPaint", () => {
  it("takes the module preloads and the module script out of the document and leaves the rest", () => {
    const out = scriptsAfterFirstPaint(doc(code));
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script nonce="n1" type="module"');
    expect(out).toContain('<link nonce="n1" rel="stylesheet" href="/assets/root.css"/>');
    // Escaped text that merely looks like a preload is page content, not markup.
    expect(out).toContain('a &lt;link rel="modulepreload" href="/x.js"/&gt; in text');
    expect(out).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(out).toContain('<script nonce="n1">after();</script>');
  });

  it("starts nothing before the first paint, then adds the same preloads and module script with the nonce, once", () => {
    const { added, frames, timers } = runLoader(scriptsAfterFirstPaint(doc(code)));
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]();
    const afterPaint = timers.find((t) => t.ms === 0);
    expect(afterPaint).toBeDefined();
    afterPaint!.fn();
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-A.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/root-B.js" },
      { tag: "script", type: "module", nonce: "n1", textContent: code },
    ]);
    // The fallback timer (a hidden tab never paints) does not load it a second time.
    timers.find((t) => t.ms > 0)!.fn();
    expect(added).toHaveLength(3);
  });

  it("adds the preloads a few per task, so that no one task pays for all of them, and the module script after the last", () => {
    const many = Array.from({ length: 20 }, (_, i) => `/assets/m${i}.js`);
    const { added, frames, timers } = runLoader(scriptsAfterFirstPaint(doc(code), "", many));
    frames[0]();
    const tasks: number[] = [];
    // Run the zero-delay tasks in order, as the browser would, counting what each one added.
    for (let done = 0; timers.some((t, i) => i >= done && t.ms === 0); ) {
      const index = timers.findIndex((t, i) => i >= done && t.ms === 0);
      done = index + 1;
      const before = added.length;
      timers[index]!.fn();
      tasks.push(added.length - before);
    }
    expect(tasks).toEqual([4, 4, 4, 4, 4, 3]);
    expect(added.filter((e) => e.tag === "link").map((e) => e.href)).toEqual(["/assets/entry.client-A.js", "/assets/root-B.js", ...many]);
    expect(added.at(-1)).toEqual({ tag: "script", type: "module", nonce: "n1", textContent: code });
  });

  it("carries the module code as a string with no '<' in it, so nothing in it can end or open a script element", () => {
    const tricky = `${code}\nconst s = "<!--<script>" + "\u2028";`;
    const out = scriptsAfterFirstPaint(doc(tricky));
    const loader = /<script nonce="n1">(\(function\(p,c,n\)[\s\S]*?)<\/script>/.exec(out)![1];
    expect(loader).not.toContain("<");
    const { added, frames, timers } = runLoader(out);
    frames[0]();
    timers.find((t) => t.ms === 0)!.fn();
    expect(added.at(-1)?.textContent).toBe(tricky);
  });

  it("leaves a document without React Router's module script as it is", () => {
    const html = "<html><head></head><body><p>x</p></body></html>";
    expect(scriptsAfterFirstPaint(html)).toBe(html);
  });

  it("writes React Router's indented manifest without its spaces, the same object, and leaves code it cannot read alone", () => {
    const manifest = { entry: { module: "/assets/entry.client-A.js", imports: ["/assets/x.js"], css: [] }, routes: { root: { id: "root", path: "", module: "/assets/root-B.js" } }, version: "v1" };
    const indented = `import * as route0 from "/assets/root-B.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");`;
    const compact = compactManifest(indented);
    expect(compact.length).toBeLessThan(indented.length - 60);
    const window: Record<string, unknown> = {};
    runInNewContext(compact.replace(/^import .*$/m, "var route0 = {};").replace(/^import\(.*$/m, ""), { window });
    expect(window.__reactRouterManifest).toEqual(manifest);
    expect(window.__reactRouterRouteModules).toEqual({ root: {} });
    const broken = `window.__reactRouterManifest = {\n  "a": [1,\n};\nimport("/x.js");`;
    expect(compactManifest(broken)).toBe(broken);
    expect(compactManifest(code)).toBe(code);
  });
});
