// What the site answers, read from its own tables: the pages and their methods from the React
// Router route config (app/routes.ts), the calls from the OpenAPI document. The permission matrix
// and the browser sweep are generated from these, so a new page or call without a row fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

const root = path.resolve(import.meta.dirname, "../..");

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  id?: string;
  children?: RouteEntry[];
}

export interface PageRoute {
  /** The route's pattern with a leading slash: "/", "/giris", "/sifirla/sifre/:code", "/*". */
  pattern: string;
  file: string;
  /** The module exports an action (the page takes POST). */
  hasAction: boolean;
  hasLoader: boolean;
  /** The module renders a document (a default export): a page a person sees. */
  hasComponent: boolean;
  /** The English twin of another route ("/en/…"). */
  twinOf?: string;
}

function join(parent: string, child: string | undefined): string {
  if (!child) return parent || "/";
  return `${parent.replace(/\/$/, "")}/${child}`.replace(/\/{2,}/g, "/");
}

function flatten(entries: RouteEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((e) => {
    const pattern = e.index ? parent || "/" : join(parent, e.path);
    return [{ pattern: pattern.startsWith("/") ? pattern : `/${pattern}`, file: e.file }, ...flatten(e.children ?? [], pattern)];
  });
}

const moduleSource = (file: string) => readFileSync(path.join(root, "app", file), "utf8");
const exports = (src: string, name: string) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${name}\\b`).test(src);

/** Every route of app/routes.ts, each once (a module mounted at two paths is two routes). */
export function pageRoutes(): PageRoute[] {
  const seen = new Set<string>();
  return flatten(routes as RouteEntry[])
    .filter((r) => (seen.has(r.pattern) ? false : (seen.add(r.pattern), true)))
    .map((r) => {
      const src = moduleSource(r.file);
      const twin = /^\/en(\/|$)/.test(r.pattern) ? r.pattern.replace(/^\/en/, "") || "/" : undefined;
      return { pattern: r.pattern, file: r.file, hasAction: exports(src, "action"), hasLoader: exports(src, "loader"), hasComponent: /export\s+default\s/.test(src), twinOf: twin };
    });
}

/** The methods a route answers besides being a document: GET always, POST when it has an action. */
export function pageKeys(): string[] {
  return pageRoutes().flatMap((r) => [`GET ${r.pattern}`, ...(r.hasAction ? [`POST ${r.pattern}`] : [])]);
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** "POST /api/v1/login" for each operation of the document. */
export function apiKeys(doc: OpenApiDocument, prefix = "/api/v1"): string[] {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${prefix}${p}`),
  );
}
