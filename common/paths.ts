import type { Locale } from "./format";
import { EN_PREFIX, routeRegistry } from "./routes/registry";

type Entry = (typeof routeRegistry)[number];
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];
type Strings<T extends unknown[]> = { [K in keyof T]: string };
type PathFunction<P extends string> = (...params: Strings<ParamNames<P>>) => string;
/** Navigation name → a function of the path's parameters (in order) that builds the path. */
export type Paths = { [E in Entry as E["path"] extends "*" ? never : E["name"]]: PathFunction<E["path"]> };

function build(prefix: string): Paths {
  const out: Record<string, (...params: string[]) => string> = {};
  for (const entry of routeRegistry) {
    if (entry.path === "*") continue;
    const segments = entry.path.split("/");
    // One resource for both languages (files): the same path.
    const base = "twin" in entry ? "" : prefix;
    out[entry.name] = (...params: string[]) => {
      let i = 0;
      const path = segments.map((s) => (s.startsWith(":") ? encodeURIComponent(params[i++] ?? "") : s)).join("/");
      return path ? `${base}/${path}` : base || "/";
    };
  }
  return out as Paths;
}

/**
 * The spec's navigation names (§2) and the Turkish paths they lead to, built from the route
 * registry (common/routes/registry.ts). Components use `usePaths()` (app/lib/paths.ts) for the
 * page's language; server code `pathsFor(context.locale)`.
 */
export const paths: Paths = build("");
const enPaths: Paths = build(EN_PREFIX);

/** The paths of one language: English ones under /en. */
export function pathsFor(locale: Locale): Paths {
  return locale === "en" ? enPaths : paths;
}

/** "/en", "/en/…" and the English home's data URL "/en.data" are English; everything else Turkish. */
const EN_PATH = /^\/en(?:[/?#]|\.data(?:$|[?#])|$)/;
/** Not pages: the API, uploaded media, build assets, React Router's manifest, files with an extension. */
const NOT_A_PAGE = /^\/(?:api|media|assets|__manifest)(?:[/?#]|$)|\.[a-z0-9]+(?:[?#]|$)/i;

/** The language of a page path (the URL decides; the cookie only sends a bare path on to /en). */
export function localeOfPath(path: string): Locale {
  return EN_PATH.test(path) ? "en" : "tr";
}

/** Whether a same-site path is a page, i.e. has an English twin under /en. */
export function isPagePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !NOT_A_PAGE.test(path);
}

/** The path without its language prefix: "/en/x?q" → "/x?q", "/en" → "/" ("/en//x" → "/x", never "//x"). */
export function stripLocale(path: string): string {
  if (!EN_PATH.test(path)) return path;
  const rest = path.slice(EN_PREFIX.length);
  return rest.startsWith("/") ? rest.replace(/^\/+/, "/") : `/${rest}`;
}

/**
 * A Turkish page path in a language: "/x?q" → "/en/x?q", "/" → "/en". Paths that are already
 * English, and paths that are not pages (files, /api), are returned as they are.
 */
export function localizePath(locale: Locale, path: string): string {
  if (locale !== "en" || EN_PATH.test(path) || !isPagePath(path)) return path;
  return path === "/" || /^\/[?#]/.test(path) ? EN_PREFIX + path.slice(1) : EN_PREFIX + path;
}

/** The same page in the other (or given) language, query string kept. */
export function switchLocale(path: string, locale: Locale): string {
  return localizePath(locale, stripLocale(path));
}

/** The query flag of a language link: the page stores the choice and drops the flag (decision 025). */
export const LANGUAGE_LINK_PARAM = "lng";

/**
 * The language menu's link to the same page in `locale`: its twin URL with ?lng=, so that the
 * choice is remembered (the cookie) even where a remembered English would send a bare path on to
 * /en. "/en/sss?q=1" → "/sss?q=1&lng=tr" (decision 025).
 */
export function languageLink(path: string, locale: Locale): string {
  const target = switchLocale(path, locale);
  const hash = target.indexOf("#");
  const base = hash >= 0 ? target.slice(0, hash) : target;
  const params = new URLSearchParams(base.includes("?") ? base.slice(base.indexOf("?") + 1) : "");
  params.set(LANGUAGE_LINK_PARAM, locale);
  return `${base.includes("?") ? base.slice(0, base.indexOf("?")) : base}?${params.toString()}`;
}
