import { and, eq, sql } from "drizzle-orm";
import { packageInputSchema } from "../../common/forms/packages";
import { requireCorporate, type Actor } from "../accounts/permissions";
import type { AppContext } from "../app-context";
import { companies, packageProvinces, packages } from "../db/schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { insertPackage, replacePackage } from "./write-package";

/**
 * The dashboard's package services (screens isletme/paketler/…): only the company's owner or an
 * administrator; ownership is part of the WHERE, so another company's package never loads.
 * Add and update failures keep the spec's messages ("url not unique", add/update failure).
 */

async function assertOwner(app: Pick<AppContext, "db">, actor: Actor, companyId: number): Promise<void> {
  const user = requireCorporate(actor);
  const [row] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .where(user.isAdmin ? eq(companies.id, companyId) : and(eq(companies.id, companyId), eq(companies.ownerId, user.id)));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");
}

export async function createCompanyPackage(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number; input: unknown }): Promise<number> {
  await assertOwner(app, actor, opts.companyId);
  const input = parseInput(packageInputSchema, opts.input);
  return app.db.transaction((tx) => insertPackage(tx, opts.companyId, input));
}

export async function updateCompanyPackage(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number; packageId: number; input: unknown }): Promise<void> {
  await assertOwner(app, actor, opts.companyId);
  const input = parseInput(packageInputSchema, opts.input);
  await app.db.transaction((tx) => replacePackage(tx, opts.companyId, opts.packageId, input));
}

/** Withdraws a package from sale (it stays visible, marked, for two years) or puts it back on sale. */
export async function setPackageWithdrawn(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number; packageId: number; withdrawn: boolean }): Promise<void> {
  await assertOwner(app, actor, opts.companyId);
  const updated = await app.db
    .update(packages)
    .set({ withdrawnAt: opts.withdrawn ? sql`coalesce(${packages.withdrawnAt}, now())` : null, updatedAt: new Date() })
    .where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)))
    .returning({ id: packages.id });
  if (!updated.length) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
}

/** A copy of a package under a free url ("…-kopya", "…-kopya-2" …), to edit into a new one. */
export async function duplicateCompanyPackage(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number; packageId: number }): Promise<number> {
  await assertOwner(app, actor, opts.companyId);
  return app.db.transaction(async (tx) => {
    const [source] = await tx.select().from(packages).where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)));
    if (!source) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
    const taken = new Set((await tx.select({ slug: packages.slug }).from(packages).where(eq(packages.companyId, opts.companyId))).map((r) => r.slug));
    let slug = `${source.slug}-kopya`.slice(0, 140);
    for (let n = 2; taken.has(slug); n++) slug = `${source.slug}-kopya-${n}`.slice(0, 140);
    const { id: _id, createdAt: _c, updatedAt: _u, withdrawnAt: _w, sponsoredFrom: _sf, sponsoredUntil: _su, reviewCount: _rc, reviewScoreSum: _rs, ...terms } = source;
    void [_id, _c, _u, _w, _sf, _su, _rc, _rs];
    const [row] = await tx.insert(packages).values({ ...terms, slug, isDemo: false }).returning({ id: packages.id });
    const provinces = await tx.select().from(packageProvinces).where(eq(packageProvinces.packageId, source.id));
    if (provinces.length) await tx.insert(packageProvinces).values(provinces.map((p) => ({ packageId: row!.id, provinceCode: p.provinceCode })));
    return row!.id;
  });
}
