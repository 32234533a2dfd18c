import { gte, lt, sql } from "drizzle-orm";
import { dayInTurkey } from "../../common/reminders";
import type { Database } from "../db/client";
import { countOnce } from "../platform/count-once";
import { searchQueries } from "./schema";
import { typoDistance, typosAllowed } from "./words";

/** The days a search counts towards the popular ones. */
export const POPULAR_SEARCH_DAYS = 30;
/** Different addresses that must have made a search before it is shown to anyone (a public figure: one script is one address). */
export const POPULAR_SEARCH_MIN_SEARCHERS = 3;
/** Popular searches shown where a search starts. */
export const POPULAR_SEARCHES_SHOWN = 8;

export interface PopularSearch {
  /** The words as the results page shows them ("türk telekom"). */
  query: string;
  /** Different addresses that made it over the last POPULAR_SEARCH_DAYS days. */
  searchers: number;
}

/**
 * Counts a search that found something for today (in Turkey), at most once per (hashed) address
 * and query and day: the popular searches are shown to everyone, so a script's repeats must not
 * move them. Nothing without an address hash is counted. Returns whether it counted.
 */
export async function countSearch(db: Database, opts: { folded: string; shown: string; ipHash: string | null; now: Date }): Promise<boolean> {
  if (!(await countOnce(db, { ipHash: opts.ipHash, subject: `search:${opts.folded}`, now: opts.now }))) return false;
  await db
    .insert(searchQueries)
    .values({ query: opts.folded, shown: opts.shown, day: dayInTurkey(opts.now), searchers: 1 })
    .onConflictDoUpdate({ target: [searchQueries.query, searchQueries.day], set: { searchers: sql`${searchQueries.searchers} + 1`, shown: opts.shown } });
  return true;
}

/** The searches most addresses made over the last POPULAR_SEARCH_DAYS days, each made by at least POPULAR_SEARCH_MIN_SEARCHERS. */
export async function popularSearches(db: Database, opts: { now: Date; limit?: number }): Promise<(PopularSearch & { folded: string })[]> {
  const since = dayInTurkey(new Date(opts.now.getTime() - (POPULAR_SEARCH_DAYS - 1) * 86_400_000));
  const total = sql<number>`sum(${searchQueries.searchers})::int`;
  const rows = await db
    .select({ folded: searchQueries.query, query: sql<string>`(array_agg(${searchQueries.shown} ORDER BY ${searchQueries.day} DESC))[1]`, searchers: total })
    .from(searchQueries)
    .where(gte(searchQueries.day, since))
    .groupBy(searchQueries.query)
    .having(sql`sum(${searchQueries.searchers}) >= ${POPULAR_SEARCH_MIN_SEARCHERS}`)
    .orderBy(sql`sum(${searchQueries.searchers}) DESC`, searchQueries.query)
    .limit(opts.limit ?? POPULAR_SEARCHES_SHOWN);
  return rows.map((r) => ({ ...r, searchers: Number(r.searchers) }));
}

/**
 * The popular search nearest to a query that found nothing (at most one typo per word of 5
 * letters, two from 9, and the same number of words), or null.
 */
export async function nearestPopularSearch(db: Database, folded: string, now: Date): Promise<string | null> {
  const words = folded.split(" ");
  let best: { query: string; distance: number; searchers: number } | null = null;
  for (const p of await popularSearches(db, { now, limit: 200 })) {
    const theirs = p.folded.split(" ");
    if (theirs.length !== words.length || p.folded === folded) continue;
    let distance = 0;
    for (let i = 0; i < words.length && distance !== Number.POSITIVE_INFINITY; i++) {
      const allowed = typosAllowed(words[i]!.length);
      const d = typoDistance(words[i]!, theirs[i]!, allowed);
      distance = d > allowed ? Number.POSITIVE_INFINITY : distance + d;
    }
    if (distance === Number.POSITIVE_INFINITY) continue;
    if (!best || distance < best.distance || (distance === best.distance && p.searchers > best.searchers)) best = { query: p.query, distance, searchers: p.searchers };
  }
  return best?.query ?? null;
}

/** Erases the daily counts older than twice the popular window (the clean-up job); returns rows erased. */
export async function eraseOldSearchCounts(db: Pick<Database, "delete">, now: Date): Promise<number> {
  const oldest = dayInTurkey(new Date(now.getTime() - 2 * POPULAR_SEARCH_DAYS * 86_400_000));
  const rows = await db.delete(searchQueries).where(lt(searchQueries.day, oldest)).returning({ day: searchQueries.day });
  return rows.length;
}
