import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { corporateTypes } from "../../common/corporate-types";
import type { Technology } from "../../common/packages";
import { compareTr } from "../../common/text";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { AppError } from "../platform/app-error";

/** The corporate type of internet providers (its sub types: wired, mobile and free internet). */
const INTERNET_TYPE_ID = corporateTypes.find((t) => t.key === "internet_infrastructure")!.id;

/** Most providers listed (the FAQ speaks of 300+ in Turkey). */
const MAX_PROVIDERS = 2000;
/** Most packages listed for one provider. */
const MAX_PACKAGES = 300;

/** An internet package on sale: what "compared with your package" can take its promised speeds from. */
function internetPackageOnSale(): SQL {
  return sql`${packages.serviceKind} = 'internet' AND ${packages.withdrawnAt} IS NULL`;
}

/**
 * An internet provider a person can name for a speed test: a published company in the internet
 * category, or one with an internet package on sale (whatever its category). The same rule
 * lists the choices and checks a stored result's company.
 */
function internetProvider(): SQL {
  return sql`${companies.publishState} = 'published' AND (${companies.typeId} = ${INTERNET_TYPE_ID} OR EXISTS (SELECT 1 FROM ${packages} WHERE ${packages.companyId} = ${companies.id} AND ${internetPackageOnSale()}))`;
}

export interface ProviderChoice {
  id: number;
  name: string;
  isDemo: boolean;
}

export interface PackageChoice {
  id: number;
  title: string;
  technology: Technology | null;
  /** The promised ("up to") speeds, Mbit/s; null where the package does not say. */
  downloadMbps: number | null;
  uploadMbps: number | null;
  isDemo: boolean;
}

/**
 * The internet providers to pick from on the speed test page, in Turkish alphabetical order
 * (GET /api/v1/speedtest/providers). Kept in the short page cache: every visitor sees the same.
 */
export async function listSpeedtestProviders(app: Pick<AppContext, "db" | "pageCache">): Promise<ProviderChoice[]> {
  return app.pageCache.get("speedtest:providers", async () => {
    const rows = await app.db
      .select({ id: companies.id, name: companies.name, isDemo: companies.isDemo })
      .from(companies)
      .where(internetProvider())
      .limit(MAX_PROVIDERS);
    return rows.sort((a, b) => compareTr(a.name, b.name) || a.id - b.id);
  });
}

/**
 * A provider's internet packages on sale, slowest first (GET /api/v1/speedtest/providers/{id}/packages).
 * E_NOT_FOUND when the id is not an internet provider's.
 */
export async function listProviderPackages(app: Pick<AppContext, "db">, opts: { companyId: number }): Promise<PackageChoice[]> {
  const [company] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, opts.companyId), internetProvider()));
  if (!company) throw new AppError("E_NOT_FOUND", "speedtest.errors.providerNotFound");
  return app.db
    .select({
      id: packages.id,
      title: packages.title,
      technology: packages.technology,
      downloadMbps: packages.downloadMbps,
      uploadMbps: packages.uploadMbps,
      isDemo: packages.isDemo,
    })
    .from(packages)
    .where(and(eq(packages.companyId, company.id), internetPackageOnSale()))
    .orderBy(sql`${packages.downloadMbps} ASC NULLS LAST`, asc(packages.title), asc(packages.id))
    .limit(MAX_PACKAGES);
}

export interface ChosenProvider {
  company: { id: number; name: string };
  /** With the package's promised speeds, which replace any typed ones. */
  package: { id: number; downloadMbps: number | null; uploadMbps: number | null } | null;
}

/**
 * Checks what a person chose for a result (server/speedtest/save-result.ts): the company must be
 * an internet provider, and the package one of its internet packages on sale. Anything else (an
 * unknown id, a hosting company, another company's package, a withdrawn or TV package) is
 * E_VALIDATION on that field.
 */
export async function checkChosenProvider(
  app: Pick<AppContext, "db">,
  opts: { companyId: number; packageId: number | null },
): Promise<ChosenProvider> {
  const [company] = await app.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, opts.companyId), internetProvider()));
  if (!company) throw new AppError("E_VALIDATION", "speedtest.errors.company", { fieldErrors: { companyId: { key: "speedtest.errors.company" } } });
  if (opts.packageId === null) return { company, package: null };
  const [pkg] = await app.db
    .select({ id: packages.id, downloadMbps: packages.downloadMbps, uploadMbps: packages.uploadMbps })
    .from(packages)
    .where(and(eq(packages.id, opts.packageId), eq(packages.companyId, company.id), eq(packages.serviceKind, "internet"), isNull(packages.withdrawnAt)));
  if (!pkg) throw new AppError("E_VALIDATION", "speedtest.errors.package", { fieldErrors: { packageId: { key: "speedtest.errors.package" } } });
  return { company, package: pkg };
}
