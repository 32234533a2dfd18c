import { contentFields } from "../../common/forms/company-edit";
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CompanyPublishState } from "../../common/companies";
import type { AppContext } from "../core/app-context";
import type { Database } from "../db/client";
import { users } from "../accounts/schema";
import { companies, companyProvinces, companyRevisions, companyServices } from "./schema";
import { requireCorporate, type Actor } from "../accounts";
import type { SessionUser } from "../core/app-context";
import { AppError } from "../platform/app-error";
import type { CompanyEditableFields } from "./types";

/** Whose companies a query reaches: every one (an administrator) or one owner's. */
export interface OwnerScope {
  userId: number;
  all: boolean;
}

const scopeOf = (who: Pick<SessionUser, "id" | "isAdmin"> | OwnerScope): OwnerScope =>
  "userId" in who ? who : { userId: who.id, all: who.isAdmin };

/**
 * The one owner check: the owner-scoped `where` of every query on companies. An administrator
 * reaches every company, a corporate user only its own. Goes into the query itself, so no other
 * row is read.
 */
export function companiesOwnedBy(who: Pick<SessionUser, "id" | "isAdmin"> | OwnerScope, extra?: SQL): SQL | undefined {
  const scope = scopeOf(who);
  const own = scope.all ? undefined : eq(companies.ownerId, scope.userId);
  return own && extra ? and(own, extra) : (own ?? extra);
}

/**
 * The same check for rows that point at a company (leads, reviews, packages): `column` holds a
 * company id the owner has. Undefined (no condition) for an administrator.
 */
export function ownedCompanyColumn(who: Pick<SessionUser, "id" | "isAdmin"> | OwnerScope, column: AnyColumn): SQL | undefined {
  const scope = scopeOf(who);
  if (scope.all) return undefined;
  return inArray(column, sql`(SELECT ${companies.id} FROM ${companies} WHERE ${companies.ownerId} = ${scope.userId})`);
}

/** A forged id, a deleted company and another owner's company answer the same. */
export const companyNotFound = () => new AppError("E_NOT_FOUND", "companyAdmin.errors.notFound");

/** Parses a company id from a path or form field; anything but a positive integer is "not found". */
export function parseCompanyId(value: unknown): number {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!/^[1-9]\d{0,8}$/.test(s)) throw companyNotFound();
  return Number(s);
}

export interface OwnCompanyRow {
  id: number;
  name: string;
  slug: string;
  typeId: number;
  subTypeId: number | null;
  publishState: CompanyPublishState;
  /** An edit of the published version waits for an administrator. */
  editPending: boolean;
  rejectReason: string | null;
  ownerName: string | null;
  isDemo: boolean;
  updatedAt: Date;
}

/** The dashboard's company list: the user's own companies (all for an administrator), newest change first. */
export async function listOwnCompanies(app: Pick<AppContext, "db">, opts: { actor: Actor }): Promise<OwnCompanyRow[]> {
  const user = requireCorporate(opts.actor);
  const rows = await app.db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
      publishState: companies.publishState,
      rejectReason: companies.rejectReason,
      ownerName: users.fullName,
      isDemo: companies.isDemo,
      updatedAt: companies.updatedAt,
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(companiesOwnedBy(user))
    .orderBy(desc(companies.updatedAt), desc(companies.id))
    .limit(500);
  const pending = rows.length
    ? await app.db
        .select({ companyId: companyRevisions.companyId })
        .from(companyRevisions)
        .where(and(eq(companyRevisions.state, "pending"), inArray(companyRevisions.companyId, rows.map((r) => r.id))))
    : [];
  const waiting = new Set(pending.map((p) => p.companyId));
  return rows.map((r) => ({ ...r, editPending: waiting.has(r.id) }));
}

/** The live version's editable fields (columns, services in order, provinces served). */
export async function liveCompanyFields(db: Pick<Database, "select">, companyId: number): Promise<(CompanyEditableFields & { publishState: CompanyPublishState; ownerId: number | null; name: string; slug: string; rejectReason: string | null }) | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) return null;
  const services = await db
    .select({ name: companyServices.name, description: companyServices.description, logo: companyServices.logo })
    .from(companyServices)
    .where(eq(companyServices.companyId, companyId))
    .orderBy(asc(companyServices.position));
  const provinces = await db
    .select({ code: companyProvinces.provinceCode })
    .from(companyProvinces)
    .where(eq(companyProvinces.companyId, companyId))
    .orderBy(asc(companyProvinces.provinceCode));
  return {
    name: row.name,
    slug: row.slug,
    typeId: row.typeId,
    subTypeId: row.subTypeId,
    logo: row.logo,
    country: row.country as CompanyEditableFields["country"],
    provinceCode: row.provinceCode,
    ...contentFields(row),
    servesWholeCountry: row.servesWholeCountry,
    provinces: provinces.map((p) => p.code),
    services,
    publishState: row.publishState,
    ownerId: row.ownerId,
    rejectReason: row.rejectReason,
  };
}

export interface CompanyForEdit {
  id: number;
  slug: string;
  publishState: CompanyPublishState;
  rejectReason: string | null;
  /** What the form shows: the pending edit when there is one, else the live version. */
  values: CompanyEditableFields;
  editPending: boolean;
  /** The last rejected edit's reason, when the newest edit was rejected. */
  editRejectReason: string | null;
  verified: boolean;
  selfManaged: boolean;
}

/** One company for the edit form; 404 for a forged id and for another owner's company. */
export async function getCompanyForEdit(app: Pick<AppContext, "db">, opts: { actor: Actor; id: unknown }): Promise<CompanyForEdit> {
  const user = requireCorporate(opts.actor);
  const id = parseCompanyId(opts.id);
  const [owned] = await app.db
    .select({ id: companies.id, verified: companies.verified, selfManaged: companies.selfManaged })
    .from(companies)
    .where(companiesOwnedBy(user, eq(companies.id, id)))
    .limit(1);
  if (!owned) throw companyNotFound();
  const live = await liveCompanyFields(app.db, id);
  if (!live) throw companyNotFound();
  const [revision] = await app.db
    .select({ data: companyRevisions.data, state: companyRevisions.state, reason: companyRevisions.reason })
    .from(companyRevisions)
    .where(eq(companyRevisions.companyId, id))
    .orderBy(desc(companyRevisions.createdAt), desc(companyRevisions.id))
    .limit(1);
  const pending = revision?.state === "pending" ? revision.data : null;
  const { publishState, ownerId: _ownerId, slug, rejectReason, ...fields } = live;
  return {
    id,
    slug,
    publishState,
    rejectReason,
    values: pending ?? fields,
    editPending: pending !== null,
    editRejectReason: revision?.state === "rejected" ? revision.reason : null,
    verified: owned.verified,
    selfManaged: owned.selfManaged,
  };
}
