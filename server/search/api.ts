import type { ApiCall } from "../core/app-context";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { popularResponse, searchResponse, suggestionsResponse } from "./api-schemas";
import { searchesPopular, searchSite, searchSuggestions } from "./search";
import type { Request } from "express";

// The site search for the mobile apps: the same services as the results page and the overlay.

const qField = z.string().openapi({
  description: "The search: 3–60 characters, letters (Turkish ones too), digits, hyphens and spaces. Every word must match (the last as a prefix); Turkish letters match their ASCII forms, and a word of 5 letters may have one typo, of 9 two",
  example: "turk telekom",
});

/** A query parameter sent once as text (a repeated or nested one is a 400). */
function one(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new AppError("E_VALIDATION", "errors.badRequest", { fieldErrors: { [name]: { key: "errors.badRequest" } } });
  return v;
}

export const searchCalls: ApiCall[] = [
  {
    id: "search",
    method: "get",
    path: "/search",
    tag: "search",
    summary: "Searches companies, blog posts and packages: each group's count and first 5 hits, or with `kind` one group's page of 20. Posts in both languages; of a post and its translation, the one in the request's language (Accept-Language)",
    query: z.object({
      q: qField,
      kind: z.enum(["company", "post", "package"]).optional().openapi({ description: "Only this group, 20 a page (the results page's show more)" }),
      page: z.string().optional().openapi({ description: "Page of the group from 1 (with `kind`)", example: "2" }),
    }),
    response: searchResponse,
    handler: async (req, _res, ctx) => {
      const results = await searchSite(ctx.app, { q: one(req, "q"), kind: one(req, "kind"), page: one(req, "page"), locale: ctx.apiLocale, ipHash: ctx.ipHash });
      return { success: true, ...results };
    },
  },
  {
    id: "searchSuggestions",
    method: "get",
    path: "/search/suggestions",
    tag: "search",
    summary: "What the search box suggests as the person types: at most 8 companies, posts and packages, best first (the last word as a prefix)",
    query: z.object({ q: qField }),
    response: suggestionsResponse,
    handler: async (req, _res, ctx) => ({ success: true, suggestions: await searchSuggestions(ctx.app, { q: one(req, "q"), locale: ctx.apiLocale }) }),
  },
  {
    id: "searchPopular",
    method: "get",
    path: "/search/popular",
    tag: "search",
    summary: "The popular searches: those that found something and were made by at least 3 different visitors over the last 30 days, most made first (what the search page offers before anything is typed)",
    response: popularResponse,
    handler: async (_req, _res, ctx) => ({ success: true, searches: await searchesPopular(ctx.app) }),
  },
];
