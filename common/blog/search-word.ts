import { escapeLike, foldSearchText } from "../search-text";
import { dropInvisibleFormat } from "../validation/fields";
import { z } from "../validation/zod";
import { BLOG_SEARCH_MAX_LENGTH, BLOG_SEARCH_MIN_LENGTH } from "./search-bounds";

/**
 * The blog list's word search (spec §5: required, min and max length, letters and numbers only)
 * and how it matches. Letters and digits of any script (Turkish included); words separated by
 * white space, which collapses to one space, so "fiber  altyapı" is two words. Matching folds
 * both sides with the site's one Turkish-aware table (common/search-text.ts, decision 010):
 * "İSTANBUL", "istanbul" and "Istanbul" are one word, as are "ığdır" and "IGDIR", "çağrı" and
 * "cagri".
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

/** The folded, distinct words of a checked search ("Fiber FİBER altyapı" → ["fiber", "altyapi"]). */
export function blogSearchTerms(word: string): string[] {
  return [...new Set(foldSearchText(normaliseBlogSearch(word)).split(" ").filter(Boolean))];
}

/** True when `text` holds every word of the search, both folded (the browser's twin of the SQL). */
export function matchesBlogSearch(text: string, word: string): boolean {
  const folded = foldSearchText(text);
  return blogSearchTerms(word).every((term) => folded.includes(term));
}

/**
 * One LIKE pattern per word, for "the folded column contains it", all to hold
 * (`translate(column, FOLD_FROM, FOLD_TO) LIKE pattern ESCAPE '\'` for each, as server/db/search.ts
 * builds the condition).
 */
export function blogSearchPatterns(word: string): string[] {
  return blogSearchTerms(word).map((term) => `%${escapeLike(term)}%`);
}
