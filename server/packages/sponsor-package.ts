import { and, eq } from "drizzle-orm";
import { sponsorshipSchema } from "../../common/forms/company-edit";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { parseDashboardId } from "./dashboard-ids";

const DAY = 86_400_000;

/** The audit log's actions of a package's sponsorship (admin page: admin.audit.actions.package_sponsor …). */
export const PACKAGE_AUDIT = {
  sponsor: "package.sponsor",
  unsponsor: "package.unsponsor",
} as const;

/**
 * A package's sponsored period (`packages.sponsored_from`/`sponsored_until`): a label only, set by
 * an administrator. It never changes which packages a filter returns nor their order
 * (search-packages.ts sorts by the terms alone); the cards and the package page show the label
 * while the period runs. A package has one period: setting a new one replaces it (the audit log
 * keeps every one that was set).
 */
export interface PackageSponsorship {
  packageId: number;
  companyId: number;
  title: string;
  /** The stored period, or null; `endsAt` is exclusive (the first moment the label is gone). */
  period: { startsAt: Date; endsAt: Date } | null;
}

/**
 * The package with this id (and, from a dashboard path, of this company): a forged or unknown id,
 * and a package of another company than the path's, answer the same 404.
 */
async function findPackage(db: AppContext["db"], opts: { packageId: unknown; companyId?: unknown }, lock = false) {
  const id = parseDashboardId(opts.packageId, "package");
  const companyId = opts.companyId === undefined ? undefined : parseDashboardId(opts.companyId, "package");
  const query = db
    .select({
      id: packages.id,
      companyId: packages.companyId,
      title: packages.title,
      withdrawnAt: packages.withdrawnAt,
      sponsoredFrom: packages.sponsoredFrom,
      sponsoredUntil: packages.sponsoredUntil,
      ownerId: companies.ownerId,
    })
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.id, id), companyId === undefined ? undefined : eq(packages.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: packages }) : await query;
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  return row;
}

function periodOf(row: { sponsoredFrom: Date | null; sponsoredUntil: Date | null }): PackageSponsorship["period"] {
  return row.sponsoredFrom && row.sponsoredUntil ? { startsAt: row.sponsoredFrom, endsAt: row.sponsoredUntil } : null;
}

/** A package's sponsored period (administrators only: 403 for anyone else before the id is read). */
export async function getPackageSponsorship(app: Pick<AppContext, "db">, opts: { actor: Actor; packageId: unknown; companyId?: unknown }): Promise<PackageSponsorship> {
  requireAdmin(opts.actor);
  const row = await findPackage(app.db, opts);
  return { packageId: row.id, companyId: row.companyId, title: row.title, period: periodOf(row) };
}

/**
 * Marks a package sponsored from the start of `from` to the end of `until` (UTC days, `until`
 * inclusive), replacing the period it had. A withdrawn package is never offered, so it is not
 * labelled either (E_CONFLICT). Audit-logged; the kept searches and home sections are cleared.
 */
export async function sponsorPackage(
  app: Pick<AppContext, "db" | "pageCache">,
  opts: { actor: Actor; packageId: unknown; companyId?: unknown; input: unknown },
): Promise<{ startsAt: Date; endsAt: Date }> {
  const admin = requireAdmin(opts.actor);
  // The path's ids first: a forged one is a 404 whatever the body holds.
  parseDashboardId(opts.packageId, "package");
  if (opts.companyId !== undefined) parseDashboardId(opts.companyId, "package");
  const { from, until } = parseInput(sponsorshipSchema, opts.input);
  const startsAt = new Date(`${from}T00:00:00Z`);
  const endsAt = new Date(new Date(`${until}T00:00:00Z`).getTime() + DAY);
  const result = await app.db.transaction(async (tx) => {
    const row = await findPackage(tx, opts, true);
    if (row.withdrawnAt) throw new AppError("E_CONFLICT", "packages.sponsor.withdrawn");
    await tx.update(packages).set({ sponsoredFrom: startsAt, sponsoredUntil: endsAt }).where(eq(packages.id, row.id));
    await writeAudit(tx, { actorId: admin.id, action: PACKAGE_AUDIT.sponsor, targetUserId: row.ownerId, details: { packageId: row.id, companyId: row.companyId, from, until } });
    return { startsAt, endsAt };
  });
  // Searches are kept in the page cache (decision 016): the label shows at once.
  app.pageCache.clear();
  return result;
}

/**
 * Ends a package's sponsorship now: a running period ends at this moment ("ended"), one that has
 * not started is removed ("removed"). E_CONFLICT when the period is over or there is none.
 */
export async function endPackageSponsorship(
  app: Pick<AppContext, "db" | "pageCache">,
  opts: { actor: Actor; packageId: unknown; companyId?: unknown; now?: Date },
): Promise<{ outcome: "ended" | "removed" }> {
  const admin = requireAdmin(opts.actor);
  const now = opts.now ?? new Date();
  const result = await app.db.transaction(async (tx) => {
    const row = await findPackage(tx, opts, true);
    const period = periodOf(row);
    if (!period || period.endsAt <= now) throw new AppError("E_CONFLICT", "packages.sponsor.notSponsored");
    // Not started yet (or starting this very moment, which cannot end at its start): removed.
    const outcome = period.startsAt >= now ? "removed" : "ended";
    await tx
      .update(packages)
      .set(outcome === "removed" ? { sponsoredFrom: null, sponsoredUntil: null } : { sponsoredUntil: now })
      .where(eq(packages.id, row.id));
    await writeAudit(tx, { actorId: admin.id, action: PACKAGE_AUDIT.unsponsor, targetUserId: row.ownerId, details: { packageId: row.id, companyId: row.companyId, outcome } });
    return { outcome } as const;
  });
  app.pageCache.clear();
  return result;
}
