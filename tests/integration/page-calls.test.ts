import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/http/api/openapi";
import { areaModules } from "../../server/modules";
import { PAGE_FORMS, type PageForm } from "../helpers/page-forms";
import { pageRoutes, type OpenApiDocument } from "../helpers/route-table";

/**
 * What a page can do, the API can do (DESIGN.md): every form of every page (each `intent` a page's
 * action dispatches on, or the page's one form) names the /api/v1 call doing the same through the
 * same service, and that call is an operation of the OpenAPI document. Only what is the browser's
 * own matter (its theme, language and consent cookies) may have none, with the reason written.
 * The list (tests/helpers/page-forms.ts) is checked against the pages themselves: every route
 * with an action, and every intent a form's markup spells out.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** operationId → "METHOD /path" of the document. */
function operations(doc: OpenApiDocument): Map<string, string> {
  const ops = new Map<string, string>();
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, { operationId?: string }>)) {
      if (op.operationId) ops.set(op.operationId, `${method.toUpperCase()} ${p}`);
    }
  }
  return ops;
}

const label = (f: PageForm) => `${f.method ?? "POST"} ${f.page}${f.intent === null ? "" : ` intent=${f.intent}`}`;

/** The forms whose call is missing from `doc`, each with what it names. */
function formsWithoutCall(doc: OpenApiDocument, forms: PageForm[]): string[] {
  const ops = operations(doc);
  return forms.flatMap((f) => {
    if (typeof f.call === "object" && f.call !== null) return f.call.browserOnly.trim().length >= 20 ? [] : [`${label(f)}: a browser-only form needs its reason`];
    if (typeof f.call !== "string") return [`${label(f)}: names no call`];
    return ops.has(f.call) ? [] : [`${label(f)} → ${f.call}: no such operation in the OpenAPI document`];
  });
}

/** Every `intent` value a form's markup spells out (an <input> or <button> named "intent"), with its file. */
function literalIntents(): { file: string; intent: string }[] {
  const dir = path.join(root, "app");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx$/.test(f) && !/\.test\.tsx$/.test(f));
  return files.flatMap((file) => {
    const src = readFileSync(path.join(dir, file), "utf8");
    return [...src.matchAll(/<(?:input|button)\b[^>]*?\bname="intent"[^>]*?>/g)].flatMap(([tag]) => {
      const value = /\bvalue="([^"]+)"/.exec(tag)?.[1];
      return value ? [{ file: `app/${file}`, intent: value }] : [];
    });
  });
}

const doc = openApiDocument(areaModules) as OpenApiDocument;

describe("every page form has an API call", () => {
  it("each form names an operation of the OpenAPI document (or, for the browser's own matters, why it has none)", () => {
    expect(formsWithoutCall(doc, PAGE_FORMS)).toEqual([]);
  });

  it("the check is really applied: a document without a page's call fails it", () => {
    const ops = operations(doc);
    const form = PAGE_FORMS.find((f) => f.page === "/ayarlar" && f.intent === "password")!;
    const [method, p] = ops.get(form.call as string)!.split(" ");
    const broken = structuredClone(doc);
    delete broken.paths[p!]![method!.toLowerCase()];
    expect(formsWithoutCall(broken, PAGE_FORMS)).toEqual([`POST /ayarlar intent=password → ${String(form.call)}: no such operation in the OpenAPI document`]);
    expect(formsWithoutCall(doc, [{ page: "/ayarlar", intent: "yeni", call: undefined as unknown as string }])).toEqual(["POST /ayarlar intent=yeni: names no call"]);
    expect(formsWithoutCall(doc, [{ page: "/tercih", intent: null, call: { browserOnly: "" } }])).toEqual(["POST /tercih: a browser-only form needs its reason"]);
  });

  it("lists each form once", () => {
    const labels = PAGE_FORMS.map(label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  it("lists every page that takes a form, and only pages that do", () => {
    const routes = pageRoutes().filter((r) => !r.twinOf);
    const withAction = routes.filter((r) => r.hasAction).map((r) => r.pattern);
    const listed = new Set(PAGE_FORMS.filter((f) => (f.method ?? "POST") === "POST").map((f) => f.page));
    expect(withAction.filter((p) => !listed.has(p)), "pages with an action and no form listed").toEqual([]);
    expect([...listed].filter((p) => !withAction.includes(p)), "listed forms of pages without an action").toEqual([]);
    for (const f of PAGE_FORMS.filter((x) => x.method === "GET")) {
      expect(routes.find((r) => r.pattern === f.page)?.hasLoader, `${label(f)} is a page with a loader`).toBe(true);
    }
  });

  it("lists every intent a page's form markup names", () => {
    const found = literalIntents();
    // The scan itself finds forms (the settings tabs, the user actions and others name theirs through constants).
    expect(found.length).toBeGreaterThan(10);
    const declared = new Set(PAGE_FORMS.map((f) => f.intent?.split(" ")[0]));
    expect(found.filter((f) => !declared.has(f.intent)).map((f) => `${f.file}: intent=${f.intent}`)).toEqual([]);
  });
});
