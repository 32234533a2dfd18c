import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppContext, SessionUser } from "../core/app-context";
import type { PriceChange } from "../../common/package-types";
import { packagePriceChanges, type PriceSource } from "./schema";

export type { PriceChange };
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
