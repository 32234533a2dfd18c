import { rowsOf } from "../db/rows";
import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { shareOfPromise, type SpeedtestFigures } from "../../common/speedtest/measure";
import type { ProvinceMedians, StatsRow } from "../../common/speedtest/stats";
import type { Actor } from "../accounts";
import type { SessionUser } from "../core/app-context";
import { requireUser } from "../accounts";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { speedtestResults } from "./schema";
import { companySegment, publicPackage } from "../packages";
import { AppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";

/** What a result shows, to anyone holding its link: no IP hash, no user. */
export interface PublicResult extends SpeedtestFigures {
  id: string;
  /** The provider's name: the chosen company's (as it is now), or the label stored with an older result. */
  provider: string | null;
  /** The internet provider chosen on the site, if any. */
  company: { id: number; name: string; isDemo: boolean } | null;
  /** One of its internet packages, if chosen; `path` is its page while the package is public. */
  package: { id: number; title: string; downloadMbps: number | null; uploadMbps: number | null; path: string | null; isDemo: boolean } | null;
  city: { code: number; name: string } | null;
  district: string | null;
  /** The promised speeds as stored with the result (the package's when one was chosen, else typed). */
  promisedDown: number | null;
  promisedUp: number | null;
  /** The share of the promised speeds reached (measured / promised; 0.87 is 87%), null without a promise. */
  share: { download: number | null; upload: number | null };
  /** Shown to whoever has its link; false: kept in its owner's history only. */
  shared: boolean;
  createdAt: string;
}

function resultColumns(now: Date) {
  return {
    id: speedtestResults.id,
    download: speedtestResults.download,
    upload: speedtestResults.upload,
    ping: speedtestResults.ping,
    pingMin: speedtestResults.pingMin,
    jitter: speedtestResults.jitter,
    loadedDown: speedtestResults.loadedDown,
    loadedUp: speedtestResults.loadedUp,
    grade: speedtestResults.grade,
    provider: speedtestResults.provider,
    cityCode: speedtestResults.cityCode,
    district: speedtestResults.district,
    promisedDown: speedtestResults.promisedDown,
    promisedUp: speedtestResults.promisedUp,
    shared: speedtestResults.shared,
    userId: speedtestResults.userId,
    createdAt: speedtestResults.createdAt,
    companyId: companies.id,
    companyName: companies.name,
    companySlug: companies.slug,
    companyTypeId: companies.typeId,
    companySubTypeId: companies.subTypeId,
    companyIsDemo: companies.isDemo,
    packageId: packages.id,
    packageTitle: packages.title,
    packageSlug: packages.slug,
    packageDown: packages.downloadMbps,
    packageUp: packages.uploadMbps,
    packageIsDemo: packages.isDemo,
    packagePublic: sql<boolean>`coalesce(${publicPackage(now, true)}, false)`.mapWith(Boolean),
  };
}

type Row = Awaited<ReturnType<typeof selectResults>>[number];

function selectResults(app: Pick<AppContext, "db">, where: SQL | undefined, now: Date, limit: number, offset = 0) {
  return app.db
    .select(resultColumns(now))
    .from(speedtestResults)
    .leftJoin(companies, eq(companies.id, speedtestResults.companyId))
    .leftJoin(packages, eq(packages.id, speedtestResults.packageId))
    .where(where)
    .orderBy(desc(speedtestResults.createdAt), desc(speedtestResults.id))
    .limit(limit)
    .offset(offset);
}

function toPublic(row: Row): PublicResult {
  const province = row.cityCode ? findProvinceByCode(row.cityCode) : undefined;
  const company = row.companyId !== null && row.companyName !== null ? { id: row.companyId, name: row.companyName, isDemo: row.companyIsDemo ?? false } : null;
  const segment = row.companyTypeId !== null ? companySegment({ typeId: row.companyTypeId, subTypeId: row.companySubTypeId }) : null;
  const pkg =
    row.packageId !== null && row.packageTitle !== null
      ? {
          id: row.packageId,
          title: row.packageTitle,
          downloadMbps: row.packageDown,
          uploadMbps: row.packageUp,
          path: row.packagePublic && segment && row.companySlug ? `/${segment}/${row.companySlug}/paket/${row.packageSlug}` : null,
          isDemo: row.packageIsDemo ?? false,
        }
      : null;
  return {
    id: row.id,
    download: row.download,
    upload: row.upload,
    ping: row.ping,
    pingMin: row.pingMin,
    jitter: row.jitter,
    loadedDown: row.loadedDown,
    loadedUp: row.loadedUp,
    grade: row.grade,
    provider: company?.name ?? row.provider,
    company,
    package: pkg,
    city: province ? { code: province.code, name: province.value } : null,
    district: province ? row.district : null,
    promisedDown: row.promisedDown,
    promisedUp: row.promisedUp,
    share: { download: shareOfPromise(row.download, row.promisedDown), upload: shareOfPromise(row.upload, row.promisedUp) },
    shared: row.shared,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One result by its public id (the share page and GET /api/v1/speedtest/results/{id}). A result
 * not shared is its owner's alone: to anyone else it does not exist (404, as an unknown id).
 */
export async function getSpeedtestResult(app: Pick<AppContext, "db">, opts: { id: string; viewer?: SessionUser | null; now?: Date }): Promise<PublicResult> {
  if (!/^[\w-]{16}$/.test(opts.id)) throw new AppError("E_NOT_FOUND", "errors.notFound");
  const [row] = await selectResults(app, eq(speedtestResults.id, opts.id), opts.now ?? new Date(), 1);
  if (!row || !(row.shared || (opts.viewer && row.userId === opts.viewer.id))) throw new AppError("E_NOT_FOUND", "errors.notFound");
  return toPublic(row);
}

/** Most results one read of a person's history gives. */
export const OWN_RESULTS_MAX = 500;

/**
 * The signed-in person's own results, shared or kept, newest first (history page, evidence
 * report, GET /api/v1/my/speedtests); `ids` narrows them, `limit` and `offset` page them.
 */
export async function listOwnResults(
  app: Pick<AppContext, "db">,
  ctx: Actor & { ids?: string[]; limit?: number; offset?: number; now?: Date },
): Promise<PublicResult[]> {
  const user = requireUser(ctx);
  const owner = eq(speedtestResults.userId, user.id);
  const where = ctx.ids?.length ? and(owner, inArray(speedtestResults.id, ctx.ids)) : owner;
  const rows = await selectResults(app, where, ctx.now ?? new Date(), Math.min(ctx.limit ?? 200, OWN_RESULTS_MAX), ctx.offset ?? 0);
  return rows.map(toPublic);
}

/** How many results the signed-in person has (the history call's total). */
export async function countOwnResults(app: Pick<AppContext, "db">, ctx: Actor): Promise<number> {
  const user = requireUser(ctx);
  const [row] = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(speedtestResults).where(eq(speedtestResults.userId, user.id));
  return row?.n ?? 0;
}

/**
 * A median moves with a single test when there are few, and one address can send many: a figure
 * (a province's, a district's or a provider's, on pages and in the API) is shown only when the
 * tests it counts come from at least this many different (hashed) addresses. Each address counts
 * at most one test per provider and day (`counted`, set by the result store; decision 022).
 */
export const MEDIAN_MIN_ADDRESSES = 5;
/** The window of every measured-speed figure, in days. */
export const MEDIAN_DAYS = 90;

const addressCount = sql<number>`count(distinct ${speedtestResults.ipHash})`.mapWith(Number);
/** Only the tests the statistics count: one per address, provider and day. */
const countedOnly = eq(speedtestResults.counted, true);
const median = (c: AnyColumn) => sql<number>`percentile_cont(0.5) within group (order by ${c})`.mapWith(Number);
const round = (n: number) => Math.round(n * 100) / 100;
/** A test of a demo company (SEED_DEMO's labelled demo tests): a figure it is part of says so. */
const demoTest = sql`EXISTS (SELECT 1 FROM ${companies} WHERE ${companies.id} = ${speedtestResults.companyId} AND ${companies.isDemo})`;

function windowStart(now: Date | undefined, days: number): string {
  return new Date((now ?? new Date()).getTime() - days * 86_400_000).toISOString();
}

/**
 * Medians per province or per provider over the last `days` (the home page, the speed test
 * page, the infrastructure pages and GET /api/v1/speedtest/stats), most tests first. Medians of the
 * counted tests, so an outlier moves nothing; a group whose tests come from fewer than
 * MEDIAN_MIN_ADDRESSES addresses is left out. Providers
 * are the companies people chose (published ones only, named as the company table names them);
 * `city` and `district` narrow the tests counted to a province or one of its districts.
 */
export async function speedtestStats(
  app: Pick<AppContext, "db">,
  opts: { by: "city" | "provider"; city?: number; district?: string; days?: number; minCount?: number; limit?: number; now?: Date },
): Promise<StatsRow[]> {
  const days = opts.days ?? MEDIAN_DAYS;
  const minCount = Math.max(opts.minCount ?? MEDIAN_MIN_ADDRESSES, MEDIAN_MIN_ADDRESSES);
  const limit = Math.min(opts.limit ?? 100, 100);
  const where: SQL[] = [countedOnly, sql`${speedtestResults.createdAt} >= ${windowStart(opts.now, days)}::timestamptz`];
  if (opts.city !== undefined) where.push(eq(speedtestResults.cityCode, opts.city));
  if (opts.district !== undefined) where.push(eq(speedtestResults.district, opts.district));
  const figures = {
    count: sql<number>`count(*)`.mapWith(Number),
    addresses: addressCount,
    download: median(speedtestResults.download),
    upload: median(speedtestResults.upload),
    ping: median(speedtestResults.ping),
  };
  if (opts.by === "city") {
    const rows = await app.db
      .select({ code: speedtestResults.cityCode, ...figures, isDemo: sql<boolean>`bool_or(${demoTest})` })
      .from(speedtestResults)
      .where(and(sql`${speedtestResults.cityCode} is not null`, ...where))
      .groupBy(speedtestResults.cityCode)
      .having(sql`count(distinct ${speedtestResults.ipHash}) >= ${minCount}`)
      .orderBy(sql`count(*) desc`, speedtestResults.cityCode)
      .limit(limit);
    return rows.flatMap((r) => {
      const province = r.code === null ? undefined : findProvinceByCode(r.code);
      if (!province) return [];
      return [{ key: String(province.code), name: province.value, count: r.count, addresses: r.addresses, download: round(r.download), upload: round(r.upload), ping: round(r.ping), isDemo: r.isDemo === true }];
    });
  }
  const rows = await app.db
    .select({ id: companies.id, name: companies.name, isDemo: companies.isDemo, ...figures })
    .from(speedtestResults)
    .innerJoin(companies, eq(companies.id, speedtestResults.companyId))
    .where(and(eq(companies.publishState, "published"), ...where))
    .groupBy(companies.id, companies.name, companies.isDemo)
    .having(sql`count(distinct ${speedtestResults.ipHash}) >= ${minCount}`)
    .orderBy(sql`count(*) desc`, companies.id)
    .limit(limit);
  return rows.map((r) => ({ key: String(r.id), name: r.name, count: r.count, addresses: r.addresses, download: round(r.download), upload: round(r.upload), ping: round(r.ping), isDemo: r.isDemo }));
}

/**
 * The median download, upload and ping of the speed tests stored with this province (the
 * province the person chose for the test), or with one of its districts, in the last 90 days:
 * one aggregate over the index (city_code, created_at), of the counted tests. Tests from fewer
 * than MEDIAN_MIN_ADDRESSES addresses give no medians, only their counts.
 */
export async function provinceMedians(
  app: Pick<AppContext, "db">,
  opts: { province: number; district?: string; now?: Date; days?: number; minCount?: number },
): Promise<ProvinceMedians> {
  const days = opts.days ?? MEDIAN_DAYS;
  const nullable = (c: AnyColumn) => sql<number | null>`percentile_cont(0.5) within group (order by ${c})`.mapWith((v) => (v === null ? null : Number(v)));
  const where = [countedOnly, eq(speedtestResults.cityCode, opts.province), sql`${speedtestResults.createdAt} >= ${windowStart(opts.now, days)}::timestamptz`];
  if (opts.district !== undefined) where.push(eq(speedtestResults.district, opts.district));
  const [row] = await app.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      addresses: addressCount,
      download: nullable(speedtestResults.download),
      upload: nullable(speedtestResults.upload),
      ping: nullable(speedtestResults.ping),
    })
    .from(speedtestResults)
    .where(and(...where));
  const count = row?.count ?? 0;
  const addresses = row?.addresses ?? 0;
  const r = (n: number | null) => round(n ?? 0);
  const enough = row && addresses >= Math.max(opts.minCount ?? MEDIAN_MIN_ADDRESSES, MEDIAN_MIN_ADDRESSES);
  return { count, addresses, days, medians: enough ? { download: r(row.download), upload: r(row.upload), ping: r(row.ping) } : null };
}

/** A provider's tests in one province (and, when given, some of its districts) between two times. */
export interface TestsDuringGroup {
  key: string;
  city: number;
  /** Null: the whole province. */
  districts: readonly string[] | null;
  from: Date;
  to: Date;
}

/** The counted tests of a group; the median only from MEDIAN_MIN_ADDRESSES addresses on. */
export interface TestsDuring {
  count: number;
  medianDownMbps: number | null;
}

/**
 * The speed tests of one provider taken in each group's place and time (the outage page shows
 * them beside the reports and each incident), in one statement however many groups: the counted
 * tests only (one per address, provider and day), their count, and the median download when
 * they come from at least MEDIAN_MIN_ADDRESSES addresses. A group without tests is absent.
 */
export async function providerTestsDuring(app: Pick<AppContext, "db">, opts: { companyId: number; groups: readonly TestsDuringGroup[] }): Promise<Map<string, TestsDuring>> {
  const found = new Map<string, TestsDuring>();
  if (!opts.groups.length) return found;
  // District names never hold "|" (the forms refuse it), so a group's districts travel joined.
  const groups = JSON.stringify(
    opts.groups.map((g) => ({ key: g.key, city: g.city, districts: g.districts ? g.districts.join("|") : null, from: g.from.toISOString(), to: g.to.toISOString() })),
  );
  const r = speedtestResults;
  // One lateral subquery per group: each reads only its window of the provider's tests through
  // (company_id, created_at). A join let the planner hash all of the provider's tests of 90 days
  // for every page (7,500 rows, 2,200 pages for a large provider).
  const rows = await app.db.execute(sql`
    SELECT g.key, s.n AS count, s.addresses, s.median
    FROM jsonb_to_recordset(${groups}::jsonb) AS g(key text, city int, districts text, "from" timestamptz, "to" timestamptz)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, count(DISTINCT ${r.ipHash})::int AS addresses,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY ${r.download}) AS median
      FROM ${r}
      WHERE ${r.companyId} = ${opts.companyId} AND ${r.createdAt} >= g."from" AND ${r.createdAt} < g."to"
        AND ${r.counted} AND ${r.cityCode} = g.city
        AND (g.districts IS NULL OR ${r.district} = ANY (string_to_array(g.districts, '|')))
    ) s
    WHERE s.n > 0`);
  for (const row of rowsOf<{ key: string; count: number; addresses: number; median: number | null }>(rows)) {
    const addresses = Number(row.addresses);
    found.set(row.key, { count: Number(row.count), medianDownMbps: addresses >= MEDIAN_MIN_ADDRESSES && row.median !== null ? round(Number(row.median)) : null });
  }
  return found;
}
