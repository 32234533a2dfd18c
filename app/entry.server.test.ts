import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defersData } from "./entry.server";

/**
 * The fast path in entry.server.tsx fills React Router's private stream cache. These checks read
 * the installed react-router and fail on an upgrade that changes what the fast path relies on.
 */
const dist = path.resolve(path.dirname(createRequire(import.meta.url).resolve("react-router")), "..");
function bundles(kind: "development" | "production"): string {
  const dir = path.join(dist, kind);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
}

describe("React Router internals used by the fast render path", () => {
  it.each(["development", "production"] as const)("%s build: <StreamTransfer> reads renderMeta.streamCache[identifier].result", (kind) => {
    const code = bundles(kind).replace(/\s+/g, " ");
    const transfer = /function StreamTransfer\(\{[^}]*\}\) \{(.{0,1500})/.exec(code)?.[1];
    expect(transfer, "StreamTransfer not found").toBeDefined();
    expect(transfer).toContain("context.renderMeta.streamCache");
    expect(transfer).toMatch(/let \{ streamCache \} = context\.renderMeta/);
    expect(transfer).toMatch(/let promise = streamCache\[identifier\]/);
    expect(transfer).toMatch(/promise\.result === void 0/);
    expect(transfer).toMatch(/let \{ done, value \} = promise\.result/);
  });

  it.each(["development", "production"] as const)("%s build: the entry context carries serverHandoffStream and renderMeta", (kind) => {
    const code = bundles(kind).replace(/\s+/g, " ");
    expect(code).toMatch(/serverHandoffStream: encodeViaTurboStream\(/);
    expect(code).toMatch(/renderMeta: \{\}/);
    expect(code).toContain("reader: context.serverHandoffStream.getReader()");
  });
});

describe("React Router patched (patches/react-router+7.18.4.patch, decision 007): a build's routes are made once", () => {
  it("createStaticRouter converts the same routes array once: the second router has the same data routes", async () => {
    const { createStaticRouter } = await import("react-router");
    const routes = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }];
    const context = { basename: "/", location: { pathname: "/a", search: "", hash: "", state: null, key: "default" }, matches: [], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {} };
    const first = createStaticRouter(routes, context as never);
    const second = createStaticRouter(routes, context as never);
    expect(second.routes).toBe(first.routes);
    expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes);
  });

  it("the patch is in both module formats of the build the server runs (development), in its four places", () => {
    expect(bundles("development").match(/genisbant patch/g)?.length).toBe(4);
    const cjs = readdirSync(path.join(dist, "development")).filter((f) => f.endsWith(".js")).map((f) => readFileSync(path.join(dist, "development", f), "utf8")).join("\n");
    expect(cjs.match(/genisbant patch/g)?.length).toBe(4);
  });
});

describe("defersData", () => {
  const ctx = (loaderData: Record<string, unknown>, actionData: Record<string, unknown> | null = null) =>
    ({ staticHandlerContext: { loaderData, actionData } }) as unknown as Parameters<typeof defersData>[0];

  it("is false for plain data", () => {
    expect(defersData(ctx({ root: { locale: "tr" }, "routes/home": { items: [1, 2] }, empty: null }))).toBe(false);
  });

  it("is true when a loader or action returned a promise among its values", () => {
    expect(defersData(ctx({ root: { locale: "tr" }, "routes/x": { slow: Promise.resolve(1) } }))).toBe(true);
    expect(defersData(ctx({}, { "routes/x": { result: Promise.resolve(1) } }))).toBe(true);
  });
});
