import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { isPagePath, languageLink, localeOfPath, localizePath, paths, pathsFor, stripLocale, switchLocale } from "../paths";
import { entryForPath, isGuestCachedPath, routeId, routePattern, routeRegistry, routedEntries, type RouteEntry } from "./registry";

const entries: readonly RouteEntry[] = routeRegistry;

describe("route registry", () => {
  it("has no duplicate name, path, route id or route pattern in either language", () => {
    const names = entries.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const trPaths = entries.map((e) => e.path);
    expect(new Set(trPaths).size).toBe(trPaths.length);
    const ids = routedEntries().flatMap((e) => [routeId(e, "tr"), routeId(e, "en")]);
    expect(new Set(ids).size).toBe(ids.length);
    const patterns = entries.flatMap((e) => [routePattern(e, "tr"), routePattern(e, "en")]).filter((p) => p !== null);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("gives every page an English twin under /en; only files and the catch-all are one route for both", () => {
    for (const e of entries) {
      if (e.twin === false) {
        expect(e.path === "*" || /\.[a-z]+$/.test(e.path), e.name).toBe(true);
        expect(routePattern(e, "en")).toBeNull();
      } else {
        expect(routePattern(e, "en"), e.name).toBe(e.path ? `en/${e.path}` : "en");
      }
    }
  });

  it("names route modules that exist, and lists in the sitemap only routed pages without parameters", () => {
    for (const e of routedEntries()) expect(existsSync(path.join(import.meta.dirname, "../../app", e.module!)), e.module).toBe(true);
    for (const e of entries.filter((x) => x.sitemap)) {
      expect(e.module, e.name).toBeDefined();
      expect(e.path, e.name).not.toMatch(/[:*]/);
    }
  });

  it("is what app/routes.ts hands React Router: each routed entry in both languages, under its id", () => {
    const config = routes.map((r) => ({ id: r.id, path: r.path ?? "", index: r.index === true, file: r.file }));
    const expected = routedEntries().flatMap((e) =>
      (["tr", "en"] as const).flatMap((l) => {
        const pattern = routePattern(e, l);
        return pattern === null ? [] : [{ id: routeId(e, l), path: pattern, index: pattern === "", file: e.module! }];
      }),
    );
    expect(config).toEqual(expected);
    expect(config.find((r) => r.id === "en.Home")).toMatchObject({ path: "en", index: false });
  });

  it("finds the entry of a Turkish path", () => {
    expect(entryForPath("/hakkimizda")?.name).toBe("about");
    expect(entryForPath("/")?.name).toBe("Home");
    expect(entryForPath("/yok")).toBeUndefined();
  });
});

describe("paths", () => {
  it("builds each navigation name's Turkish path, with encoded parameters", () => {
    expect(paths.Home()).toBe("/");
    expect(paths.sss()).toBe("/sikca-sorulan-sorular");
    expect(paths.altyapiSorgulamaIl("istanbul")).toBe("/internet-altyapi-hiz-sorgulama/istanbul");
    expect(paths.search("a b/ç")).toBe("/arama/a%20b%2F%C3%A7");
    expect(paths.resetPassword("abc")).toBe("/sifirla/sifre/abc");
  });

  it("builds the English ones under /en, files staying where they are", () => {
    const en = pathsFor("en");
    expect(en.Home()).toBe("/en");
    expect(en.sss()).toBe("/en/sikca-sorulan-sorular");
    expect(en.verifyEmail("x")).toBe("/en/dogrula/mail/x");
    expect(en.sitemap()).toBe("/sitemap.xml");
    expect(pathsFor("tr")).toBe(paths);
  });

  it.each([
    ["/", "tr"],
    ["/en", "en"],
    ["/en/", "en"],
    ["/en/iletisim", "en"],
    ["/en?x=1", "en"],
    ["/en.data", "en"],
    ["/en.data?_routes=x", "en"],
    ["/en-iyi-paketler", "tr"],
    ["/english", "tr"],
    ["/iletisim/en", "tr"],
  ] as const)("the language of %s is %s", (p, locale) => {
    expect(localeOfPath(p)).toBe(locale);
  });

  it.each([
    ["/", "/en"],
    ["/?a=1", "/en?a=1"],
    ["/#top", "/en#top"],
    ["/iletisim?a=1", "/en/iletisim?a=1"],
    ["/en/iletisim", "/en/iletisim"],
    ["/en", "/en"],
    ["/robots.txt", "/robots.txt"],
    ["/api/v1/me", "/api/v1/me"],
    ["/media/avatars/x.webp", "/media/avatars/x.webp"],
    ["//evil.example", "//evil.example"],
  ])("localizePath(en, %s) is %s", (p, out) => {
    expect(localizePath("en", p)).toBe(out);
    expect(localizePath("tr", p)).toBe(p);
  });

  it.each([
    ["/en/iletisim?a=1", "/iletisim?a=1"],
    ["/en", "/"],
    ["/en?a=1", "/?a=1"],
    ["/en/", "/"],
    ["/en//evil.example", "/evil.example"],
    ["/iletisim", "/iletisim"],
  ])("stripLocale(%s) is %s, never protocol-relative", (p, out) => {
    expect(stripLocale(p)).toBe(out);
  });

  it("switches a path to the other language and back", () => {
    expect(switchLocale("/hakkimizda?x=1", "en")).toBe("/en/hakkimizda?x=1");
    expect(switchLocale("/en/hakkimizda?x=1", "tr")).toBe("/hakkimizda?x=1");
    expect(switchLocale("/en/hakkimizda", "en")).toBe("/en/hakkimizda");
    expect(isPagePath("/__manifest?p=/x")).toBe(false);
    expect(isPagePath("/x.data")).toBe(false);
  });
});

describe("languageLink (decision 025)", () => {
  it("points at the twin page with the language flag, query kept and a fragment dropped", () => {
    expect(languageLink("/sikca-sorulan-sorular?ref=a", "en")).toBe("/en/sikca-sorulan-sorular?ref=a&lng=en");
    expect(languageLink("/en/sikca-sorulan-sorular?ref=a", "tr")).toBe("/sikca-sorulan-sorular?ref=a&lng=tr");
    expect(languageLink("/en", "tr")).toBe("/?lng=tr");
    expect(languageLink("/", "en")).toBe("/en?lng=en");
    expect(languageLink("/paketler?lng=tr&kind=internet#x", "en")).toBe("/en/paketler?lng=en&kind=internet");
  });
});

describe("isGuestCachedPath (decision 018)", () => {
  it("keeps a marked page by its own path or by its pattern's exact shape, never its trailing-slash form", () => {
    expect(isGuestCachedPath("/sikca-sorulan-sorular")).toBe(true);
    expect(isGuestCachedPath("/blog-yazilari")).toBe(true);
    expect(isGuestCachedPath("/blog/teknoloji/fiber-nedir-42")).toBe(true);
    expect(isGuestCachedPath("/blog-yazilari/kategori/oyun")).toBe(true);
    expect(isGuestCachedPath("/blog/teknoloji/fiber-nedir-42/")).toBe(false);
    expect(isGuestCachedPath("/blog/teknoloji/fiber-nedir-42/x")).toBe(false);
    expect(isGuestCachedPath("/blog-yazilari/rss")).toBe(false);
    expect(isGuestCachedPath("/kablolu-internet/matris-net")).toBe(false);
  });
});

