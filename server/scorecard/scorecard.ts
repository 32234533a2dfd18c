import { and, eq } from "drizzle-orm";
import {
  SCORECARD_MIN_EVENING_TESTS,
  SCORECARD_MIN_GRADE_TESTS,
  SCORECARD_MIN_OUTAGE_NETWORKS,
  SCORECARD_MIN_PACKAGES,
  SCORECARD_MIN_PROMISE_TESTS,
  SCORECARD_MIN_REVIEWS,
  SCORECARD_OUTAGE_DAYS,
  SCORECARD_PRICE_DAYS,
  SCORECARD_SPEED_DAYS,
  type PlaceFigures,
  type ProviderFigures,
  type ProviderScorecard,
  type ScoreFigure,
} from "../../common/scorecard";
import { companies } from "../companies/schema";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";
import {
  daysBefore,
  outageFigures,
  priceFigures,
  reviewFigures,
  speedFigures,
  type OutageRow,
  type SpeedRow,
} from "./figures";

/** A figure with its value only when `count` reaches `minimum` ("not enough data" otherwise). */
function figure<V>(
  value: V | null,
  count: number,
  minimum: number,
  since: Date | null,
  until: Date,
): ScoreFigure<V> {
  return {
    value: count >= minimum ? value : null,
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
        Math.min(eveningTests, otherTests) >= SCORECARD_MIN_EVENING_TESTS
          ? drop
          : null,
        eveningTests,
        SCORECARD_MIN_EVENING_TESTS,
        speedSince,
        now,
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
        networks >= SCORECARD_MIN_OUTAGE_NETWORKS
          ? incidents / (SCORECARD_OUTAGE_DAYS / 30)
          : null,
        incidents,
        0,
        daysBefore(now, SCORECARD_OUTAGE_DAYS),
        now,
      ),
      minimum: SCORECARD_MIN_OUTAGE_NETWORKS,
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

/**
 * A provider's scorecard (issue 23, decision 043): its figures as a whole (prices, reviews), for
 * the country and for each province with enough data; each figure with its count, its minimum and
 * its period. Read through the page cache: every visitor sees the same figures.
 */
export async function providerScorecard(
  app: Pick<AppContext, "db" | "pageCache">,
  opts: { companyId: number; now?: Date },
): Promise<ProviderScorecard> {
  const load = () =>
    buildScorecard(app, opts.companyId, opts.now ?? new Date());
  return opts.now
    ? load()
    : app.pageCache.get(`scorecard:${opts.companyId}`, load);
}

/** The scorecard as the queries give it now (the refresh job keeps the list's copy with it). */
export async function buildScorecard(
  app: Pick<AppContext, "db">,
  companyId: number,
  now: Date,
): Promise<ProviderScorecard> {
  const [speed, outages, prices, reviews] = await Promise.all([
    speedFigures(app.db, companyId, now),
    outageFigures(app.db, companyId, now),
    priceFigures(app.db, companyId, now),
    reviewFigures(app.db, companyId),
  ]);
  const priceSince = daysBefore(now, SCORECARD_PRICE_DAYS);
  const provider: ProviderFigures = {
    increasesPerPackage: figure(
      prices.packages ? prices.increases / prices.packages : null,
      prices.packages,
      SCORECARD_MIN_PACKAGES,
      priceSince,
      now,
    ),
    meanIncrease: {
      ...figure(
        prices.packages >= SCORECARD_MIN_PACKAGES ? prices.meanIncrease : null,
        prices.increases,
        0,
        priceSince,
        now,
      ),
      minimum: SCORECARD_MIN_PACKAGES,
    },
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
  const slug =
    typeof opts.slug === "string" && opts.slug.length <= 200 ? opts.slug : null;
  const [company] = slug
    ? await app.db
        .select({
          id: companies.id,
          slug: companies.slug,
          name: companies.name,
          isDemo: companies.isDemo,
        })
        .from(companies)
        .where(
          and(
            eq(companies.slug, slug),
            eq(companies.publishState, "published"),
          ),
        )
        .limit(1)
    : [];
  if (!company) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  return {
    slug: company.slug,
    name: company.name,
    isDemo: company.isDemo,
    ...(await providerScorecard(app, { companyId: company.id, now: opts.now })),
  };
}
