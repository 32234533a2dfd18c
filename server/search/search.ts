import { sql, type SQL } from "drizzle-orm";
import { SEARCH_KINDS, type SearchKind } from "../../common/search/kinds";
import { searchSchema } from "../../common/forms/search";
import type { Locale } from "../../common/format";
import { normaliseSearch } from "../../common/search-text";
import { toValidationErrors } from "../../common/validation/messages";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { hasPending, indexPending } from "./documents";
import { countSearch, nearestPopularSearch, popularSearches, type PopularSearch } from "./popular";
import { didYouMean, planQuery, runSearch, runSuggestions, type SearchGroup, type SearchHit } from "./query";
import { searchDocuments } from "./schema";
import { stemsOf, wordsOf } from "./words";

// The site search's services: the results page and its API call, the overlay's suggestions and
// theirs. Both check the spec's rule for a search value (3–60 characters: letters, digits,
// hyphens and spaces), build what is waiting in the queue first, then read the documents.

/** Hits of each group on the results page; a group's own page (show more) lists SEARCH_PAGE_SIZE. */
export const SEARCH_GROUP_PREVIEW = 5;
export const SEARCH_PAGE_SIZE = 20;
/** Suggestions in the overlay. */
export const SEARCH_SUGGESTIONS = 8;
/** Records a search builds from the queue before it looks (the job builds the rest). */
const PENDING_PER_SEARCH = 1000;

type SearchApp = Pick<AppContext, "db" | "modules" | "log">;

/** The search value checked as the spec says (E_VALIDATION with the field's message otherwise), normalised. */
export function checkSearchValue(value: unknown): string {
  // Checked as sent (a control character or a broken surrogate is refused, not made a space),
  // then normalised; a slug's hyphens separate words.
  const parsed = searchSchema.safeParse({ searchValue: typeof value === "string" ? value.trim() : value });
  if (!parsed.success) {
    const message = toValidationErrors(parsed.error).searchValue ?? { key: "validation.search.required" };
    throw new AppError("E_VALIDATION", message, { fieldErrors: { q: message } });
  }
  return normaliseSearch(parsed.data.searchValue.replace(/-/g, " "));
}

async function catchUp(app: SearchApp): Promise<void> {
  if (!(await hasPending(app.db))) return;
  try {
    await indexPending(app, PENDING_PER_SEARCH);
  } catch (err) {
    // The search still answers from what is built; the job tries again.
    app.log.warn({ err }, "search: building queued documents failed");
  }
}

/**
 * The query's words as the results show them: each in the Turkish form a matching name writes it
 * in ("gumushane" → "gümüşhane"), else as typed.
 */
function shownWords(text: string, hits: readonly SearchHit[]): string {
  const forms = new Map<string, string>();
  for (const h of hits) for (const w of wordsOf(`${h.title} ${h.subtitle}`)) if (!forms.has(w.folded)) forms.set(w.folded, w.lower);
  return wordsOf(text)
    .map((w) => forms.get(w.folded) ?? w.lower)
    .join(" ");
}

export interface SearchResults {
  /** The query as checked ("turk telekom"), and its words in their Turkish form ("türk telekom"). */
  query: string;
  shown: string;
  groups: (Omit<SearchGroup, "more"> & { page: number; pageSize: number; nextPage: number | null })[];
  /** A query that finds something when this one found nothing, else null. */
  didYouMean: string | null;
}

/**
 * The results of a search: every group's first hits and count, or one group's page (`kind`,
 * `page`: show more). A kind or page that is not one is an E_VALIDATION.
 */
export async function searchSite(
  app: SearchApp,
  opts: { q: unknown; locale: Locale; kind?: unknown; page?: unknown; now?: Date; /** The searcher's hashed address: a first page that finds something counts towards the popular searches. */ ipHash?: string | null },
): Promise<SearchResults> {
  const query = checkSearchValue(opts.q);
  let kinds: readonly SearchKind[] = SEARCH_KINDS;
  if (opts.kind !== undefined) {
    if (!SEARCH_KINDS.includes(opts.kind as SearchKind)) throw new AppError("E_VALIDATION", "searchResults.errors.kind", { fieldErrors: { kind: { key: "searchResults.errors.kind" } } });
    kinds = [opts.kind as SearchKind];
  }
  const page = opts.page === undefined ? 1 : typeof opts.page === "string" && /^\d{1,5}$/.test(opts.page) ? Number(opts.page) : Number.NaN;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new AppError("E_VALIDATION", "searchResults.errors.page", { fieldErrors: { page: { key: "searchResults.errors.page" } } });
  const single = opts.kind !== undefined;
  const pageSize = single ? SEARCH_PAGE_SIZE : SEARCH_GROUP_PREVIEW;
  await catchUp(app);
  const now = opts.now ?? new Date();
  const plan = await planQuery(app.db, query);
  const groups = plan ? await runSearch(app.db, plan, { locale: opts.locale, now, kinds, offset: (page - 1) * pageSize, limit: pageSize }) : kinds.map((kind) => ({ kind, total: 0, totalCapped: false, more: false, hits: [] }));
  const found = groups.some((g) => g.total > 0);
  const shown = shownWords(query, groups.flatMap((g) => g.hits));
  // Counted once per address and day; a count that fails does not cost the person the answer.
  if (found && plan && !single && page === 1) await countSearch(app.db, { folded: plan.folded, shown, ipHash: opts.ipHash ?? null, now }).catch((err: unknown) => app.log.warn({ err }, "search: counting a search failed"));
  return {
    query,
    shown,
    groups: groups.map(({ more, ...g }) => ({ ...g, page, pageSize, nextPage: more ? page + 1 : null })),
    didYouMean: !found && plan && page === 1 ? await didYouMean(app.db, plan, { locale: opts.locale, now, popular: (folded) => nearestPopularSearch(app.db, folded, now) }) : null,
  };
}

/** The popular searches (made by several addresses over the last days), most made first: where a search starts. */
export async function searchesPopular(app: Pick<SearchApp, "db">, opts: { now?: Date } = {}): Promise<PopularSearch[]> {
  return (await popularSearches(app.db, { now: opts.now ?? new Date() })).map(({ query, searchers }) => ({ query, searchers }));
}

/**
 * The ids of one kind's records whose documents hold every word of `text`, each as the start of a
 * word or as its stem ("altyapı" finds "altyapısı", "hızları" finds "hız"), folded the site's
 * Turkish-aware way: an area's own word search (the blog list's) on the site search's index, as
 * a subquery for its list's condition (`id IN (…)`); null when the text has no word. The index
 * is brought up to date first, as a search does.
 */
export async function documentsHolding(app: SearchApp, kind: SearchKind, text: string): Promise<SQL | null> {
  const words = wordsOf(text);
  if (!words.length) return null;
  await catchUp(app);
  const stems = await stemsOf(
    app.db,
    words.map((w) => w.lower),
  );
  // Folded words and stems are letters and digits only (wordsOf, stemsOf): nothing to quote in them.
  const lexeme = (l: string) => `'${l.replace(/['\\]/g, "")}'`;
  const query = words.map((w) => `(${[`${lexeme(w.folded)}:*`, ...(stems.get(w.lower) ?? []).map(lexeme)].join(" | ")})`).join(" & ");
  return sql`(SELECT ${searchDocuments.refId} FROM ${searchDocuments} WHERE ${searchDocuments.kind} = ${kind} AND ${searchDocuments.words} @@ ${query}::tsquery)`;
}

/** What the overlay suggests for what is typed so far (the last word as a prefix): at most SEARCH_SUGGESTIONS hits of any kind. */
export async function searchSuggestions(app: SearchApp, opts: { q: unknown; locale: Locale; now?: Date }): Promise<SearchHit[]> {
  const query = checkSearchValue(opts.q);
  await catchUp(app);
  const plan = await planQuery(app.db, query);
  if (!plan) return [];
  return runSuggestions(app.db, plan, { locale: opts.locale, now: opts.now ?? new Date(), limit: SEARCH_SUGGESTIONS });
}
