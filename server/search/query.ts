import { sql, type SQL } from "drizzle-orm";
import type { Locale } from "../../common/format";
import { SEARCH_KINDS, type SearchHit, type SearchKind } from "../../common/search/kinds";

export type { SearchHit };
import type { Database } from "../db/client";
import { searchDocuments, searchWords } from "./schema";
import { rowsOf, stemsOf, typoDistance, typosAllowed, wordsOf, lowerName, type Word } from "./words";

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
function tsquery(plan: QueryPlan, opts: { typos: boolean; weights?: "A" | "AB" }): string {
  const w = opts.weights ?? "";
  return plan.words
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

/** The ranked matches as a subquery: every column a result shows, its tier and group position. */
function matches(plan: QueryPlan, opts: { locale: Locale; now: Date; kinds: readonly SearchKind[] }): SQL {
  const d = searchDocuments;
  const fuzzy = tsquery(plan, { typos: true });
  return sql`
    WITH m AS (
      SELECT ${d.kind} AS kind, ${d.refId} AS ref_id, ${d.title} AS title, ${d.subtitle} AS subtitle, ${d.path} AS path,
        ${d.isDemo} AS is_demo, ${d.language} AS language, ${d.twinRefId} AS twin_ref_id, ${d.popularity} AS popularity,
        CASE
          WHEN ${d.nameLower} = ${plan.lower} THEN 0
          WHEN ${d.nameFolded} = ${plan.folded} THEN 1
          WHEN ${d.nameFolded} LIKE ${`${plan.folded.replace(/[\\%_]/g, "\\$&")}%`} THEN 2
          WHEN ${d.words} @@ ${q(tsquery(plan, { typos: false, weights: "A" }))} THEN 3
          WHEN ${d.words} @@ ${q(tsquery(plan, { typos: true, weights: "A" }))} THEN 4
          WHEN ${d.words} @@ ${q(tsquery(plan, { typos: false, weights: "AB" }))} THEN 5
          WHEN ${d.words} @@ ${q(tsquery(plan, { typos: true, weights: "AB" }))} THEN 6
          WHEN ${d.words} @@ ${q(tsquery(plan, { typos: false }))} THEN 7
          ELSE 8
        END AS tier
      FROM ${d}
      WHERE ${d.words} @@ ${q(fuzzy)}
        AND (${d.visibleFrom} IS NULL OR ${d.visibleFrom} <= ${opts.now.toISOString()}::timestamptz)
        AND ${d.kind} IN (${sql.join(
          opts.kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
    )
    SELECT m.*, row_number() OVER (PARTITION BY kind ORDER BY tier, popularity DESC, title, ref_id) AS rn, count(*) OVER (PARTITION BY kind) AS total
    FROM m
    -- A post and its translation: the one in the site's language.
    WHERE NOT (m.kind = 'post' AND m.language <> ${opts.locale} AND m.twin_ref_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM m t WHERE t.kind = 'post' AND t.ref_id = m.twin_ref_id))`;
}


interface HitRow {
  kind: SearchKind;
  ref_id: number;
  title: string;
  subtitle: { tr: string; en: string };
  path: string;
  is_demo: boolean;
  language: Locale | null;
  tier: number;
  rn: number;
  total: number;
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
  total: number;
  hits: SearchHit[];
}

/** The groups of a search: per kind its total and the hits from `offset`, `limit` of them. */
export async function runSearch(
  db: Database,
  plan: QueryPlan,
  opts: { locale: Locale; now: Date; kinds: readonly SearchKind[]; offset: number; limit: number },
): Promise<SearchGroup[]> {
  const rows = rowsOf<HitRow>(
    await db.execute(sql`SELECT * FROM (${matches(plan, opts)}) r WHERE rn > ${opts.offset} AND rn <= ${opts.offset + opts.limit} ORDER BY kind, rn`),
  );
  const totals = new Map<SearchKind, number>();
  if (opts.offset > 0 || rows.length === 0) {
    // The page may be past the end: the counts come on their own.
    const counts = rowsOf<{ kind: SearchKind; total: number }>(await db.execute(sql`SELECT kind, max(total) AS total FROM (${matches(plan, opts)}) r GROUP BY kind`));
    for (const c of counts) totals.set(c.kind, Number(c.total));
  }
  for (const r of rows) totals.set(r.kind, Number(r.total));
  return opts.kinds.map((kind) => ({
    kind,
    total: totals.get(kind) ?? 0,
    hits: rows.filter((r) => r.kind === kind).map((r) => toHit(r, opts.locale)),
  }));
}

/** The best `limit` hits of any kind: what the overlay suggests as the person types. */
export async function runSuggestions(db: Database, plan: QueryPlan, opts: { locale: Locale; now: Date; limit: number }): Promise<SearchHit[]> {
  const rows = rowsOf<HitRow>(
    await db.execute(sql`SELECT * FROM (${matches(plan, { ...opts, kinds: SEARCH_KINDS })}) r ORDER BY tier, popularity DESC, title, ref_id LIMIT ${opts.limit}`),
  );
  return rows.map((r) => toHit(r, opts.locale));
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
