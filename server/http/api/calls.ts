import express from "express";
import type { ApiCall, ApiWebhook, AreaModule } from "../../core/app-context";
import { referenceCallDocs } from "./reference-calls";
import { api, jsonBody } from "./respond";

/**
 * Every call the document describes: the reference calls (answered before Express, see
 * reference-calls.ts) and the areas' declarations (their modules' `api`).
 */
export function documentedCalls(modules: readonly AreaModule[]): ApiCall[] {
  return [...referenceCallDocs, ...modules.flatMap((m) => m.api ?? [])];
}

export function documentedWebhooks(modules: readonly AreaModule[]): ApiWebhook[] {
  return modules.flatMap((m) => m.webhooks ?? []);
}

/** `/companies/{slug}` → `/companies/:slug`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
const paramCount = (path: string) => (path.match(/\{/g) ?? []).length;

/** The calls whose body is multipart (files, streamed by their handler): their paths. */
export function fileCallPaths(calls: readonly ApiCall[]): ReadonlySet<string> {
  return new Set(calls.filter((c) => c.body?.type === "multipart/form-data").map((c) => c.path));
}

/**
 * An Express router serving the calls that have a handler. A POST reads its JSON body up to the
 * call's limit (a multipart one is streamed by its handler). Calls with fewer path parameters
 * are routed first, so `/my/companies` is never taken for `/my/{id}` whatever the modules' order.
 */
export function routeCalls(calls: readonly ApiCall[]): express.Router {
  const router = express.Router();
  const served = calls.filter((c) => c.handler).sort((a, b) => paramCount(a.path) - paramCount(b.path));
  for (const call of served) {
    const method = call.method ?? "post";
    const reads = method === "post" && call.body?.type !== "multipart/form-data" ? [jsonBody(call.bodyLimit ?? "100kb")] : [];
    router[method](expressPath(call.path), ...reads, api(call.handler!));
  }
  return router;
}
