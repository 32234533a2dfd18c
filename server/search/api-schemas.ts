import { SEARCH_KINDS } from "../../common/search/kinds";
import { z } from "../platform/api-zod";

// The answer shapes of the search's /api/v1 calls.

export const searchHit = z
  .object({
    kind: z.enum(SEARCH_KINDS).openapi({ description: "What it is: a company, a blog post or a package" }),
    id: z.number().int().openapi({ description: "Its id in its kind (GET /companies/{slug}, /blog/posts/{id}, /packages/{id})", example: 42 }),
    title: z.string().openapi({ description: "Its name or title as written", example: "Pusula Fiber (demo)" }),
    subtitle: z.string().openapi({ description: "One line about it in the request's language: category and city, provider and speed, category and company", example: "Kablolu İnternet · İzmir" }),
    path: z.string().openapi({ description: "Its page on this site in the request's language", example: "/kablolu-internet/pusula-fiber-demo" }),
    isDemo: z.boolean().openapi({ description: "Fictional demo data (labelled as such wherever shown)" }),
    language: z.enum(["tr", "en"]).nullable().openapi({ description: "A post's language; null for companies and packages" }),
  })
  .openapi("SearchHit");

export const searchResponse = z.object({
  success: z.literal(true),
  query: z.string().openapi({ description: "The search as checked: hyphens are spaces", example: "turk telekom" }),
  shown: z.string().openapi({ description: "Its words in their Turkish form, where a match writes them so", example: "türk telekom" }),
  groups: z
    .array(
      z.object({
        kind: z.enum(SEARCH_KINDS),
        total: z.number().int().openapi({ description: "Matches of this kind, counted up to 1,000" }),
        totalCapped: z.boolean().openapi({ description: "There are more than `total` matches (the count stops at 1,000, and the pages list the first 1,000)" }),
        page: z.number().int(),
        pageSize: z.number().int().openapi({ description: "5 per group without `kind`, 20 with it" }),
        nextPage: z.number().int().nullable().openapi({ description: "The next page's number, or null on the last" }),
        hits: z.array(searchHit),
      }),
    )
    .openapi({ description: "Companies, blog posts and packages, in that order (only `kind`'s when given)" }),
  didYouMean: z.string().nullable().openapi({ description: "When nothing matched: a search that finds something (words corrected, a popular search, or the nearest name), else null" }),
});

export const suggestionsResponse = z.object({
  success: z.literal(true),
  suggestions: z.array(searchHit).openapi({ description: "At most 8, best first, of any kind" }),
});

export const popularResponse = z.object({
  success: z.literal(true),
  searches: z
    .array(
      z.object({
        query: z.string().openapi({ description: "The words as the results page shows them", example: "türk telekom" }),
        searchers: z.number().int().openapi({ description: "Different visitors who made it over the last 30 days (at least 3; each counted once a day)" }),
      }),
    )
    .openapi({ description: "At most 8, most made first; only searches that found something" }),
});
