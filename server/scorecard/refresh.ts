import { and, asc, eq, gt } from "drizzle-orm";
import {
  SCORECARD_GRADES,
  SCORECARD_REFRESH_EVERY_MS,
} from "../../common/scorecard";
import { companies } from "../companies/schema";
import type { JobDeps } from "../core/app-context";
import type { Database } from "../db/client";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { buildScorecard } from "./scorecard";
import { companyScorecards } from "./schema";

export const SCORECARD_REFRESH_JOB = "scorecard.refresh";
const BATCH = 200;

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
    for (const { id } of batch) {
      const card = await buildScorecard({ db }, id, now);
      const row = {
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
      };
      await db
        .insert(companyScorecards)
        .values({ companyId: id, ...row })
        .onConflictDoUpdate({ target: companyScorecards.companyId, set: row });
      written++;
    }
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
