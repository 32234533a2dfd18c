import { and, desc, eq, inArray, sql, type AnyColumn } from "drizzle-orm";
import type { Actor } from "../accounts/permissions";
import { requireUser } from "../accounts/permissions";
import type { AppContext } from "../app-context";
import { speedtestResults } from "../db/schema";
import { AppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";

/** What a result shows, to anyone holding its link: no IP hash, no user. */
export interface PublicResult {
  id: string;
  download: number;
  upload: number;
  ping: number;
  pingMin: number;
  jitter: number;
  loadedDown: number;
  loadedUp: number;
  grade: string;
  provider: string | null;
  city: { code: number; name: string } | null;
  promisedDown: number | null;
  promisedUp: number | null;
  createdAt: string;
}

const columns = {
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
  promisedDown: speedtestResults.promisedDown,
  promisedUp: speedtestResults.promisedUp,
  createdAt: speedtestResults.createdAt,
};

type Row = Omit<PublicResult, "city" | "createdAt"> & { cityCode: number | null; createdAt: Date };

function toPublic(row: Row): PublicResult {
  const { cityCode, createdAt, ...rest } = row;
  const province = cityCode ? findProvinceByCode(cityCode) : undefined;
  return { ...rest, city: province ? { code: province.code, name: province.value } : null, createdAt: createdAt.toISOString() };
}

/** One result by its public id (the share page and GET /api/v1/speedtest/results/{id}). */
export async function getSpeedtestResult(app: Pick<AppContext, "db">, opts: { id: string }): Promise<PublicResult> {
  if (!/^[\w-]{16}$/.test(opts.id)) throw new AppError("E_NOT_FOUND", "errors.notFound");
  const [row] = await app.db.select(columns).from(speedtestResults).where(eq(speedtestResults.id, opts.id));
  if (!row) throw new AppError("E_NOT_FOUND", "errors.notFound");
  return toPublic(row);
}

/** The signed-in person's own results, newest first (history, evidence report); `ids` narrows them. */
export async function listOwnResults(app: Pick<AppContext, "db">, ctx: Actor & { ids?: string[]; limit?: number }): Promise<PublicResult[]> {
  const user = requireUser(ctx);
  const owner = eq(speedtestResults.userId, user.id);
  const rows = await app.db
    .select(columns)
    .from(speedtestResults)
    .where(ctx.ids?.length ? and(owner, inArray(speedtestResults.id, ctx.ids)) : owner)
    .orderBy(desc(speedtestResults.createdAt))
    .limit(Math.min(ctx.limit ?? 200, 500));
  return rows.map(toPublic);
}

export interface StatsRow {
  /** Plate code of the province, or the folded provider name. */
  key: string;
  name: string;
  count: number;
  download: number;
  upload: number;
  ping: number;
}

/**
 * Medians per province or per provider (the home page and the infrastructure query's city
 * pages). Medians, so an outlier moves nothing; groups with fewer than `minCount` results are left out.
 */
export async function speedtestStats(
  app: Pick<AppContext, "db">,
  opts: { by: "city" | "provider"; minCount?: number; limit?: number },
): Promise<StatsRow[]> {
  const keyColumn = opts.by === "city" ? speedtestResults.cityCode : speedtestResults.providerKey;
  const median = (c: AnyColumn) => sql<number>`percentile_cont(0.5) within group (order by ${c})`.mapWith(Number);
  const rows = await app.db
    .select({
      key: sql<string>`${keyColumn}::text`,
      name: sql<string>`min(${speedtestResults.provider})`,
      count: sql<number>`count(*)`.mapWith(Number),
      download: median(speedtestResults.download),
      upload: median(speedtestResults.upload),
      ping: median(speedtestResults.ping),
    })
    .from(speedtestResults)
    .where(sql`${keyColumn} is not null`)
    .groupBy(keyColumn)
    .having(sql`count(*) >= ${opts.minCount ?? 1}`)
    .orderBy(sql`count(*) desc`)
    .limit(Math.min(opts.limit ?? 100, 100));
  return rows.map((r) => {
    const round = (n: number) => Math.round(n * 100) / 100;
    const province = opts.by === "city" ? findProvinceByCode(Number(r.key)) : undefined;
    return { ...r, name: province ? province.value : r.name, download: round(r.download), upload: round(r.upload), ping: round(r.ping) };
  });
}

/** Measured speeds of a province are shown from this many tests in the window. */
export const PROVINCE_MEDIAN_MIN_TESTS = 5;
/** The window of a province's measured speeds, in days. */
export const PROVINCE_MEDIAN_DAYS = 90;

export interface ProvinceMedians {
  /** Tests in the province in the window. */
  count: number;
  days: number;
  /** The medians (Mbps, Mbps, ms); null when there are fewer than PROVINCE_MEDIAN_MIN_TESTS tests. */
  medians: { download: number; upload: number; ping: number } | null;
}

/**
 * The median download, upload and ping of the speed tests stored with this province (the
 * province the person chose for the test) in the last 90 days: one aggregate over the index
 * (city_code, created_at). Fewer than five tests give no medians, only their count.
 */
export async function provinceMedians(
  app: Pick<AppContext, "db">,
  opts: { province: number; now?: Date; days?: number; minCount?: number },
): Promise<ProvinceMedians> {
  const days = opts.days ?? PROVINCE_MEDIAN_DAYS;
  const since = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000);
  const median = (c: AnyColumn) => sql<number | null>`percentile_cont(0.5) within group (order by ${c})`.mapWith((v) => (v === null ? null : Number(v)));
  const [row] = await app.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      download: median(speedtestResults.download),
      upload: median(speedtestResults.upload),
      ping: median(speedtestResults.ping),
    })
    .from(speedtestResults)
    .where(and(eq(speedtestResults.cityCode, opts.province), sql`${speedtestResults.createdAt} >= ${since.toISOString()}::timestamptz`));
  const count = row?.count ?? 0;
  const round = (n: number | null) => Math.round((n ?? 0) * 100) / 100;
  const enough = row && count >= (opts.minCount ?? PROVINCE_MEDIAN_MIN_TESTS);
  return { count, days, medians: enough ? { download: round(row.download), upload: round(row.upload), ping: round(row.ping) } : null };
}
