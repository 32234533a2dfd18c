import { dropInvisibleFormat } from "../validation/fields";
import { z } from "../validation/zod";
import { BLOG_SEARCH_MAX_LENGTH, BLOG_SEARCH_MIN_LENGTH } from "./search-bounds";

/**
 * The blog list's word search (spec §5: required, min and max length, letters and numbers only)
 * and how it matches. Letters and digits of any script (Turkish included); words separated by
 * white space, which collapses to one space, so "fiber  altyapı" is two words. The words are
 * matched on the site search's index (server/search documentsHolding, decision 033), folded with
 * the site's one Turkish-aware table (common/search-text.ts, decision 010): "İSTANBUL",
 * "istanbul" and "Istanbul" are one word, as are "ığdır" and "IGDIR", "çağrı" and "cagri".
 */

/** Words of letters (with their combining marks) and digits, single spaces between them. */
const WORDS = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?: [\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*$/u;

/** The search as typed, made comparable: NFC, invisible formatting dropped, white space collapsed and trimmed. */
export function normaliseBlogSearch(value: string): string {
  return dropInvisibleFormat(value.normalize("NFC")).replace(/\s+/g, " ").trim();
}

export const blogSearchWordSchema = z.preprocess(
  (v) => (typeof v === "string" ? normaliseBlogSearch(v) : v),
  z
    .string({ error: "blog.validation.search.required" })
    .min(1, "blog.validation.search.required")
    .min(BLOG_SEARCH_MIN_LENGTH, "blog.validation.search.min")
    .max(BLOG_SEARCH_MAX_LENGTH, "blog.validation.search.max")
    .regex(WORDS, "blog.validation.search.alphanumeric"),
);
