import { sql, type SQL } from "drizzle-orm";
import type { Locale } from "../../common/format";
import { SEARCH_KINDS, type SearchHit, type SearchKind } from "../../common/search/kinds";

export type { SearchHit };
import type { Database } from "../db/client";
import { searchDocuments, searchNameWords, searchWords } from "./schema";
import { rowsOf } from "../db/rows";
import { stemsOf, typoDistance, typosAllowed, wordsOf, lowerName, type Word } from "./words";

// How a search reads the documents (decision 032). Every word of the query must match (the last
// one as a prefix), each as typed, by a stem, or with the typos its length allows (one from 5
// letters, two from 9), found among the words the documents hold. Matches are ranked in tiers:
// the name exactly as typed (Turkish lower case: "jıll" is not "jill"), the name folded, the name
// starting with the query, every word in the name, then with typos, then in the name and the
// keywords (category, technology, tags), then with typos, then anywhere (a post's body); within
// a tier the more popular first.

/** Words too common to narrow anything, dropped from a query that has others. */
const STOP_WORDS = new Set(["ve", "ile", "veya", "icin", "bir", "da", "de", "the", "and", "or", "of", "for", "a", "an", "in", "to", "with"]);
/** Candidates looked at per word for typos. */
const TYPO_CANDIDATES = 40;
/** Typo spellings kept per word (the most common words first). */
const TYPO_TERMS = 12;

/** A query's words and what each may match. */
export interface QueryPlan {
  /** The query lower-cased the Turkish way ("türk telekom"). */
  lower: string;
  /** Folded ("turk telekom"). */
  folded: string;
  words: { word: Word; last: boolean; exact: string[]; typos: string[] }[];
}

/** A query as words, or null when it has none (only punctuation). */
export async function planQuery(db: Database, text: string): Promise<QueryPlan | null> {
  let words = wordsOf(text);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w.folded));
  if (meaningful.length) words = meaningful;
  if (!words.length) return null;
  const stems = await stemsOf(
    db,
    words.map((w) => w.lower),
  );
  const typoWords = [...new Set(words.filter((w) => typosAllowed(w.folded.length) > 0).map((w) => w.folded))];
  const candidates = new Map<string, { word: string; documents: number }[]>();
  if (typoWords.length) {
    const rows = rowsOf<{ q: string; word: string; documents: number }>(
      await db.execute(sql`
        SELECT q.w AS q, c.word, c.documents FROM json_array_elements_text(${JSON.stringify(typoWords)}::json) AS q(w)
        CROSS JOIN LATERAL (
          -- Words with trigrams in common, and words that start with the same two letters and are
          -- about as long (two swapped letters in a short word share few trigrams: "puslua", "pusula").
          SELECT word, documents FROM (
            SELECT word, documents FROM ${searchWords} WHERE word % q.w
            UNION
            SELECT word, documents FROM ${searchWords}
            WHERE word LIKE left(q.w, 2) || '%' AND length(word) BETWEEN length(q.w) - 2 AND length(q.w) + 2
          ) near
          ORDER BY similarity(word, q.w) DESC, documents DESC LIMIT ${TYPO_CANDIDATES}
        ) c`),
    );
    for (const r of rows) candidates.set(r.q, [...(candidates.get(r.q) ?? []), { word: r.word, documents: Number(r.documents) }]);
  }
  return {
    lower: lowerName(text),
    folded: words.map((w) => w.folded).join(" "),
    words: words.map((word, i) => {
      const last = i === words.length - 1;
      const exact = [word.folded, ...(stems.get(word.lower) ?? [])];
      const allowed = typosAllowed(word.folded.length);
      const typos = (candidates.get(word.folded) ?? [])
        .filter((c) => !exact.includes(c.word))
        .filter(
          (c) =>
            typoDistance(word.folded, c.word, allowed) <= allowed ||
            // The last word is still being typed: a typo in what there is of it so far.
            (last && c.word.length > word.folded.length && typoDistance(word.folded, c.word.slice(0, word.folded.length), allowed) <= allowed),
        )
        .sort((a, b) => b.documents - a.documents)
        .slice(0, TYPO_TERMS)
        .map((c) => c.word);
      return { word, last, exact, typos };
    }),
  };
}

/** A tsquery of the plan: each word's spellings OR-ed, the words AND-ed; `weights` narrows to the title (A) or the title and keywords (AB). */
function tsquery(plan: QueryPlan, opts: { typos: boolean; weights?: "A" | "AB"; /** Without a last word too short to narrow an index read (see SHORT_PREFIX). */ forIndex?: boolean }): string {
  const w = opts.weights ?? "";
  const words = opts.forIndex && plan.words.length > 1 && plan.words.at(-1)!.word.folded.length < SHORT_PREFIX ? plan.words.slice(0, -1) : plan.words;
  return words
    .map((p) => {
      const terms = [
        ...p.exact.map((t, i) => `'${t}':${i === 0 && p.last ? "*" : ""}${w}`),
        ...(opts.typos ? p.typos.map((t) => `'${t}':${w}`) : []),
      ].map((t) => t.replace(/:$/, ""));
      return `(${terms.join(" | ")})`;
    })
    .join(" & ");
}

const q = (text: string): SQL => sql`to_tsquery('simple', ${text})`;

/**
 * A last word shorter than this, typed after others ("dijital t"), is left out of a tier's read of
 * the GIN index and checked on the rows it gives: as a prefix it matches every word starting with
 * its letters, and GIN merges all their entries before it can use the other words ("dijital t":
 * 43 ms on PostgreSQL).
 */
const SHORT_PREFIX = 3;

/** A count stops here, and so does a list: past it a group says "1,000+" (counting or ranking every match of a broad word would read them all). */
export const SEARCH_COUNT_CAP = 1000;

interface Tier {
  /** The rank: lower first; a tier of two ranks says which row is which. */
  rank: number | SQL;
  /** A condition on the documents… */
  where?: SQL;
  /** …or the names' word lists (search_name_words) of these words, the first word's only with `first`. */
  listed?: { words: SQL; first: boolean };
  /** Its condition alone does not hold all the words (the name tiers): they are checked too. */
  checkWords: boolean;
  /** A few index lookups whatever the words (a name as typed, the word lists): asked in one statement with the next such tiers. */
  cheap?: boolean;
  /** A condition on words (a GIN index): its matches are read whole when they are few (tierRows), through this condition (`where` with a short last word left out). */
  onWords?: SQL;
}

/**
 * A tier on words with at most this many matches is read whole through its GIN index and sorted;
 * past it, in popularity order until `take` rows are found. Left to itself, PostgreSQL estimated
 * a few dozen matches for most queries of several words (its guess for a tsquery of ORs and ANDs)
 * and walked the popularity index through every document of the kind when none matched ("veri
 * merkezi" on the names: 20,000 posts, 26 ms, for no row).
 */
const WORDS_READ_WHOLE = 1000;

/** Below this many letters a word is not looked up as the start of others in the lists (it would start too many). */
const LISTED_PREFIX_MIN = 3;

/**
 * The tiers of a plan, best first, each answered by an index on its own, most popular first,
 * without ranking every match: the names' b-trees (as typed or folded), then the name's words
 * (name_words), the name's and keywords' (key_words), all of them (words), each a generated
 * column with a GIN index and statistics of its own. A query of one word reads the name tiers
 * from the names' word lists instead: a GIN index gives a broad word's documents in storage
 * order, to be sorted all ("hosting": 9,000 packages, 17 ms on PostgreSQL), while a list gives
 * the most popular first whatever their number. A typo tier is left out when no word has a typo
 * spelling (it would find what the tier before it found). The last tier is every match.
 */
function tiers(plan: QueryPlan): Tier[] {
  const d = searchDocuments;
  const typos = plan.words.some((p) => p.typos.length > 0);
  const list: Tier[] = [
    {
      rank: sql`CASE WHEN ${d.nameLower} = ${plan.lower} THEN 0 ELSE 1 END`,
      where: sql`(${d.nameLower} = ${plan.lower} OR ${d.nameFolded} = ${plan.folded})`,
      checkWords: true,
      cheap: true,
    },
  ];
  const only = plan.words.length === 1 && plan.words[0]!.word.folded.length >= LISTED_PREFIX_MIN ? plan.words[0]! : null;
  const words = (rank: number, column: SQL, withTypos: boolean) =>
    list.push({
      rank,
      where: sql`${column} @@ ${q(tsquery(plan, { typos: withTypos }))}`,
      checkWords: false,
      onWords: sql`${column} @@ ${q(tsquery(plan, { typos: withTypos, forIndex: true }))}`,
    });
  if (only) {
    // The words the typed one starts (a stem of it is a word of its own), then its stems, then its typos.
    const prefix = sql`(SELECT ${searchWords.word} FROM ${searchWords} WHERE ${searchWords.word} LIKE ${`${only.word.folded.replace(/[\\%_]/g, "\\$&")}%`})`;
    const array = (extra: readonly string[]) => (extra.length ? sql`(${prefix} UNION SELECT json_array_elements_text(${JSON.stringify(extra)}::json))` : prefix);
    list.push({ rank: 2, listed: { words: prefix, first: true }, checkWords: false, cheap: true });
    list.push({ rank: 3, listed: { words: array(only.exact.slice(1)), first: false }, checkWords: false, cheap: true });
    if (typos) list.push({ rank: 4, listed: { words: array([...only.exact.slice(1), ...only.typos]), first: false }, checkWords: false, cheap: true });
  } else {
    list.push({ rank: 2, where: sql`${d.nameFolded} LIKE ${`${plan.folded.replace(/[\\%_]/g, "\\$&")}%`}`, checkWords: true });
    words(3, sql`${d.nameWords}`, false);
    if (typos) words(4, sql`${d.nameWords}`, true);
  }
  for (const [rank, column] of [
    [5, sql`${d.keyWords}`],
    [7, sql`${d.words}`],
  ] as const) {
    words(rank, column, false);
    if (typos) words(rank + 1, column, true);
  }
  return list;
}

interface Scope {
  locale: Locale;
  now: Date;
  kinds: readonly SearchKind[];
}

/**
 * Of a post and its translation when both match, the one in the site's language: true for a post
 * in the other language (its columns: `language`, `twinRefId`) whose twin matches too. The twin is
 * read by its key for each such row (a scalar subquery): as EXISTS, PostgreSQL hashed every post
 * the words match instead (19,600 of 20,000 for "hosting": 20 ms, where a count stops at 1,001
 * rows and needs about 500 lookups).
 */
function hiddenByTwin(plan: QueryPlan, scope: Scope, row: { language: SQL; twinRefId: SQL }): SQL {
  return sql` AND NOT (${row.language} <> ${scope.locale} AND ${row.twinRefId} IS NOT NULL AND COALESCE((
    SELECT t.words @@ ${q(tsquery(plan, { typos: true }))} AND (t.visible_from IS NULL OR t.visible_from <= ${scope.now.toISOString()}::timestamptz)
    FROM ${searchDocuments} t WHERE t.kind = 'post' AND t.ref_id = ${row.twinRefId}), false))`;
}

/**
 * What every hit of a kind must be: visible now and, of a post and its translation when both
 * match, the one in the site's language; with `checkWords`, holding all the words too (the tiers
 * on words hold them by their condition).
 */
function shown(plan: QueryPlan, kind: SearchKind, scope: Scope, checkWords: boolean): SQL {
  const d = searchDocuments;
  const all = q(tsquery(plan, { typos: true }));
  const at = sql`${scope.now.toISOString()}::timestamptz`;
  const twin = kind === "post" ? hiddenByTwin(plan, scope, { language: sql`${d.language}`, twinRefId: sql`${d.twinRefId}` }) : sql``;
  return sql`${d.kind} = ${kind}${checkWords ? sql` AND ${d.words} @@ ${all}` : sql``} AND (${d.visibleFrom} IS NULL OR ${d.visibleFrom} <= ${at})${twin}`;
}

interface HitRow {
  kind: SearchKind;
  ref_id: number;
  title: string;
  subtitle: { tr: string; en: string };
  path: string;
  is_demo: boolean;
  language: Locale | null;
  popularity: number;
  tier: number;
}

/** The ranking's order: tier, then the more popular, then the id (the statements' order, and the indexes'). */
const byRank = (a: HitRow, b: HitRow) => a.tier - b.tier || b.popularity - a.popularity || a.ref_id - b.ref_id;

/** One kind's best `take` rows of one tier, with the columns a hit shows. */
function tierRows(plan: QueryPlan, kind: SearchKind, scope: Scope, tier: Tier, take: number): SQL {
  const d = searchDocuments;
  const columns = sql`${d.kind} AS kind, ${d.refId} AS ref_id, ${d.title} AS title, ${d.subtitle} AS subtitle, ${d.path} AS path,
    ${d.isDemo} AS is_demo, ${d.language} AS language, ${d.popularity} AS popularity, (${tier.rank})::int AS tier`;
  if (tier.where && tier.onWords) {
    // The matches, when there are at most WORDS_READ_WHOLE of them (of the index's condition, which
    // holds every match of the tier's), sorted; else the popularity order.
    const seen = shown(plan, kind, scope, tier.checkWords);
    return sql`(WITH m AS MATERIALIZED (SELECT ${d.refId} AS id FROM ${d} WHERE ${d.kind} = ${kind} AND ${tier.onWords} LIMIT ${WORDS_READ_WHOLE + 1})
      (SELECT ${columns} FROM ${d} WHERE ${d.kind} = ${kind} AND ${d.refId} IN (SELECT id FROM m) AND ${tier.where} AND ${seen} AND (SELECT count(*) FROM m) <= ${WORDS_READ_WHOLE}
        ORDER BY ${d.popularity} DESC, ${d.refId} LIMIT ${take})
      UNION ALL
      (SELECT ${columns} FROM ${d} WHERE ${tier.where} AND ${seen} AND (SELECT count(*) FROM m) > ${WORDS_READ_WHOLE}
        ORDER BY ${d.popularity} DESC, ${d.refId} LIMIT ${take}))`;
  }
  if (tier.where)
    return sql`(SELECT ${columns} FROM ${d} WHERE ${tier.where} AND ${shown(plan, kind, scope, tier.checkWords)}
      ORDER BY ${typeof tier.rank === "number" ? sql`` : sql`9, `}${d.popularity} DESC, ${d.refId} LIMIT ${take})`;
  // Each word's list, most popular first, `take` of each: their best `take` together.
  const n = searchNameWords;
  const at = sql`${scope.now.toISOString()}::timestamptz`;
  // The names' lists hold a post in the site's language, or one with no translation: a translated
  // post in the other language would need its twin read for every entry of a broad word (4,800 for
  // "hosting", all hidden by their twins: 60 ms), and is found by the tiers on words after these.
  const twin = kind === "post" ? sql` AND (${n.language} = ${scope.locale} OR ${n.twinRefId} IS NULL)` : sql``;
  return sql`(SELECT ${columns} FROM ${d} JOIN (
      SELECT x.ref_id, max(x.popularity) AS popularity FROM ${tier.listed!.words} s(word) CROSS JOIN LATERAL (
        SELECT ${n.refId} AS ref_id, ${n.popularity} AS popularity FROM ${n}
        WHERE ${n.kind} = ${kind} AND ${n.word} = s.word${tier.listed!.first ? sql` AND ${n.first}` : sql``} AND (${n.visibleFrom} IS NULL OR ${n.visibleFrom} <= ${at})${twin}
        ORDER BY ${n.popularity} DESC, ${n.refId} LIMIT ${take}) x
      GROUP BY x.ref_id ORDER BY 2 DESC, 1 LIMIT ${take}) top ON ${d.kind} = ${kind} AND ${d.refId} = top.ref_id)`;
}

interface Ranked {
  /** The first `take` in ranking order. */
  rows: HitRow[];
  /** Every match was read (the last tier came back short): `rows` are all of them. */
  complete: boolean;
}

/**
 * The first `take` hits of each kind (`together`: of all kinds at once), tier by tier: each round
 * asks every kind still open for the best `take` rows of the next tier (of the next cheap tiers
 * together), in one statement, and a row keeps its best tier. Once `take` rows are at this tier
 * or better, no later tier can come before them, so the rest is not read: a broad word stops
 * after a tier or two, a rare one reads every tier but each gives few rows. The first `take` are
 * the true first `take` (a row a tier missed is behind `take` rows of that tier or better).
 */
async function ranked(db: Database, plan: QueryPlan, scope: Scope, take: number, opts: { together?: boolean } = {}): Promise<Map<SearchKind, Ranked>> {
  const list = tiers(plan);
  const lastRank = list[list.length - 1]!.rank;
  // Cheap tiers side by side go in one statement (a statement costs its planning even when it finds nothing).
  const rounds: Tier[][] = [];
  for (const tier of list) {
    const previous = rounds[rounds.length - 1];
    if (previous && tier.cheap && previous.every((t) => t.cheap)) previous.push(tier);
    else rounds.push([tier]);
  }
  const state = new Map(scope.kinds.map((kind) => [kind, { best: new Map<number, HitRow>(), open: true, complete: false }]));
  for (const [i, round] of rounds.entries()) {
    const open = scope.kinds.filter((k) => state.get(k)!.open);
    if (!open.length) break;
    const rows = rowsOf<HitRow>(
      await db.execute(
        sql.join(
          open.flatMap((kind) => round.map((tier) => tierRows(plan, kind, scope, tier, take))),
          sql` UNION ALL `,
        ),
      ),
    );
    const last = i === rounds.length - 1;
    for (const kind of open) {
      const s = state.get(kind)!;
      let returned = 0;
      for (const r of rows) {
        if (r.kind !== kind) continue;
        if (r.tier === lastRank) returned++;
        const seen = s.best.get(r.ref_id);
        if (!seen || r.tier < seen.tier) s.best.set(r.ref_id, r);
      }
      if (last) s.complete = returned < take;
      if (!opts.together && s.best.size >= take) s.open = false;
    }
    if (opts.together && [...state.values()].reduce((n, s) => n + s.best.size, 0) >= take) break;
  }
  return new Map(
    [...state].map(([kind, s]) => [kind, { rows: [...s.best.values()].sort(byRank).slice(0, take), complete: s.complete }]),
  );
}

function toHit(r: HitRow, locale: Locale): SearchHit {
  return {
    kind: r.kind,
    id: Number(r.ref_id),
    title: r.title,
    subtitle: r.subtitle[locale],
    path: locale === "en" ? `/en${r.path}` : r.path,
    isDemo: r.is_demo,
    language: r.language,
  };
}

export interface SearchGroup {
  kind: SearchKind;
  /** Matches of this kind, at most SEARCH_COUNT_CAP. */
  total: number;
  /** There are more than `total` (the count stopped at SEARCH_COUNT_CAP). */
  totalCapped: boolean;
  /** There are hits after this page. */
  more: boolean;
  hits: SearchHit[];
}

/** The groups of a search: per kind its total and the hits from `offset`, `limit` of them. */
export async function runSearch(
  db: Database,
  plan: QueryPlan,
  opts: { locale: Locale; now: Date; kinds: readonly SearchKind[]; offset: number; limit: number },
): Promise<SearchGroup[]> {
  // The first SEARCH_COUNT_CAP hits are listed (a page further on is empty); one more than the
  // page says whether a next page exists.
  const end = Math.min(opts.offset + opts.limit, SEARCH_COUNT_CAP);
  const take = end + 1;
  const found = await ranked(db, plan, opts, take);
  // A group whose every match came back is counted as it is; the others are counted up to the cap.
  const uncounted = opts.kinds.filter((k) => !found.get(k)!.complete);
  const counts = new Map<SearchKind, number>();
  if (uncounted.length) {
    const d = searchDocuments;
    const rows = rowsOf<{ kind: SearchKind; n: number }>(
      await db.execute(
        sql.join(
          uncounted.map((kind) => sql`SELECT ${kind}::text AS kind, (SELECT count(*)::int FROM (SELECT 1 FROM ${d} WHERE ${shown(plan, kind, opts, true)} LIMIT ${SEARCH_COUNT_CAP + 1}) c) AS n`),
          sql` UNION ALL `,
        ),
      ),
    );
    for (const r of rows) counts.set(r.kind, Number(r.n));
  }
  return opts.kinds.map((kind) => {
    const { rows } = found.get(kind)!;
    const n = counts.get(kind) ?? rows.length;
    return {
      kind,
      total: Math.min(n, SEARCH_COUNT_CAP),
      totalCapped: n > SEARCH_COUNT_CAP,
      more: end < SEARCH_COUNT_CAP && rows.length > end,
      hits: rows.slice(opts.offset, end).map((r) => toHit(r, opts.locale)),
    };
  });
}

/** The best `limit` hits of any kind: what the overlay suggests as the person types. */
export async function runSuggestions(db: Database, plan: QueryPlan, opts: { locale: Locale; now: Date; limit: number }): Promise<SearchHit[]> {
  const found = await ranked(db, plan, { ...opts, kinds: SEARCH_KINDS }, opts.limit, { together: true });
  return [...found.values()]
    .flatMap((g) => g.rows)
    .sort(byRank)
    .slice(0, opts.limit)
    .map((r) => toHit(r, opts.locale));
}

/**
 * What the person may have meant when nothing matched: each word replaced by the nearest common
 * word the documents hold (up to two letters off, whatever the word's length), if that finds
 * something; else the nearest popular search; else the nearest name. null when nothing is near.
 */
export async function didYouMean(
  db: Database,
  plan: QueryPlan,
  opts: { locale: Locale; now: Date; /** The popular search nearest to a folded query, tried after the words and before the names. */ popular?: (folded: string) => Promise<string | null> },
): Promise<string | null> {
  const corrected: string[] = [];
  for (const p of plan.words) {
    // Near words: trigrams in common, or the same first letter and about as long ("hpstnig": "hosting").
    const w = p.word.folded;
    const rows = rowsOf<{ word: string; documents: number }>(
      await db.execute(sql`
        SELECT word, documents FROM (
          SELECT word, documents FROM ${searchWords} WHERE word % ${w}
          UNION
          SELECT word, documents FROM ${searchWords} WHERE word LIKE ${`${w.slice(0, 1)}%`} AND length(word) BETWEEN ${w.length - 2} AND ${w.length + 2}
        ) near
        ORDER BY similarity(word, ${w}) DESC, documents DESC LIMIT 50`),
    );
    const near = rows
      .map((r) => ({ ...r, d: typoDistance(w, r.word, 2) }))
      .filter((r) => r.d <= 2)
      .sort((a, b) => a.d - b.d || b.documents - a.documents)[0];
    corrected.push(near?.word ?? p.word.folded);
  }
  const text = corrected.join(" ");
  if (text !== plan.folded) {
    const next = await planQuery(db, text);
    if (next) {
      const groups = await runSearch(db, next, { locale: opts.locale, now: opts.now, kinds: SEARCH_KINDS, offset: 0, limit: 1 });
      if (groups.some((g) => g.total > 0)) return text;
    }
  }
  const popular = await opts.popular?.(plan.folded);
  if (popular) return popular;
  const names = rowsOf<{ title: string }>(
    await db.execute(sql`SELECT ${searchDocuments.title} AS title FROM ${searchDocuments} WHERE ${searchDocuments.nameFolded} % ${plan.folded}
      AND (${searchDocuments.visibleFrom} IS NULL OR ${searchDocuments.visibleFrom} <= ${opts.now.toISOString()}::timestamptz)
      ORDER BY similarity(${searchDocuments.nameFolded}, ${plan.folded}) DESC, ${searchDocuments.popularity} DESC LIMIT 1`),
  );
  return names[0]?.title ?? null;
}
