import { and, eq, sql } from "drizzle-orm";
import { categoryIds, companyEditSchema, contentFields, type CompanyEditValues } from "../../common/forms/company-edit";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireCorporate, type Actor } from "../accounts";
import { consumeLimit } from "../security/rate-limit";
import type { Database } from "../db/client";
import { companies, companyProvinces, companyRevisions, companyServices } from "./schema";
import { parseInput } from "../platform/validate";
import { companiesOwnedBy, companyNotFound, liveCompanyFields, parseCompanyId } from "./own-companies";
import { companySearchText } from "./search-text";
import { uniqueCompanySlug } from "./slug";
import type { CompanyEditableFields } from "./types";
import { removeCompanyLogo } from "./company-logo";

/** The audit log's company actions (targetUserId = the owner; details carry the company id). */
export const COMPANY_AUDIT = {
  create: "company.create",
  update: "company.update",
  submitEdit: "company.edit_submit",
  approve: "company.approve",
  reject: "company.reject",
  sponsor: "company.sponsor",
  unsponsor: "company.unsponsor",
  flags: "company.flags",
  reviewConfirm: "review.confirm",
  reviewRemove: "review.remove",
  reviewRestore: "review.restore",
} as const;

/** Newly stored service logos, by the service's position in the saved list. */
export type ServiceLogos = ReadonlyMap<number, string>;

/** What happens to the logo: kept, replaced by a newly stored file, or removed. */
export type LogoChange = { kind: "keep" } | { kind: "new"; name: string } | { kind: "remove" };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The editable fields of a parsed form (the dashboard's or an import row's), the logo and the
 * services' logos (matched by name) carried over from `current`.
 */
export function toFields(values: CompanyEditValues, current: CompanyEditableFields | null, logo: LogoChange, serviceLogos: ServiceLogos = new Map()): CompanyEditableFields {
  const ids = categoryIds(values.category)!;
  const keptLogos = new Map((current?.services ?? []).filter((s) => s.logo).map((s) => [s.name.toLocaleLowerCase("tr"), s.logo]));
  return {
    name: values.name,
    typeId: ids.typeId,
    subTypeId: ids.subTypeId,
    logo: logo.kind === "new" ? logo.name : logo.kind === "remove" ? null : (current?.logo ?? null),
    country: values.country,
    provinceCode: values.provinceCode,
    ...contentFields(values),
    servesWholeCountry: values.servesWholeCountry,
    provinces: values.servesWholeCountry ? [] : values.provinces,
    services: values.services.map((s, i) => ({
      name: s.name,
      description: s.description,
      logo: serviceLogos.get(i) ?? keptLogos.get(s.name.toLocaleLowerCase("tr")) ?? null,
    })),
  };
}

/**
 * The one writer of a company's live version: its columns, the folded search text the lists
 * match, services (replaced, in order) and provinces served (replaced; none when it serves the
 * whole country). For a new company, an unpublished one being edited, an approved edit and the
 * import. The slug follows the name, kept unique. Run it inside a transaction.
 */
export async function writeLiveVersion(tx: Tx, companyId: number, fields: CompanyEditableFields, opts: { slug?: string } = {}): Promise<void> {
  // The import keeps the slug it was given (its idempotency key); otherwise the slug follows the name.
  const slug = opts.slug ?? (await uniqueCompanySlug(tx, fields.name, companyId));
  const { services, provinces, ...columns } = fields;
  await tx
    .update(companies)
    .set({ ...columns, slug, searchText: companySearchText(fields), updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
  await tx.delete(companyServices).where(eq(companyServices.companyId, companyId));
  if (services.length) {
    await tx.insert(companyServices).values(services.map((s, position) => ({ companyId, position, name: s.name, description: s.description, logo: s.logo })));
  }
  await tx.delete(companyProvinces).where(eq(companyProvinces.companyId, companyId));
  const served = fields.servesWholeCountry ? [] : [...new Set(provinces)];
  if (served.length) await tx.insert(companyProvinces).values(served.map((provinceCode) => ({ companyId, provinceCode })));
}

/** New company profiles per corporate user and day, and saved edits per hour (administrators are not limited). */
export const COMPANY_CREATE_LIMIT = { name: "company-create", points: 10, durationSeconds: 86_400 };
export const COMPANY_EDIT_LIMIT = { name: "company-edit", points: 60, durationSeconds: 3600 };

/**
 * A new company profile (spec §4: pending until an administrator approves it; not public
 * meanwhile). Owned by the corporate user who makes it; an administrator's own too.
 */
export async function createCompany(app: AppContext, opts: { actor: Actor; input: unknown; logo?: LogoChange; serviceLogos?: ServiceLogos }): Promise<{ id: number; slug: string }> {
  const user = requireCorporate(opts.actor);
  const values = parseInput(companyEditSchema, opts.input);
  if (!user.isAdmin) await consumeLimit(app.limits, COMPANY_CREATE_LIMIT, `user:${user.id}`, "companyAdmin.errors.createLimit");
  const fields = toFields(values, null, opts.logo ?? { kind: "keep" }, opts.serviceLogos);
  return app.db.transaction(async (tx) => {
    const ids = categoryIds(values.category)!;
    const slug = await uniqueCompanySlug(tx, values.name);
    const [row] = await tx
      .insert(companies)
      .values({ ownerId: user.id, name: values.name, slug, typeId: ids.typeId, subTypeId: ids.subTypeId, publishState: "pending", selfManaged: true })
      .returning({ id: companies.id });
    await writeLiveVersion(tx, row.id, fields);
    const [saved] = await tx.select({ slug: companies.slug }).from(companies).where(eq(companies.id, row.id));
    await writeAudit(tx, { actorId: user.id, action: COMPANY_AUDIT.create, targetUserId: user.id, details: { companyId: row.id } });
    return { id: row.id, slug: saved.slug };
  });
}

export interface UpdateResult {
  id: number;
  /** "edited": an unpublished company changed in place (still waiting); "submitted": an edit of a published one waits. */
  outcome: "edited" | "submitted";
}

/**
 * An edit. Of a published company it waits as a revision (replacing an earlier pending one) and
 * the published version stays live until an administrator approves it; of a pending, rejected or
 * unpublished one it changes the row and (again) waits for approval.
 */
export async function updateCompany(app: AppContext, opts: { actor: Actor; id: unknown; input: unknown; logo?: LogoChange; serviceLogos?: ServiceLogos }): Promise<UpdateResult> {
  const user = requireCorporate(opts.actor);
  const id = parseCompanyId(opts.id);
  const values = parseInput(companyEditSchema, opts.input);
  if (!user.isAdmin) await consumeLimit(app.limits, COMPANY_EDIT_LIMIT, `user:${user.id}`, "companyAdmin.errors.editLimit");
  const replacedLogos: (string | null)[] = [];
  const result = await app.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: companies.id, ownerId: companies.ownerId, publishState: companies.publishState })
      .from(companies)
      .where(companiesOwnedBy(user, eq(companies.id, id)))
      .for("update")
      .limit(1);
    if (!owned) throw companyNotFound();
    const live = await liveCompanyFields(tx, id);
    if (!live) throw companyNotFound();
    const details = { companyId: id };
    if (owned.publishState === "published") {
      const [pending] = await tx
        .select({ id: companyRevisions.id, data: companyRevisions.data })
        .from(companyRevisions)
        .where(and(eq(companyRevisions.companyId, id), eq(companyRevisions.state, "pending")))
        .limit(1);
      const base = pending?.data ?? live;
      const fields = toFields(values, base, opts.logo ?? { kind: "keep" }, opts.serviceLogos);
      // A pending edit's own new logo is dropped when replaced again; the live one stays.
      if (pending && pending.data.logo !== fields.logo && pending.data.logo !== live.logo) replacedLogos.push(pending.data.logo);
      if (pending) {
        await tx.update(companyRevisions).set({ data: fields, authorId: user.id, createdAt: sql`now()` }).where(eq(companyRevisions.id, pending.id));
      } else {
        await tx.insert(companyRevisions).values({ companyId: id, authorId: user.id, data: fields });
      }
      await writeAudit(tx, { actorId: user.id, action: COMPANY_AUDIT.submitEdit, targetUserId: owned.ownerId, details });
      return { id, outcome: "submitted" as const };
    }
    const fields = toFields(values, live, opts.logo ?? { kind: "keep" }, opts.serviceLogos);
    if (live.logo !== fields.logo) replacedLogos.push(live.logo);
    await writeLiveVersion(tx, id, fields);
    await tx.update(companies).set({ publishState: "pending", rejectReason: null }).where(eq(companies.id, id));
    await writeAudit(tx, { actorId: user.id, action: COMPANY_AUDIT.update, targetUserId: owned.ownerId, details });
    return { id, outcome: "edited" as const };
  });
  for (const name of replacedLogos) await removeCompanyLogo(app, name);
  return result;
}
