import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../core/app-context";
import { packageProvinces, packages } from "../packages/schema";
import { companies, companyProvinces } from "./schema";

/**
 * What "a company serves a province" means, once, for the company lists, the profile, the
 * sitemap and the answer page's packages (decision 023): the company says so (the whole country,
 * or the province among its profile's provinces), or one of its packages on sale reaches the
 * province (the package serves every city, or lists the province). A person shown a company's
 * package at a flat finds the company in that city's list and the city on its profile.
 */

/** A package reaches the province: it serves every city, or lists this one. */
export function packageReachesProvince(code: number): SQL {
  // An uncorrelated IN list, which PostgreSQL reads once and looks up in a hash (a correlated
  // EXISTS was a probe per package, and per count in the facet scan: 0.6 s for 100,000 packages).
  return sql`(${packages.servesAllCities} OR ${packages.id} IN (SELECT ${packageProvinces.packageId} FROM ${packageProvinces} WHERE ${packageProvinces.provinceCode} = ${code}))`;
}

/** A package on sale (not withdrawn); its company's publication is the caller's condition. */
const onSale = isNull(packages.withdrawnAt);

/** The company (of the query's `companies` row) serves the province. */
export function companyServesProvince(code: number): SQL {
  return sql`(${companies.servesWholeCountry}
    OR ${companies.id} IN (SELECT ${companyProvinces.companyId} FROM ${companyProvinces} WHERE ${companyProvinces.provinceCode} = ${code})
    OR ${companies.id} IN (SELECT ${packages.companyId} FROM ${packages} WHERE ${onSale} AND ${packageReachesProvince(code)}))`;
}

export interface ProvincesServed {
  wholeCountry: boolean;
  /** Plate codes, ascending (empty when `wholeCountry`). */
  codes: number[];
}

/**
 * The provinces each company serves, by the same rule as companyServesProvince: for one profile
 * or for every company (the sitemap). Companies without a row serve nothing.
 */
export async function provincesServed(app: Pick<AppContext, "db">, companyIds?: number[]): Promise<Map<number, ProvincesServed>> {
  const only = (column: typeof companies.id | typeof companyProvinces.companyId | typeof packages.companyId) =>
    companyIds === undefined ? undefined : inArray(column, companyIds.length ? companyIds : [-1]);
  const [own, listed, whole, reached] = await Promise.all([
    app.db.select({ id: companies.id, whole: companies.servesWholeCountry }).from(companies).where(only(companies.id)),
    app.db.select({ id: companyProvinces.companyId, code: companyProvinces.provinceCode }).from(companyProvinces).where(only(companyProvinces.companyId)),
    app.db
      .selectDistinct({ id: packages.companyId })
      .from(packages)
      .where(and(onSale, eq(packages.servesAllCities, true), only(packages.companyId))),
    app.db
      .selectDistinct({ id: packages.companyId, code: packageProvinces.provinceCode })
      .from(packageProvinces)
      .innerJoin(packages, eq(packages.id, packageProvinces.packageId))
      .where(and(onSale, only(packages.companyId))),
  ]);
  const wholeIds = new Set([...own.filter((r) => r.whole).map((r) => r.id), ...whole.map((r) => r.id)]);
  const codes = new Map<number, Set<number>>(own.map((r) => [r.id, new Set<number>()]));
  for (const r of [...listed, ...reached]) codes.get(r.id)?.add(r.code);
  return new Map(
    [...codes].map(([id, set]) => [id, wholeIds.has(id) ? { wholeCountry: true, codes: [] } : { wholeCountry: false, codes: [...set].sort((a, b) => a - b) }]),
  );
}
