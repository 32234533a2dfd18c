import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import {
  SCORECARD_EVENING_HOURS,
  SCORECARD_GRADES,
  SCORECARD_OUTAGE_DAYS,
  SCORECARD_PRICE_DAYS,
  SCORECARD_SPEED_DAYS,
  type ScorecardGrade,
} from "../../common/scorecard";
import { OUTAGE_KEEP_DAYS } from "../../common/outages";
import { companies } from "../companies/schema";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { hourInTurkeySql } from "../db/turkey-time";
import { outageIncidents, outageReports } from "../outages/schema";
import { packagePriceChanges, packages } from "../packages/schema";
import { companyReviews, packageReviews } from "../reviews/schema";
import { speedtestResults } from "../speedtest/schema";

// The scorecard's queries (decision 043): one per group of figures, each documented with the rule
// it computes. The method page states the same rules and the minimums (common/scorecard.ts). Each
// takes a set of companies and answers per company: the profile asks for one, the hourly refresh
// for a batch (a statement per group of figures and batch, not per company).

const DAY = 86_400_000;
const num = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
export const daysBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * DAY);

/** What the speed tests of one place say (a province, or the whole country when `cityCode` is null). */
export interface SpeedRow {
  companyId: number;
  cityCode: number | null;
  tests: number;
  promiseTests: number;
  promiseShare: number | null;
  eveningTests: number;
  eveningMedian: number | null;
  otherTests: number;
  otherMedian: number | null;
  gradeTests: number;
  grade: ScorecardGrade | null;
}

/**
 * Speed figures of each provider, for the country and each province, from its counted speed tests
 * (the first of each hashed address per provider and day) of the last SCORECARD_SPEED_DAYS days:
 * - promise share: the median of download / promised download over the tests compared with one
 *   of its packages (a package chosen, a promise above 0);
 * - the evening drop's two medians: download of the tests taken from SCORECARD_EVENING_HOURS.from
 *   to .to in Turkey, and of the others;
 * - the bufferbloat grade: the median grade (grades ordered best first, the lower middle one).
 * One statement with GROUPING SETS: a provider's country row has `grouping(city_code) = 1`.
 */
export async function speedFigures(
  db: Database,
  companyIds: readonly number[],
  now: Date,
): Promise<SpeedRow[]> {
  const r = speedtestResults;
  const hour = hourInTurkeySql(r.createdAt);
  const evening = sql`${hour} >= ${SCORECARD_EVENING_HOURS.from} AND ${hour} < ${SCORECARD_EVENING_HOURS.to}`;
  const promised = sql`${r.packageId} IS NOT NULL AND ${r.promisedDown} > 0`;
  const gradeRank = sql`array_position(${sql.raw(`ARRAY[${SCORECARD_GRADES.map((g) => `'${g}'`).join(",")}]::text[]`)}, ${r.grade})`;
  const rows = await db
    .select({
      country: sql<number>`grouping(${r.cityCode})`.mapWith(Number),
      companyId: r.companyId,
      cityCode: r.cityCode,
      tests: sql<number>`count(*)`.mapWith(Number),
      promiseTests: sql<number>`count(*) FILTER (WHERE ${promised})`.mapWith(
        Number,
      ),
      promiseShare: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${r.download} / ${r.promisedDown}) FILTER (WHERE ${promised})`,
      eveningTests: sql<number>`count(*) FILTER (WHERE ${evening})`.mapWith(
        Number,
      ),
      eveningMedian: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${r.download}) FILTER (WHERE ${evening})`,
      otherTests: sql<number>`count(*) FILTER (WHERE NOT (${evening}))`.mapWith(
        Number,
      ),
      otherMedian: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${r.download}) FILTER (WHERE NOT (${evening}))`,
      gradeTests: sql<number>`count(${gradeRank})`.mapWith(Number),
      gradeRank: sql<
        number | null
      >`percentile_disc(0.5) WITHIN GROUP (ORDER BY ${gradeRank})`,
    })
    .from(r)
    .where(
      and(
        inArray(r.companyId, [...companyIds]),
        eq(r.counted, true),
        gt(r.createdAt, daysBefore(now, SCORECARD_SPEED_DAYS)),
      ),
    )
    .groupBy(
      sql`GROUPING SETS ((${r.companyId}), (${r.companyId}, ${r.cityCode}))`,
    );
  return rows
    .filter((row) => row.country === 1 || row.cityCode !== null)
    .map((row) => ({
      companyId: row.companyId!,
      cityCode: row.country === 1 ? null : row.cityCode,
      tests: row.tests,
      promiseTests: row.promiseTests,
      promiseShare: num(row.promiseShare),
      eveningTests: row.eveningTests,
      eveningMedian: num(row.eveningMedian),
      otherTests: row.otherTests,
      otherMedian: num(row.otherMedian),
      gradeTests: row.gradeTests,
      grade:
        row.gradeRank === null
          ? null
          : (SCORECARD_GRADES[Number(row.gradeRank) - 1] ?? null),
    }));
}

/** Outage figures of one place (a province, or the whole country when `cityCode` is null). */
export interface OutageRow {
  companyId: number;
  cityCode: number | null;
  incidents: number;
  networks: number;
}

/**
 * Outage figures of each provider, for the country and each province: the incidents that started in
 * the last SCORECARD_OUTAGE_DAYS days (an incident is per province; the country counts them all),
 * and the distinct networks that reported a problem in the last OUTAGE_KEEP_DAYS days (reports are
 * kept no longer), which the minimum is set against. Two statements with GROUPING SETS, merged;
 * every provider asked for has its country row.
 */
export async function outageFigures(
  db: Database,
  companyIds: readonly number[],
  now: Date,
): Promise<OutageRow[]> {
  const i = outageIncidents;
  const r = outageReports;
  const [incidents, networks] = await Promise.all([
    db
      .select({
        country: sql<number>`grouping(${i.cityCode})`.mapWith(Number),
        companyId: i.companyId,
        cityCode: i.cityCode,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(i)
      .where(
        and(
          inArray(i.companyId, [...companyIds]),
          gt(i.startedAt, daysBefore(now, SCORECARD_OUTAGE_DAYS)),
        ),
      )
      .groupBy(
        sql`GROUPING SETS ((${i.companyId}), (${i.companyId}, ${i.cityCode}))`,
      ),
    db
      .select({
        country: sql<number>`grouping(${r.cityCode})`.mapWith(Number),
        companyId: r.companyId,
        cityCode: r.cityCode,
        n: sql<number>`count(DISTINCT ${r.networkKey})`.mapWith(Number),
      })
      .from(r)
      .where(
        and(
          inArray(r.companyId, [...companyIds]),
          gt(r.createdAt, daysBefore(now, OUTAGE_KEEP_DAYS)),
        ),
      )
      .groupBy(
        sql`GROUPING SETS ((${r.companyId}), (${r.companyId}, ${r.cityCode}))`,
      ),
  ]);
  const places = new Map<string, OutageRow>();
  const place = (companyId: number, cityCode: number | null) => {
    const key = `${companyId}:${cityCode}`;
    let row = places.get(key);
    if (!row)
      places.set(
        key,
        (row = { companyId, cityCode, incidents: 0, networks: 0 }),
      );
    return row;
  };
  for (const companyId of companyIds) place(companyId, null);
  for (const row of incidents)
    place(row.companyId, row.country === 1 ? null : row.cityCode).incidents =
      row.n;
  for (const row of networks)
    place(row.companyId!, row.country === 1 ? null : row.cityCode).networks =
      row.n;
  return [...places.values()];
}

export interface PriceRow {
  companyId: number;
  /** Packages on sale at some time in the period. */
  packages: number;
  increases: number;
  meanIncrease: number | null;
}

/**
 * Price figures of each provider over the last SCORECARD_PRICE_DAYS days: its public packages on sale
 * at some time in the period (made before its end, not withdrawn before its start), the changes
 * of a package's headline monthly price in the period that raised it (each against the entry
 * before it in the package's history), and the mean of (new − old) / old over those increases.
 * One row per provider asked for, in their order.
 */
export async function priceFigures(
  db: Database,
  companyIds: readonly number[],
  now: Date,
): Promise<PriceRow[]> {
  const since = daysBefore(now, SCORECARD_PRICE_DAYS);
  const c = packagePriceChanges;
  const inPeriod = and(
    inArray(packages.companyId, [...companyIds]),
    eq(companies.publishState, "published"),
    or(isNull(packages.withdrawnAt), gt(packages.withdrawnAt, since)),
  );
  const steps = db.$with("steps").as(
    db
      .select({
        companyId: sql<number>`${packages.companyId}`.as("company_id"),
        changedAt: c.changedAt,
        kind: c.kind,
        after: sql<number>`${c.monthlyPriceKurus}`.as("after"),
        before: sql<
          number | null
        >`lag(${c.monthlyPriceKurus}) OVER (PARTITION BY ${c.packageId} ORDER BY ${c.changedAt}, ${c.id})`.as(
          "before",
        ),
      })
      .from(c)
      .innerJoin(packages, eq(packages.id, c.packageId))
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(inPeriod),
  );
  const rise = sql`${steps.kind} = 'changed' AND ${steps.before} > 0 AND ${steps.after} > ${steps.before} AND ${steps.changedAt} > ${since.toISOString()}::timestamptz AND ${steps.changedAt} <= ${now.toISOString()}::timestamptz`;
  const [prices, onSale] = await Promise.all([
    db
      .with(steps)
      .select({
        companyId: sql<number>`${steps.companyId}`.mapWith(Number),
        increases: sql<number>`count(*) FILTER (WHERE ${rise})`.mapWith(Number),
        mean: sql<
          number | null
        >`avg((${steps.after} - ${steps.before})::float8 / ${steps.before}) FILTER (WHERE ${rise})`,
      })
      .from(steps)
      .groupBy(steps.companyId),
    db
      .select({
        companyId: packages.companyId,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(
        and(
          inPeriod,
          sql`${packages.createdAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(packages.companyId),
  ]);
  const pricesOf = new Map(prices.map((p) => [p.companyId, p]));
  const onSaleOf = new Map(onSale.map((p) => [p.companyId, p.n]));
  return companyIds.map((companyId) => ({
    companyId,
    packages: onSaleOf.get(companyId) ?? 0,
    increases: pricesOf.get(companyId)?.increases ?? 0,
    meanIncrease: num(pricesOf.get(companyId)?.mean),
  }));
}

export interface ReviewRow {
  companyId: number;
  reviews: number;
  meanScore: number | null;
  answered: number;
}

/**
 * Review figures of each provider, all time: the confirmed reviews of the company and of its
 * packages, their mean score, and how many of them carry the provider's answer. One row per
 * provider asked for, in their order.
 */
export async function reviewFigures(
  db: Database,
  companyIds: readonly number[],
): Promise<ReviewRow[]> {
  type Row = {
    company_id: number;
    n: string;
    mean: string | null;
    answered: string;
  };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT company_id, count(*) AS n, avg(score) AS mean, count(answer) AS answered FROM (
        SELECT ${companyReviews.companyId} AS company_id, ${companyReviews.score} AS score, ${companyReviews.answer} AS answer
          FROM ${companyReviews}
          WHERE ${inArray(companyReviews.companyId, [...companyIds])} AND ${companyReviews.state} = 'confirmed'
        UNION ALL
        SELECT ${packages.companyId}, ${packageReviews.score}, ${packageReviews.answer}
          FROM ${packageReviews} JOIN ${packages} ON ${packages.id} = ${packageReviews.packageId}
          WHERE ${inArray(packages.companyId, [...companyIds])} AND ${packageReviews.state} = 'confirmed'
      ) AS reviews
      GROUP BY company_id`),
  );
  const of = new Map(rows.map((row) => [Number(row.company_id), row]));
  return companyIds.map((companyId) => {
    const row = of.get(companyId);
    return {
      companyId,
      reviews: Number(row?.n ?? 0),
      meanScore: num(row?.mean),
      answered: Number(row?.answered ?? 0),
    };
  });
}
