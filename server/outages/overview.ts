import { desc, eq, sql } from "drizzle-orm";
import {
  OUTAGE_BASELINE_DAYS,
  OUTAGE_BUCKET_MINUTES,
  OUTAGE_BUCKETS,
  OUTAGE_CITIES_LISTED,
  OUTAGE_DISTRICTS_LISTED,
  OUTAGE_FACTOR,
  OUTAGE_INCIDENTS_LISTED,
  OUTAGE_PROBLEMS,
  OUTAGE_QUIET_MINUTES,
  OUTAGE_WINDOW_MINUTES,
  type OutageCity,
  type OutageIncident,
  type OutageOverview,
  type OutageProblem,
} from "../../common/outages";
import { compareTr } from "../../common/text";
import type { AppContext } from "../core/app-context";
import { findProvinceByCode } from "../reference/cities";
import { providerTestsDuring, type TestsDuringGroup } from "../speedtest";
import { findOutageProvider } from "./providers";
import { outageIncidents, outageReports } from "./schema";

const MINUTE = 60_000;
const BUCKET_MS = OUTAGE_BUCKET_MINUTES * MINUTE;

/** Whether an incident is going on at `now`: not ended, and its threshold reached within OUTAGE_QUIET_MINUTES. */
export function isOngoing(
  incident: { endedAt: Date | null; lastSeenAt: Date },
  now: Date,
): boolean {
  return (
    incident.endedAt === null &&
    incident.lastSeenAt.getTime() >=
      now.getTime() - OUTAGE_QUIET_MINUTES * MINUTE
  );
}

/** When an incident ended (or, quiet for too long but not yet closed by the clean-up, ends): null while it goes on. */
function endOf(
  incident: { endedAt: Date | null; lastSeenAt: Date },
  now: Date,
): Date | null {
  if (incident.endedAt) return incident.endedAt;
  return isOngoing(incident, now)
    ? null
    : new Date(incident.lastSeenAt.getTime() + OUTAGE_WINDOW_MINUTES * MINUTE);
}

/**
 * A provider's outage page and GET /api/v1/companies/{slug}/outages: its reports of the last 24
 * hours per 15 minutes and by problem, the provinces with the most (their districts, whether an
 * incident goes on there, the provider's speed tests there meanwhile), and its incidents, the
 * ongoing first. Every figure counts reports the server took (one per address, provider and day).
 */
export async function outageOverview(
  app: Pick<AppContext, "db" | "config">,
  opts: { slug: unknown; now?: Date },
): Promise<OutageOverview> {
  const company = await findOutageProvider(app, opts.slug);
  const now = opts.now ?? new Date();
  const r = outageReports;
  const firstBucket =
    Math.floor(now.getTime() / BUCKET_MS) - (OUTAGE_BUCKETS - 1);
  const since = new Date(firstBucket * BUCKET_MS);
  const lastHour = new Date(now.getTime() - 60 * MINUTE);
  const recent = sql`${r.companyId} = ${company.id} AND ${r.createdAt} >= ${since.toISOString()}::timestamptz AND ${r.createdAt} <= ${now.toISOString()}::timestamptz`;
  // Every figure counts distinct networks (an IPv4 /24, an IPv6 /48): a client with many
  // addresses of one network moves a bar, a province or a problem by one at most.
  // One pass over the window's reports, counted five ways (GROUPING SETS): per 15 minutes, per
  // problem, in all, per province (and within its last hour) and per district. grouping() says
  // which way a row counts: one bit per expression, 1 where the row is not grouped by it.
  const bucket = sql`floor(extract(epoch FROM ${r.createdAt}) / ${sql.raw(String(BUCKET_MS / 1000))})`;
  const [rows, incidentRows] = await Promise.all([
    app.db
      .select({
        set: sql<number>`grouping(${bucket}, ${r.problem}, ${r.cityCode}, ${r.district})`.mapWith(
          Number,
        ),
        bucket: sql<number | null>`${bucket}`.mapWith(Number),
        problem: r.problem,
        cityCode: r.cityCode,
        district: r.district,
        n: sql<number>`count(DISTINCT ${r.networkKey})`.mapWith(Number),
        lastHour:
          sql<number>`count(DISTINCT ${r.networkKey}) FILTER (WHERE ${r.createdAt} > ${lastHour.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(r)
      .where(recent)
      .groupBy(
        sql`GROUPING SETS ((${bucket}), (${r.problem}), (), (${r.cityCode}), (${r.cityCode}, ${r.district}))`,
      ),
    app.db
      .select()
      .from(outageIncidents)
      .where(eq(outageIncidents.companyId, company.id))
      .orderBy(
        sql`${outageIncidents.endedAt} IS NULL DESC`,
        desc(outageIncidents.startedAt),
        desc(outageIncidents.id),
      )
      .limit(OUTAGE_INCIDENTS_LISTED),
  ]);
  const rowsOfSet = (set: number) => rows.filter((row) => row.set === set);
  const bucketRows = rowsOfSet(0b0111);
  const problemRows = rowsOfSet(0b1011);
  const [totalRow] = rowsOfSet(0b1111);
  const cityCounts = rowsOfSet(0b1101);
  const districtRows = rowsOfSet(0b1100);

  const counts = new Array<number>(OUTAGE_BUCKETS).fill(0);
  for (const row of bucketRows) {
    const i = row.bucket - firstBucket;
    if (i >= 0 && i < OUTAGE_BUCKETS) counts[i] = row.n;
  }
  const problems = Object.fromEntries(
    OUTAGE_PROBLEMS.map((p) => [p, 0]),
  ) as Record<OutageProblem, number>;
  for (const row of problemRows)
    if (row.problem in problems) problems[row.problem as OutageProblem] = row.n;
  const buckets = counts.map((reports, i) => ({
    start: new Date((firstBucket + i) * BUCKET_MS).toISOString(),
    reports,
  }));

  const incidents = incidentRows
    .map((row) => ({ row, ongoing: isOngoing(row, now) }))
    .sort(
      (a, b) =>
        Number(b.ongoing) - Number(a.ongoing) ||
        b.row.startedAt.getTime() - a.row.startedAt.getTime() ||
        b.row.id - a.row.id,
    );
  const ongoingCities = new Set(
    incidents.filter((i) => i.ongoing).map((i) => i.row.cityCode),
  );

  const byCity = new Map<
    number,
    {
      reports: number;
      lastHour: number;
      districts: { name: string; reports: number }[];
    }
  >();
  for (const row of cityCounts)
    byCity.set(row.cityCode, {
      reports: row.n,
      lastHour: row.lastHour,
      districts: [],
    });
  for (const row of districtRows)
    byCity
      .get(row.cityCode)
      ?.districts.push({ name: row.district, reports: row.n });
  const cityRows = [...byCity.entries()]
    .sort(
      ([a, x], [b, y]) =>
        Number(ongoingCities.has(b)) - Number(ongoingCities.has(a)) ||
        y.reports - x.reports ||
        a - b,
    )
    .slice(0, OUTAGE_CITIES_LISTED);

  const groups: TestsDuringGroup[] = [
    ...cityRows.map(([cityCode]) => ({
      key: `city:${cityCode}`,
      city: cityCode,
      districts: null,
      from: since,
      to: now,
    })),
    ...incidents.map(({ row }) => ({
      key: `incident:${row.id}`,
      city: row.cityCode,
      districts: row.districts,
      from: row.startedAt,
      to: endOf(row, now) ?? now,
    })),
  ];
  const tests = await providerTestsDuring(app, {
    companyId: company.id,
    groups,
  });
  const testsOf = (key: string) =>
    tests.get(key) ?? { count: 0, medianDownMbps: null };
  const cityName = (code: number) =>
    findProvinceByCode(code)?.name ?? String(code);

  const cities: OutageCity[] = cityRows.map(([cityCode, c]) => ({
    cityCode,
    cityName: cityName(cityCode),
    reports: c.reports,
    lastHour: c.lastHour,
    districts: c.districts
      .sort((a, b) => b.reports - a.reports || compareTr(a.name, b.name))
      .slice(0, OUTAGE_DISTRICTS_LISTED),
    incident: ongoingCities.has(cityCode),
    speedTests: testsOf(`city:${cityCode}`),
  }));
  const incidentList: OutageIncident[] = incidents.map(({ row }) => ({
    id: row.id,
    cityCode: row.cityCode,
    cityName: cityName(row.cityCode),
    districts: row.districts,
    startedAt: row.startedAt.toISOString(),
    endedAt: endOf(row, now)?.toISOString() ?? null,
    peakNetworks: row.peakNetworks,
    speedTests: testsOf(`incident:${row.id}`),
  }));
  return {
    company,
    at: now.toISOString(),
    buckets,
    problems,
    total: totalRow?.n ?? 0,
    cities,
    incidents: incidentList,
    rule: {
      windowMinutes: OUTAGE_WINDOW_MINUTES,
      factor: OUTAGE_FACTOR,
      baselineDays: OUTAGE_BASELINE_DAYS,
      minNetworks: app.config.OUTAGE_MIN_NETWORKS,
      quietMinutes: OUTAGE_QUIET_MINUTES,
    },
  };
}
