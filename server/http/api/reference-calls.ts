import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { blogCategories } from "../../../common/blog-categories";
import { corporateTypes } from "../../../common/corporate-types";
import type { Locale } from "../../../common/format";
import { isLocale, LOCALE_COOKIE } from "../../../common/i18n";
import type { ApiCall } from "../../core/app-context";
import { localizedName } from "../../platform/api-shapes";
import { z } from "../../platform/api-zod";
import { listFooterCities, listProvinces } from "../../reference/cities";
import { dropRestOfBody } from "../body-limits";

/**
 * The spec's reference calls (§7): data that changes only with a deploy. Each answer is
 * serialised and gzipped once per language and served from memory with an ETag. They are
 * answered before Express (see server/http/serve.ts and createRequestListener) because the
 * apps call them at every start: nothing per request but picking the buffer.
 */
const REFERENCE_CALLS: Record<string, (locale: Locale) => unknown> = {
  "/api/v1/corporate/sub-types": (locale) => ({
    sub_types: corporateTypes.map((t) => ({
      id: t.id,
      key: t.key,
      url: t.url,
      name: t.name[locale],
      corporate_sub_types: t.corporate_sub_types.map((s) => ({ id: s.id, key: s.key, url: s.url, name: s.name[locale] })),
    })),
  }),
  "/api/v1/ttservice/cities": () => listProvinces().map(({ code, value }) => ({ code, value })),
  "/api/v1/ttservice/cities-for-footer": () => listFooterCities().map(({ url, value }) => ({ url, value })),
  "/api/v1/blog/categories": (locale) => blogCategories.map((c) => ({ id: c.id, name: c.name[locale], url: c.url })),
};

/* ---------- what the OpenAPI document says of them ---------- */

const citySchema = z.object({ code: z.number().int(), value: z.string() }).openapi("City");
const citiesResponse = z.array(citySchema);

const footerCitySchema = z.object({ url: z.string(), value: z.string() }).openapi("FooterCity");
const footerCitiesResponse = z.array(footerCitySchema);

const blogCategorySchema = z.object({ id: z.number().int(), name: localizedName, url: z.string() }).openapi("BlogCategory");
const blogCategoriesResponse = z.array(blogCategorySchema);

const subTypeSchema = z.object({ id: z.number().int(), key: z.string(), url: z.string(), name: localizedName }).openapi("CorporateSubType");
const corporateTypeSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    url: z.string(),
    name: localizedName,
    corporate_sub_types: z.array(subTypeSchema),
  })
  .openapi("CorporateType");
const subTypesResponse = z.object({ sub_types: z.array(corporateTypeSchema) });

/** The reference calls as the OpenAPI document describes them: answered above, so without a handler. */
export const referenceCallDocs: ApiCall[] = [
  { id: "listCorporateSubTypes", path: "/corporate/sub-types", summary: "Corporate types with their sub types", tag: "reference", response: subTypesResponse },
  { id: "listCities", path: "/ttservice/cities", summary: "The 81 provinces", tag: "reference", response: citiesResponse },
  { id: "listFooterCities", path: "/ttservice/cities-for-footer", summary: "Cities linked from the footer", tag: "reference", response: footerCitiesResponse },
  { id: "listBlogCategories", path: "/blog/categories", summary: "Blog categories", tag: "reference", response: blogCategoriesResponse },
];

interface Prepared {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

const prepared = new Map<string, Prepared>();

function prepare(path: string, locale: Locale): Prepared {
  const key = `${locale}:${path}`;
  let entry = prepared.get(key);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(REFERENCE_CALLS[path](locale)));
    entry = { body, gzip: gzipSync(body), etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"` };
    prepared.set(key, entry);
  }
  return entry;
}

const COOKIE_LOCALE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(tr|en)(?:;|$)`);

/** An explicit Accept-Language first (the apps), else the site's language cookie, else Turkish. */
export function referenceLocale(req: IncomingMessage): Locale {
  const header = req.headers["accept-language"];
  const first = header?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(first)) return first;
  return (COOKIE_LOCALE.exec(req.headers.cookie ?? "")?.[1] as Locale | undefined) ?? "tr";
}

/** Answers a reference call and returns true; anything else returns false untouched. */
export function answerReferenceCall(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "POST" || !req.url || !(req.url in REFERENCE_CALLS)) return false;
  const entry = prepare(req.url, referenceLocale(req));
  // These calls take no body: whatever is still being sent is dropped, and not for long.
  dropRestOfBody(req, res);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding, Accept-Language, Cookie");
  if (req.headers["if-none-match"] === entry.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", (gzip ? entry.gzip : entry.body).length);
  res.end(gzip ? entry.gzip : entry.body);
  return true;
}
