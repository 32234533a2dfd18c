import { rowsOf } from "../db/rows";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SearchKind } from "../../common/search/kinds";
import type { AreaModule, SearchDocumentSource, SearchSource } from "../core/app-context";
import type { Database } from "../db/client";
import { searchDocuments, searchNameWords, searchPending, searchWords } from "./schema";
import { lowerName, MAX_BODY_WORDS, stemsOf, wordsOf, type Word } from "./words";

// Building the search's documents from the areas' sources (AreaModule.search) and keeping them
// true: the triggers of the search migration queue every changed record in search_pending;
// indexPending builds those again (a search does it for what is waiting before it looks, the
// recurring job for the rest), rebuildSearch does all of them.

/** Records built per round (one read per source, one write). */
export const INDEX_BATCH = 500;

/** The sources of the modules, by kind. */
export function searchSources(modules: readonly AreaModule[]): Map<SearchKind, SearchSource> {
  const out = new Map<SearchKind, SearchSource>();
  for (const m of modules) for (const s of m.search ?? []) out.set(s.kind, s);
  return out;
}

/** The words of one weight, each with its stems, as one text for to_tsvector('simple'). */
function lexemes(words: readonly Word[], stems: Map<string, string[]>): string {
  const out = new Set<string>();
  for (const w of words) {
    out.add(w.folded);
    for (const s of stems.get(w.lower) ?? []) out.add(s);
  }
  return [...out].join(" ");
}

interface Prepared {
  doc: SearchDocumentSource;
  title: Word[];
  keywords: Word[];
  body: Word[];
}

/**
 * Builds the documents of these records again: the public ones are written (inserted or
 * replaced), the others removed. Returns how many are public.
 */
export async function indexRecords(db: Database, source: SearchSource, ids: readonly number[], now = new Date()): Promise<number> {
  if (!ids.length) return 0;
  const docs = await source.documents(db, ids, now);
  const prepared: Prepared[] = docs.map((doc) => ({
    doc,
    title: wordsOf(doc.title),
    keywords: wordsOf(doc.keywords.join(" ")),
    body: wordsOf(doc.body, MAX_BODY_WORDS),
  }));
  const stems = await stemsOf(
    db,
    prepared.flatMap((p) => [...p.title, ...p.keywords, ...p.body].map((w) => w.lower)),
  );
  const found = new Set(docs.map((d) => d.refId));
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length) {
    await db.delete(searchDocuments).where(and(eq(searchDocuments.kind, source.kind), inArray(searchDocuments.refId, gone)));
    await db.delete(searchNameWords).where(and(eq(searchNameWords.kind, source.kind), inArray(searchNameWords.refId, gone)));
  }
  if (!prepared.length) return 0;
  // One order for every writer: two instances writing the same documents wait, never deadlock.
  prepared.sort((a, b) => a.doc.refId - b.doc.refId);
  await db
    .insert(searchDocuments)
    .values(
      prepared.map(({ doc, title, keywords, body }) => ({
        kind: source.kind,
        refId: doc.refId,
        companyId: doc.companyId,
        language: doc.language,
        visibleFrom: doc.visibleFrom,
        title: doc.title,
        subtitle: doc.subtitle,
        path: doc.path,
        isDemo: doc.isDemo,
        twinRefId: doc.twinRefId,
        nameLower: lowerName(doc.title),
        nameFolded: title.map((w) => w.folded).join(" "),
        words: sql`setweight(to_tsvector('simple', ${lexemes(title, stems)}), 'A') || setweight(to_tsvector('simple', ${lexemes(keywords, stems)}), 'B') || setweight(to_tsvector('simple', ${lexemes(body, stems)}), 'C')`,
        popularity: doc.popularity,
        indexedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.refId],
      set: {
        companyId: sql`excluded.company_id`,
        language: sql`excluded.language`,
        visibleFrom: sql`excluded.visible_from`,
        title: sql`excluded.title`,
        subtitle: sql`excluded.subtitle`,
        path: sql`excluded.path`,
        isDemo: sql`excluded.is_demo`,
        twinRefId: sql`excluded.twin_ref_id`,
        nameLower: sql`excluded.name_lower`,
        nameFolded: sql`excluded.name_folded`,
        words: sql`excluded.words`,
        popularity: sql`excluded.popularity`,
        indexedAt: sql`excluded.indexed_at`,
      },
    });
  // The names' words (as name_words holds them: folded, and their stems), in their lists; the
  // ones these documents had are replaced.
  await db.delete(searchNameWords).where(and(eq(searchNameWords.kind, source.kind), inArray(searchNameWords.refId, prepared.map((p) => p.doc.refId))));
  const nameWords = prepared.flatMap(({ doc, title }) =>
    [...new Set(title.flatMap((w) => [w.folded, ...(stems.get(w.lower) ?? [])]))].map((word) => ({
      kind: source.kind,
      word,
      first: word === title[0]!.folded,
      popularity: doc.popularity,
      refId: doc.refId,
      visibleFrom: doc.visibleFrom,
      language: doc.language,
      twinRefId: doc.twinRefId,
    })),
  );
  for (let i = 0; i < nameWords.length; i += 5000) await db.insert(searchNameWords).values(nameWords.slice(i, i + 5000));
  // The words typos and prefixes are looked up in, stems too (counts are made exact by refreshSearchWords).
  const vocabulary = [
    ...new Set(prepared.flatMap((p) => [...p.title, ...p.keywords, ...p.body].flatMap((w) => [w.folded, ...(stems.get(w.lower) ?? [])]))),
  ].sort();
  for (let i = 0; i < vocabulary.length; i += 5000) {
    await db
      .insert(searchWords)
      .values(vocabulary.slice(i, i + 5000).map((word) => ({ word, documents: 1 })))
      .onConflictDoNothing();
  }
  return prepared.length;
}

/**
 * Builds the documents of the records waiting in search_pending, oldest first, at most `limit`;
 * a record changed again meanwhile stays queued. Returns how many were built.
 */
export async function indexPending(app: { db: Database; modules: readonly AreaModule[] }, limit = INDEX_BATCH): Promise<number> {
  const sources = searchSources(app.modules);
  let done = 0;
  while (done < limit) {
    // The queue time as PostgreSQL's text: exact to the microsecond (a JavaScript Date keeps
    // milliseconds, and a row compared with its rounded time would never be let go).
    const batch = await app.db
      .select({ kind: searchPending.kind, refId: searchPending.refId, queuedAt: sql<string>`${searchPending.queuedAt}::text` })
      .from(searchPending)
      .orderBy(asc(searchPending.queuedAt))
      .limit(Math.min(INDEX_BATCH, limit - done));
    if (!batch.length) break;
    for (const [kind, source] of sources) {
      const ids = batch.filter((r) => r.kind === kind).map((r) => r.refId);
      await indexRecords(app.db, source, ids);
    }
    // What no source builds (a kind whose area is not in the modules) is let go too.
    await app.db.execute(sql`
      DELETE FROM ${searchPending} p
      USING json_to_recordset(${JSON.stringify(batch.map((r) => ({ kind: r.kind, ref_id: r.refId, queued_at: r.queuedAt })))}::json) AS t(kind text, ref_id int, queued_at timestamptz)
      WHERE p.kind = t.kind AND p.ref_id = t.ref_id AND p.queued_at <= t.queued_at`);
    done += batch.length;
    if (batch.length < INDEX_BATCH) break;
  }
  return done;
}

/** True when records wait to be built (a cheap look before a search). */
export async function hasPending(db: Database): Promise<boolean> {
  return (await db.select({ kind: searchPending.kind }).from(searchPending).limit(1)).length > 0;
}

/** Makes the word counts exact and drops words no document holds any more. */
export async function refreshSearchWords(db: Database): Promise<number> {
  await db.execute(sql`DELETE FROM ${searchWords}`);
  const result = await db.execute(sql`
    INSERT INTO ${searchWords} (word, documents)
    SELECT word, ndoc FROM ts_stat('SELECT words FROM search_documents')
    WHERE word ~ '^[[:alnum:]]+$'
    ON CONFLICT (word) DO NOTHING`);
  return (result as { rowCount?: number; count?: number }).rowCount ?? (result as { count?: number }).count ?? 0;
}

/**
 * Builds every document again, kind by kind, and removes those of records that are gone; then
 * makes the word counts exact. `progress` hears about each batch.
 */
export async function rebuildSearch(
  app: { db: Database; modules: readonly AreaModule[] },
  progress: (p: { kind: SearchKind; done: number }) => void = () => {},
): Promise<{ documents: number; words: number }> {
  // The database's clock, as the queue's times are: what was queued before this moment is built
  // below from the records as they are now, so it is let go at the end.
  const [{ at: rebuildStart }] = rowsOf<{ at: string }>(await app.db.execute(sql`SELECT clock_timestamp()::text AS at`)) as [{ at: string }];
  let documents = 0;
  for (const [kind, source] of searchSources(app.modules)) {
    const started = new Date();
    let after = 0;
    let done = 0;
    for (;;) {
      const ids = await source.ids(app.db, after, INDEX_BATCH);
      if (!ids.length) break;
      documents += await indexRecords(app.db, source, ids);
      done += ids.length;
      after = ids[ids.length - 1]!;
      progress({ kind, done });
    }
    // Documents of records that no longer exist (every other one was written or removed above).
    await app.db.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), sql`${searchDocuments.indexedAt} < ${started.toISOString()}::timestamptz`));
    await app.db.execute(sql`DELETE FROM ${searchNameWords} n WHERE n.kind = ${kind} AND NOT EXISTS (SELECT 1 FROM ${searchDocuments} d WHERE d.kind = n.kind AND d.ref_id = n.ref_id)`);
  }
  await app.db.delete(searchPending).where(sql`${searchPending.queuedAt} <= ${rebuildStart}::timestamptz`);
  const words = await refreshSearchWords(app.db);
  return { documents, words };
}

/** How many documents of each kind the search holds (the rebuild command's summary). */
export async function countDocuments(db: Database): Promise<Record<string, number>> {
  const rows = rowsOf<{ kind: string; n: number }>(await db.execute(sql`SELECT kind, count(*)::int AS n FROM ${searchDocuments} GROUP BY kind`));
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}
