import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppContext, SessionUser } from "../core/app-context";
import type { CompanyPriceChange, LastPriceChange, PriceChange } from "../../common/package-types";
import { packagePriceChanges, packages, type PriceSource } from "./schema";
import { companies } from "../companies/schema";
import { findPublishedCompany } from "../companies";
import { publicPackage } from "./package-card";

export type { CompanyPriceChange, LastPriceChange, PriceChange };
import { isPublicPackage, parsePackageId } from "./get-package";
import { AppError } from "../platform/app-error";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Says where the price changes of this transaction come from: the trigger on `packages`
 * (migration 0025) records it beside each change. Only inside a transaction (the setting ends
 * with it); a write without it is recorded as "system".
 */
export async function recordPricesAs(tx: Tx, source: PriceSource): Promise<void> {
  await tx.execute(sql`select set_config('genisbant.price_source', ${source}, true)`);
}

/** The source of a dashboard write: the company's own people, or an administrator acting for it. */
export const dashboardPriceSource = (user: Pick<SessionUser, "isAdmin">): PriceSource => (user.isAdmin ? "admin" : "dashboard");

/** At most this many entries are read for one package (ten years of monthly changes). */
export const PRICE_HISTORY_LIMIT = 120;

/**
 * The price history of a public package, oldest first: when it was recorded or created, each
 * change of its prices, its withdrawal and return to sale. E_NOT_FOUND for a package that is not
 * public (as its page).
 */
export async function getPriceHistory(app: Pick<AppContext, "db">, opts: { packageId: unknown; now?: Date }): Promise<PriceChange[]> {
  const packageId = parsePackageId(opts.packageId);
  if (!(await isPublicPackage(app, packageId, { now: opts.now }))) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  return readPriceHistory(app.db, packageId);
}

/** The stored history of one package, oldest first, its last PRICE_HISTORY_LIMIT entries (no visibility check: the caller's). */
export async function readPriceHistory(db: Database, packageId: number): Promise<PriceChange[]> {
  const t = packagePriceChanges;
  const rows = await db
    .select({
      changedAt: t.changedAt,
      kind: t.kind,
      source: t.source,
      onSale: t.onSale,
      priceKurus: t.priceKurus,
      commitmentMonths: t.commitmentMonths,
      commitmentPriceKurus: t.commitmentPriceKurus,
      introMonths: t.introMonths,
      introPriceKurus: t.introPriceKurus,
      priceAfterCommitmentKurus: t.priceAfterCommitmentKurus,
      modemRentalKurus: t.modemRentalKurus,
      activationFeeKurus: t.activationFeeKurus,
      monthlyPriceKurus: t.monthlyPriceKurus,
    })
    .from(t)
    .where(eq(t.packageId, packageId))
    .orderBy(desc(t.changedAt), desc(t.id))
    .limit(PRICE_HISTORY_LIMIT);
  return rows.reverse().map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
}

/** How many of a company's price changes its page lists (the newest). */
export const COMPANY_PRICE_CHANGES_SHOWN = 20;
/** The window of "whose price rose": the last 12 months. */
const RISE_WINDOW_MS = 365 * 86_400_000;

/**
 * Each history entry of the packages `where` selects (price changes joined with their package and
 * company), with the headline monthly price after it and the one before it (the previous entry's),
 * as a CTE named "history"; and the condition of an entry that moved that price.
 */
function monthlySteps(db: Database, where: SQL | undefined) {
  const c = packagePriceChanges;
  const history = db.$with("history").as(
    db
      .select({
        packageId: c.packageId,
        changedAt: c.changedAt,
        id: c.id,
        kind: c.kind,
        afterKurus: sql<number>`${c.monthlyPriceKurus}`.as("after_kurus"),
        beforeKurus: sql<number | null>`lag(${c.monthlyPriceKurus}) over (partition by ${c.packageId} order by ${c.changedAt}, ${c.id})`.as("before_kurus"),
      })
      .from(c)
      .innerJoin(packages, eq(packages.id, c.packageId))
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(where),
  );
  const moved = and(eq(history.kind, "changed"), isNotNull(history.beforeKurus), sql`${history.afterKurus} <> ${history.beforeKurus}`);
  return { history, moved };
}

/**
 * A company's record on prices (issue 23), for its packages page and the API: its newest changes
 * of a package's headline monthly price (each with the price before it), and how many of its
 * packages on sale had a price rise in the last 12 months. Public packages only (the tariff
 * archive included for the changes).
 */
export async function companyPriceRecord(
  app: Pick<AppContext, "db">,
  opts: { companyId: number; now?: Date },
): Promise<{ changes: CompanyPriceChange[]; onSale: number; risenInYear: number }> {
  const now = opts.now ?? new Date();
  const { history, moved } = monthlySteps(app.db, and(eq(packages.companyId, opts.companyId), publicPackage(now, true)));
  const rows = await app.db
    .with(history)
    .select({ packageId: history.packageId, title: packages.title, slug: packages.slug, changedAt: history.changedAt, beforeKurus: history.beforeKurus, afterKurus: history.afterKurus })
    .from(history)
    .innerJoin(packages, eq(packages.id, history.packageId))
    .where(moved)
    .orderBy(desc(history.changedAt), desc(history.packageId))
    .limit(COMPANY_PRICE_CHANGES_SHOWN);
  const rise = await companyPriceRise(app, opts);
  return {
    changes: rows.map((r) => ({ ...r, beforeKurus: Number(r.beforeKurus), afterKurus: Number(r.afterKurus), changedAt: new Date(r.changedAt).toISOString() })),
    ...rise,
  };
}

/**
 * How many of a company's packages are on sale, and how many of those had a rise of their monthly
 * price in the last 12 months (its profile's line, and part of companyPriceRecord).
 */
export async function companyPriceRise(app: Pick<AppContext, "db">, opts: { companyId: number; now?: Date }): Promise<{ onSale: number; risenInYear: number }> {
  const now = opts.now ?? new Date();
  const { history } = monthlySteps(app.db, and(eq(packages.companyId, opts.companyId), publicPackage(now, false)));
  const since = new Date(now.getTime() - RISE_WINDOW_MS).toISOString();
  const [counts] = await app.db
    .with(history)
    .select({
      risen: sql<number>`count(distinct ${history.packageId}) filter (where ${history.kind} = 'changed' and ${history.afterKurus} > ${history.beforeKurus} and ${history.changedAt} > ${since}::timestamptz)`.mapWith(Number),
      onSale: sql<number>`(select count(*) from ${packages} where ${packages.companyId} = ${opts.companyId} and ${packages.withdrawnAt} is null)`.mapWith(Number),
    })
    .from(history);
  return { onSale: counts?.onSale ?? 0, risenInYear: counts?.risen ?? 0 };
}

/** companyPriceRecord of the published company with this slug; E_NOT_FOUND for none (the API's call). */
export async function getCompanyPriceRecord(app: Pick<AppContext, "db">, opts: { slug: unknown; now?: Date }) {
  const company = await findPublishedCompany(app.db, opts.slug);
  return companyPriceRecord(app, { companyId: company.id, now: opts.now });
}

/** The last change of each package's headline monthly price (with the price before it), by id; packages without one are left out. */
export async function lastPriceChanges(db: Database, packageIds: number[]): Promise<Map<number, LastPriceChange>> {
  if (packageIds.length === 0) return new Map();
  // Compare asks for these packages once it has found them public.
  const { history, moved } = monthlySteps(db, inArray(packagePriceChanges.packageId, packageIds));
  const rows = await db
    .with(history)
    .selectDistinctOn([history.packageId], { packageId: history.packageId, changedAt: history.changedAt, beforeKurus: history.beforeKurus, afterKurus: history.afterKurus })
    .from(history)
    .where(moved)
    .orderBy(history.packageId, desc(history.changedAt), desc(history.id));
  return new Map(rows.map((r) => [r.packageId, { changedAt: new Date(r.changedAt).toISOString(), beforeKurus: Number(r.beforeKurus), afterKurus: Number(r.afterKurus) }]));
}
