import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { PackageCard } from "../../common/package-types";
import { SERVICE_KINDS, type ServiceKind } from "../../common/packages";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { leads } from "../leads/schema";
import { packages } from "./schema";
import { cardColumns, publicPackage, toCard } from "./package-card";

/**
 * The home page's popular packages, one tab per kind (internet, hosting, server, TV): the most
 * requested of the last 90 days (subscription and call-me requests), then the lowest monthly
 * price. Sponsorship only labels a card; it never puts one here.
 */
export async function popularPackages(app: Pick<AppContext, "db">, opts: { kind: ServiceKind; limit?: number; now?: Date }): Promise<PackageCard[]> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const requests = sql<number>`(SELECT count(*) FROM ${leads} WHERE ${leads.packageId} = ${packages.id} AND ${leads.createdAt} > ${since.toISOString()}::timestamptz)`;
  const rows = await app.db
    .select(cardColumns)
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(publicPackage(now, false), eq(packages.serviceKind, opts.kind)))
    .orderBy(desc(requests), asc(packages.monthlyPriceKurus), asc(packages.id))
    .limit(Math.min(opts.limit ?? 6, 24));
  return rows.map((r) => toCard(r, now));
}

/** The tab a home page URL asks for (`?paket=hosting`), internet by default. */
export function popularTab(value: string | null): ServiceKind {
  return SERVICE_KINDS.find((k) => k === value) ?? "internet";
}
