import { and, asc, eq, sql } from "drizzle-orm";
import { packageInputSchema } from "../../common/forms/packages";
import { requireCorporate, type Actor } from "../accounts";
import type { AppContext } from "../core/app-context";
import { companiesOwnedBy } from "../companies";
import { companies } from "../companies/schema";
import { packageProvinces, packages } from "./schema";
import { AppError } from "../platform/app-error";
import type { ImageStoreContext } from "../platform/images";
import { parseInput } from "../platform/validate";
import { packageNameColumns } from "./package-card";
import { copyPackageImage, removePackageImage, type PackageImageChange } from "./package-image";
import { dashboardPriceSource, recordPricesAs } from "./price-history";
import { insertPackage, replacePackage } from "./write-package";

/**
 * The dashboard's package services (screens isletme/paketler/…): only the company's owner or an
 * administrator; ownership is part of the WHERE, so another company's package never loads.
 * Add and update failures keep the spec's messages ("url not unique", add/update failure).
 */

/** The company the actor manages (its own, or any for an administrator); E_NOT_FOUND otherwise. */
async function assertOwner(app: Pick<AppContext, "db">, actor: Actor, companyId: number): Promise<ManagedCompany> {
  const user = requireCorporate(actor);
  const [row] = await app.db
    .select({ id: companies.id, name: companies.name, slug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId, publishState: companies.publishState })
    .from(companies)
    .where(companiesOwnedBy(user, eq(companies.id, companyId)));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");
  return row;
}

export interface ManagedCompany {
  id: number;
  name: string;
  slug: string;
  typeId: number;
  subTypeId: number | null;
  publishState: string;
}

/** A row of the dashboard's package list. */
export interface ManagedPackageRow {
  id: number;
  title: string;
  slug: string;
  serviceKind: (typeof packages.$inferSelect)["serviceKind"];
  technology: (typeof packages.$inferSelect)["technology"];
  downloadMbps: number | null;
  uploadMbps: number | null;
  priceKurus: number;
  monthlyPriceKurus: number;
  commitmentMonths: number;
  priceConfirmedOn: string;
  withdrawnAt: Date | null;
  isDemo: boolean;
  /** The stored image's file name (packageImageUrl), or null. */
  image: string | null;
}

/** Every package of a company the actor manages, on sale first, withdrawn ones (of any age) after. */
export async function listManagedPackages(
  app: Pick<AppContext, "db">,
  actor: Actor,
  opts: { companyId: number },
): Promise<{ company: ManagedCompany; packages: ManagedPackageRow[] }> {
  const company = await assertOwner(app, actor, opts.companyId);
  const rows = await app.db
    .select({
      ...packageNameColumns,
      priceKurus: packages.priceKurus,
      monthlyPriceKurus: packages.monthlyPriceKurus,
      commitmentMonths: packages.commitmentMonths,
      priceConfirmedOn: packages.priceConfirmedOn,
      withdrawnAt: packages.withdrawnAt,
      isDemo: packages.isDemo,
      image: packages.image,
    })
    .from(packages)
    .where(eq(packages.companyId, opts.companyId))
    .orderBy(sql`${packages.withdrawnAt} IS NOT NULL`, asc(packages.title), asc(packages.id))
    .limit(1000);
  return { company, packages: rows };
}

/** One package of a company the actor manages, every stored term and its provinces (the edit form). */
export async function getManagedPackage(
  app: Pick<AppContext, "db">,
  actor: Actor,
  opts: { companyId: number; packageId: number },
): Promise<{ company: ManagedCompany; package: typeof packages.$inferSelect; provinces: number[] }> {
  const company = await assertOwner(app, actor, opts.companyId);
  const [row] = await app.db.select().from(packages).where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  const provinces = (await app.db.select({ code: packageProvinces.provinceCode }).from(packageProvinces).where(eq(packageProvinces.packageId, row.id)))
    .map((r) => r.code)
    .sort((a, b) => a - b);
  return { company, package: row, provinces };
}

/** The company the actor manages (the new-package form's heading). */
export async function getManagedCompany(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number }): Promise<ManagedCompany> {
  return assertOwner(app, actor, opts.companyId);
}

/**
 * A new package of a company the actor manages. `image`: the name of an image the caller has
 * already stored (storePackageImage); the caller removes it if this fails.
 */
export async function createCompanyPackage(
  app: Pick<AppContext, "db" | "pageCache">,
  actor: Actor,
  opts: { companyId: number; input: unknown; image?: string | null },
): Promise<number> {
  await assertOwner(app, actor, opts.companyId);
  const input = parseInput(packageInputSchema, opts.input);
  const id = await app.db.transaction(async (tx) => {
    await recordPricesAs(tx, dashboardPriceSource(actor.user!));
    return insertPackage(tx, opts.companyId, input, { image: opts.image ?? null });
  });
  // The kept package searches and home sections (decision 016) show the change at once.
  app.pageCache.clear();
  return id;
}

/**
 * Replaces every term of a package of a company the actor manages, and its image as `image`
 * says (kept when not given: the JSON API never changes it). A replaced or removed image's file
 * is deleted once the change is committed; a new one stays the caller's to remove on failure.
 */
export async function updateCompanyPackage(
  app: Pick<AppContext, "db" | "pageCache"> & ImageStoreContext,
  actor: Actor,
  opts: { companyId: number; packageId: number; input: unknown; image?: PackageImageChange },
): Promise<void> {
  await assertOwner(app, actor, opts.companyId);
  const input = parseInput(packageInputSchema, opts.input);
  const change = opts.image ?? { kind: "keep" };
  const replaced = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ image: packages.image })
      .from(packages)
      .where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
    await recordPricesAs(tx, dashboardPriceSource(actor.user!));
    await replacePackage(tx, opts.companyId, opts.packageId, input);
    if (change.kind === "keep") return null;
    const image = change.kind === "new" ? change.name : null;
    await tx.update(packages).set({ image }).where(eq(packages.id, opts.packageId));
    return current.image !== image ? current.image : null;
  });
  app.pageCache.clear();
  await removePackageImage(app, replaced);
}

/** Withdraws a package from sale (it stays visible, marked, for two years) or puts it back on sale. */
export async function setPackageWithdrawn(app: Pick<AppContext, "db" | "pageCache">, actor: Actor, opts: { companyId: number; packageId: number; withdrawn: boolean }): Promise<void> {
  await assertOwner(app, actor, opts.companyId);
  const updated = await app.db.transaction(async (tx) => {
    await recordPricesAs(tx, dashboardPriceSource(actor.user!));
    return tx
      .update(packages)
      .set({ withdrawnAt: opts.withdrawn ? sql`coalesce(${packages.withdrawnAt}, now())` : null, updatedAt: new Date() })
      .where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)))
      .returning({ id: packages.id });
  });
  if (!updated.length) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  app.pageCache.clear();
}

/** A copy of a package under a free url ("…-kopya", "…-kopya-2" …), to edit into a new one; its image is copied too (a file of its own). */
export async function duplicateCompanyPackage(
  app: Pick<AppContext, "db" | "pageCache"> & ImageStoreContext,
  actor: Actor,
  opts: { companyId: number; packageId: number },
): Promise<number> {
  await assertOwner(app, actor, opts.companyId);
  let copiedImage: string | null = null;
  try {
    const id = await app.db.transaction(async (tx) => {
      await recordPricesAs(tx, dashboardPriceSource(actor.user!));
      const [source] = await tx.select().from(packages).where(and(eq(packages.id, opts.packageId), eq(packages.companyId, opts.companyId)));
      if (!source) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
      const taken = new Set((await tx.select({ slug: packages.slug }).from(packages).where(eq(packages.companyId, opts.companyId))).map((r) => r.slug));
      let slug = `${source.slug}-kopya`.slice(0, 140);
      for (let n = 2; taken.has(slug); n++) slug = `${source.slug}-kopya-${n}`.slice(0, 140);
      const { id: _id, createdAt: _c, updatedAt: _u, withdrawnAt: _w, sponsoredFrom: _sf, sponsoredUntil: _su, reviewCount: _rc, reviewScoreSum: _rs, image, ...terms } = source;
      void [_id, _c, _u, _w, _sf, _su, _rc, _rs];
      // Each package owns its file: removing the copy's image must never take the original's.
      copiedImage = image ? await copyPackageImage(app, image) : null;
      const [row] = await tx.insert(packages).values({ ...terms, slug, isDemo: false, image: copiedImage }).returning({ id: packages.id });
      const provinces = await tx.select().from(packageProvinces).where(eq(packageProvinces.packageId, source.id));
      if (provinces.length) await tx.insert(packageProvinces).values(provinces.map((p) => ({ packageId: row!.id, provinceCode: p.provinceCode })));
      return row!.id;
    });
    app.pageCache.clear();
    return id;
  } catch (err) {
    await removePackageImage(app, copiedImage);
    throw err;
  }
}
