import { and, asc, eq, sql } from "drizzle-orm";
import type { PackageCard } from "../../common/package-types";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import { cardColumns, publicPackage, toCard } from "./package-card";

/**
 * A published company's packages for its /paketler page (PackageList): on sale first by monthly
 * price, then those withdrawn in the last two years (marked, the tariff archive).
 */
export async function listCompanyPackages(app: Pick<AppContext, "db">, opts: { companyId: number; now?: Date }): Promise<PackageCard[]> {
  const now = opts.now ?? new Date();
  const rows = await app.db
    .select(cardColumns)
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.companyId, opts.companyId), publicPackage(now, true)))
    .orderBy(sql`${packages.withdrawnAt} IS NOT NULL`, asc(packages.monthlyPriceKurus), asc(packages.id))
    .limit(500);
  return rows.map((r) => toCard(r, now));
}
