import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  SCORECARD_GRADES,
  SCORECARD_REFRESH_EVERY_MS,
} from "../../common/scorecard";
import { companies } from "../companies/schema";
import type { JobDeps } from "../core/app-context";
import type { Database } from "../db/client";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { buildScorecards } from "./scorecard";
import { companyScorecards } from "./schema";

export const SCORECARD_REFRESH_JOB = "scorecard.refresh";
/**
 * Companies computed together: one statement per group of figures for the batch. On PGlite a
 * batch holds the event loop until it is done (its queries resolve without a turn of the loop),
 * so the batch is small and the loop gets a turn between batches.
 */
const BATCH = 20;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Computes every published company's scorecard with its own queries and keeps it in
 * company_scorecards: the card, which the profile and the API show, and its country figures, which
 * the company list sorts by. Companies no longer published lose their row with the company or are
 * skipped (the list shows published ones only). Returns how many it wrote.
 */
export async function refreshScorecards(
  db: Database,
  now: Date,
): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(eq(companies.publishState, "published"), gt(companies.id, after)),
      )
      .orderBy(asc(companies.id))
      .limit(BATCH);
    if (batch.length === 0) return written;
    // One statement per group of figures for the batch, and one write.
    const cards = await buildScorecards(
      { db },
      batch.map((c) => c.id),
      now,
    );
    await db
      .insert(companyScorecards)
      .values(
        cards.map((card) => ({
          companyId: card.companyId,
          promiseShare: card.country.promiseShare.value,
          eveningDrop: card.country.eveningDrop.value,
          gradeRank:
            card.country.bufferbloat.value === null
              ? null
              : SCORECARD_GRADES.indexOf(card.country.bufferbloat.value) + 1,
          incidentsPerMonth: card.country.incidentsPerMonth.value,
          increasesPerPackage: card.provider.increasesPerPackage.value,
          card,
          computedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: companyScorecards.companyId,
        set: {
          promiseShare: sql`excluded.promise_share`,
          eveningDrop: sql`excluded.evening_drop`,
          gradeRank: sql`excluded.grade_rank`,
          incidentsPerMonth: sql`excluded.incidents_per_month`,
          increasesPerPackage: sql`excluded.increases_per_package`,
          card: sql`excluded.card`,
          computedAt: sql`excluded.computed_at`,
        },
      });
    written += cards.length;
    await nextTurn();
    after = batch.at(-1)!.id;
  }
}

/** How long after a start the first run is booked (a new site's list gets its figures soon). */
export const SCORECARD_FIRST_RUN_MS = 60_000;

/** Books the first run a minute after a start (at most one waits, whatever the instances). */
export async function scheduleScorecardRefresh(
  db: Pick<Database, "insert">,
  now: Date,
): Promise<void> {
  await scheduleRecurring(
    db,
    SCORECARD_REFRESH_JOB,
    new Date(now.getTime() + SCORECARD_FIRST_RUN_MS),
  );
}

/** The recurring job: a refresh, the kept lists forgotten, then the next run booked. */
export async function runScorecardRefresh(
  deps: Pick<JobDeps, "db" | "log" | "pageCache" | "guestPages">,
): Promise<void> {
  const written = await refreshScorecards(deps.db, new Date());
  deps.log.info({ written }, "scorecards refreshed");
  // The lists sorted by the figures, kept and as rendered for guests, are read again.
  deps.pageCache.clear();
  deps.guestPages?.clear();
  await bookNextRun(deps.db, SCORECARD_REFRESH_JOB, SCORECARD_REFRESH_EVERY_MS);
}
