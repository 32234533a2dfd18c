import { and, eq, gt, isNotNull } from "drizzle-orm";
import {
  SCORECARD_MIN_EVENING_TESTS,
  SCORECARD_MIN_GRADE_TESTS,
  SCORECARD_MIN_OUTAGE_NETWORKS,
  SCORECARD_MIN_PACKAGES,
  SCORECARD_MIN_PROMISE_TESTS,
  SCORECARD_MIN_REVIEWS,
  SCORECARD_OUTAGE_DAYS,
  SCORECARD_PRICE_DAYS,
  SCORECARD_REFRESH_EVERY_MS,
  SCORECARD_SPEED_DAYS,
  type PlaceFigures,
  type ProviderFigures,
  type ProviderScorecard,
  type ScoreFigure,
} from "../../common/scorecard";
import { findPublishedCompany } from "../companies";
import type { AppContext } from "../core/app-context";
import { companyScorecards } from "./schema";
import { findProvinceByCode } from "../reference/cities";
import {
  daysBefore,
  outageFigures,
  priceFigures,
  reviewFigures,
  speedFigures,
  type OutageRow,
  type PriceRow,
  type ReviewRow,
  type SpeedRow,
} from "./figures";

/**
 * A figure with its value only when there are enough data ("not enough data" otherwise): when
 * `count` reaches `minimum`, or, for a figure whose minimum is of something else than what it
 * counts (the reporting networks of an incident count, the packages of a mean increase), when
 * `enough` says so.
 */
function figure<V>(
  value: V | null,
  count: number,
  minimum: number,
  since: Date | null,
  until: Date,
  enough: boolean = count >= minimum,
): ScoreFigure<V> {
  return {
    value: enough ? value : null,
    count,
    minimum,
    since: since?.toISOString() ?? null,
    until: until.toISOString(),
  };
}

function placeFigures(
  speed: SpeedRow | undefined,
  outage: OutageRow | undefined,
  now: Date,
): PlaceFigures {
  const speedSince = daysBefore(now, SCORECARD_SPEED_DAYS);
  const eveningTests = speed?.eveningTests ?? 0;
  const otherTests = speed?.otherTests ?? 0;
  const drop =
    speed?.eveningMedian != null && speed.otherMedian
      ? 1 - speed.eveningMedian / speed.otherMedian
      : null;
  const networks = outage?.networks ?? 0;
  const incidents = outage?.incidents ?? 0;
  return {
    promiseShare: figure(
      speed?.promiseShare ?? null,
      speed?.promiseTests ?? 0,
      SCORECARD_MIN_PROMISE_TESTS,
      speedSince,
      now,
    ),
    eveningDrop: {
      ...figure(
        drop,
        eveningTests,
        SCORECARD_MIN_EVENING_TESTS,
        speedSince,
        now,
        Math.min(eveningTests, otherTests) >= SCORECARD_MIN_EVENING_TESTS,
      ),
      otherCount: otherTests,
    },
    bufferbloat: figure(
      speed?.grade ?? null,
      speed?.gradeTests ?? 0,
      SCORECARD_MIN_GRADE_TESTS,
      speedSince,
      now,
    ),
    incidentsPerMonth: {
      ...figure(
        incidents / (SCORECARD_OUTAGE_DAYS / 30),
        incidents,
        SCORECARD_MIN_OUTAGE_NETWORKS,
        daysBefore(now, SCORECARD_OUTAGE_DAYS),
        now,
        networks >= SCORECARD_MIN_OUTAGE_NETWORKS,
      ),
      networks,
    },
  };
}

/** Whether a province has a measured figure with enough data (it is listed then). */
const hasData = (f: PlaceFigures) =>
  f.promiseShare.value !== null ||
  f.eveningDrop.value !== null ||
  f.bufferbloat.value !== null ||
  f.incidentsPerMonth.value !== null;

/** How old a kept card may be before a page computes the figures itself (the refresh missed two runs). */
export const SCORECARD_KEPT_MS = 2 * SCORECARD_REFRESH_EVERY_MS;

/**
 * A provider's scorecard (issue 23, decision 043): its figures as a whole (prices, reviews), for
 * the country and for each province with enough data; each figure with its count, its minimum and
 * its period. The card the hourly refresh kept (one row read: the figures are over weeks and
 * months, an hour changes little), or, when there is none that fresh (a company the refresh has
 * not reached yet, a refresh that stopped), computed now through the page cache. With `now` (a
 * test's clock) it is always computed.
 */
export async function providerScorecard(
  app: Pick<AppContext, "db" | "pageCache">,
  opts: { companyId: number; now?: Date },
): Promise<ProviderScorecard> {
  if (opts.now) return buildScorecard(app, opts.companyId, opts.now);
  const now = new Date();
  const [kept] = await app.db
    .select({
      card: companyScorecards.card,
      computedAt: companyScorecards.computedAt,
    })
    .from(companyScorecards)
    .where(
      and(
        eq(companyScorecards.companyId, opts.companyId),
        isNotNull(companyScorecards.card),
        gt(
          companyScorecards.computedAt,
          new Date(now.getTime() - SCORECARD_KEPT_MS),
        ),
      ),
    )
    .limit(1);
  // Cards kept before `computedAt` was part of the card take it from their row.
  if (kept?.card)
    return { ...kept.card, computedAt: kept.computedAt.toISOString() };
  return app.pageCache.get(`scorecard:${opts.companyId}`, () =>
    buildScorecard(app, opts.companyId, now),
  );
}

/** The scorecard as the queries give it now (the refresh job keeps the list's copy with it). */
export async function buildScorecard(
  app: Pick<AppContext, "db">,
  companyId: number,
  now: Date,
): Promise<ProviderScorecard> {
  const [card] = await buildScorecards(app, [companyId], now);
  return card!;
}

/**
 * The scorecards of several companies, in their order, with one statement per group of figures
 * for all of them (the hourly refresh's batches).
 */
export async function buildScorecards(
  app: Pick<AppContext, "db">,
  companyIds: readonly number[],
  now: Date,
): Promise<ProviderScorecard[]> {
  if (companyIds.length === 0) return [];
  const [speed, outages, prices, reviews] = await Promise.all([
    speedFigures(app.db, companyIds, now),
    outageFigures(app.db, companyIds, now),
    priceFigures(app.db, companyIds, now),
    reviewFigures(app.db, companyIds),
  ]);
  const byCompany = <R extends { companyId: number }>(rows: R[]) => {
    const of = new Map<number, R[]>();
    for (const row of rows) {
      const list = of.get(row.companyId);
      if (list) list.push(row);
      else of.set(row.companyId, [row]);
    }
    return of;
  };
  const speedOfCompany = byCompany(speed);
  const outagesOfCompany = byCompany(outages);
  return companyIds.map((companyId, i) =>
    scorecardOf(
      companyId,
      speedOfCompany.get(companyId) ?? [],
      outagesOfCompany.get(companyId) ?? [],
      prices[i]!,
      reviews[i]!,
      now,
    ),
  );
}

/** One company's card from its rows of each group of figures. */
function scorecardOf(
  companyId: number,
  speed: SpeedRow[],
  outages: OutageRow[],
  prices: PriceRow,
  reviews: ReviewRow,
  now: Date,
): ProviderScorecard {
  const priceSince = daysBefore(now, SCORECARD_PRICE_DAYS);
  const provider: ProviderFigures = {
    increasesPerPackage: figure(
      prices.packages ? prices.increases / prices.packages : null,
      prices.packages,
      SCORECARD_MIN_PACKAGES,
      priceSince,
      now,
    ),
    meanIncrease: figure(
      prices.meanIncrease,
      prices.increases,
      SCORECARD_MIN_PACKAGES,
      priceSince,
      now,
      prices.packages >= SCORECARD_MIN_PACKAGES,
    ),
    reviewScore: figure(
      reviews.meanScore,
      reviews.reviews,
      SCORECARD_MIN_REVIEWS,
      null,
      now,
    ),
    answeredShare: figure(
      reviews.reviews ? reviews.answered / reviews.reviews : null,
      reviews.reviews,
      SCORECARD_MIN_REVIEWS,
      null,
      now,
    ),
  };
  const speedOf = new Map(speed.map((s) => [s.cityCode, s]));
  const outageOf = new Map(outages.map((o) => [o.cityCode, o]));
  const cityCodes = new Set<number>();
  for (const key of [...speedOf.keys(), ...outageOf.keys()])
    if (key !== null) cityCodes.add(key);
  const cities = [...cityCodes]
    .map((cityCode) => ({
      cityCode,
      cityName: findProvinceByCode(cityCode)?.name ?? String(cityCode),
      tests: speedOf.get(cityCode)?.tests ?? 0,
      ...placeFigures(speedOf.get(cityCode), outageOf.get(cityCode), now),
    }))
    .filter(hasData)
    .sort((a, b) => b.tests - a.tests || a.cityCode - b.cityCode)
    .map(({ tests: _tests, ...city }) => city);
  return {
    companyId,
    computedAt: now.toISOString(),
    provider,
    country: placeFigures(speedOf.get(null), outageOf.get(null), now),
    cities,
  };
}

/** The scorecard of the published company with this slug; E_NOT_FOUND for none (the API's call). */
export async function getProviderScorecard(
  app: Pick<AppContext, "db" | "pageCache">,
  opts: { slug: unknown; now?: Date },
): Promise<
  ProviderScorecard & { slug: string; name: string; isDemo: boolean }
> {
  const company = await findPublishedCompany(app.db, opts.slug);
  return {
    slug: company.slug,
    name: company.name,
    isDemo: company.isDemo,
    ...(await providerScorecard(app, { companyId: company.id, now: opts.now })),
  };
}
