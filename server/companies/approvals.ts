import { and, asc, eq, sql } from "drizzle-orm";
import { DIFF_FIELDS, rejectSchema, type DiffField } from "../../common/forms/company-edit";
import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import { users } from "../accounts/schema";
import { companies, companyRevisions } from "./schema";
import { getT } from "../i18n";
import { queueMail } from "../mail/mailer";
import { profileSegment } from "./segments";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { companyNotFound, liveCompanyFields, parseCompanyId } from "./own-companies";
import { removeCompanyLogo } from "./company-logo";
import { COMPANY_AUDIT, writeLiveVersion } from "./save-company";
import type { CompanyEditableFields } from "./types";

// The list lives with the form (the dashboard shows its labels); the API's schema reads it here.
export { DIFF_FIELDS };
/** Fails to compile when a compared field is not one an owner edits. */
const DIFF_FIELDS_EDITABLE: readonly (keyof CompanyEditableFields)[] = DIFF_FIELDS;
void DIFF_FIELDS_EDITABLE;

export interface FieldChange {
  field: DiffField;
  /** null: the field was empty (or the company is new). */
  before: unknown;
  after: unknown;
}

/** JSON with object keys sorted: jsonb does not keep the key order a value was written with. */
function canonical(v: unknown): string {
  return JSON.stringify(v ?? null, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
}

const empty = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** Field-by-field differences of a proposed version against the published one (all filled fields for a new company). */
export function diffVersions(before: CompanyEditableFields | null, after: CompanyEditableFields): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of DIFF_FIELDS) {
    const a = before ? before[field] : null;
    const b = after[field];
    if (empty(a) && empty(b)) continue;
    if (canonical(a) === canonical(b)) continue;
    out.push({ field, before: a ?? null, after: b ?? null });
  }
  return out;
}

export interface QueueItem {
  companyId: number;
  kind: "new" | "edit";
  name: string;
  ownerName: string | null;
  submittedAt: Date;
  changes: FieldChange[];
}

/** How many of each kind the queue shows at once: the oldest; each decision brings the next one in. */
export const APPROVAL_QUEUE_SHOWN = 100;

/** How many new profiles and edits wait in all (the queue shows the oldest APPROVAL_QUEUE_SHOWN of each). */
export async function countApprovalQueue(app: Pick<AppContext, "db">, opts: { actor: Actor }): Promise<{ new: number; edit: number }> {
  requireAdmin(opts.actor);
  const [[fresh], [edits]] = await Promise.all([
    app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies).where(eq(companies.publishState, "pending")),
    app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companyRevisions).where(eq(companyRevisions.state, "pending")),
  ]);
  return { new: fresh.n, edit: edits.n };
}

/** What waits for an administrator: new profiles and edits of published ones, oldest first. */
export async function listApprovalQueue(app: Pick<AppContext, "db">, opts: { actor: Actor }): Promise<QueueItem[]> {
  requireAdmin(opts.actor);
  const items: QueueItem[] = [];
  const fresh = await app.db
    .select({ id: companies.id, name: companies.name, ownerName: users.fullName, at: companies.updatedAt })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.publishState, "pending"))
    .orderBy(asc(companies.updatedAt))
    .limit(APPROVAL_QUEUE_SHOWN);
  for (const c of fresh) {
    const live = await liveCompanyFields(app.db, c.id);
    if (!live) continue;
    const { publishState: _p, ownerId: _o, slug: _s, rejectReason: _r, ...fields } = live;
    items.push({ companyId: c.id, kind: "new", name: c.name, ownerName: c.ownerName, submittedAt: c.at, changes: diffVersions(null, fields) });
  }
  const edits = await app.db
    .select({ companyId: companyRevisions.companyId, data: companyRevisions.data, at: companyRevisions.createdAt, ownerName: users.fullName })
    .from(companyRevisions)
    .innerJoin(companies, eq(companies.id, companyRevisions.companyId))
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companyRevisions.state, "pending"))
    .orderBy(asc(companyRevisions.createdAt))
    .limit(APPROVAL_QUEUE_SHOWN);
  for (const e of edits) {
    const live = await liveCompanyFields(app.db, e.companyId);
    if (!live) continue;
    const { publishState: _p, ownerId: _o, slug: _s, rejectReason: _r, ...fields } = live;
    items.push({ companyId: e.companyId, kind: "edit", name: live.name, ownerName: e.ownerName, submittedAt: e.at, changes: diffVersions(fields, e.data) });
  }
  return items.sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
}

/** Approves what waits for a company: a new profile goes public, or a pending edit replaces the live version. */
/** Logo files of `before` that `after` no longer uses (company and service logos). */
function droppedLogos(before: CompanyEditableFields, after: CompanyEditableFields): string[] {
  const used = new Set([after.logo, ...after.services.map((s) => s.logo)].filter((l): l is string => l !== null));
  return [before.logo, ...before.services.map((s) => s.logo)].filter((l): l is string => l !== null && !used.has(l));
}

export async function approveCompany(app: AppContext, opts: { actor: Actor; companyId: unknown }): Promise<{ name: string; kind: "new" | "edit"; mailed: boolean }> {
  const admin = requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const unused: string[] = [];
  const result = await app.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ state: companies.publishState, ownerId: companies.ownerId, name: companies.name, ownerName: users.fullName, ownerEmail: users.email, ownerLocale: users.locale, erased: users.erasedAt })
      .from(companies)
      .leftJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, id))
      .for("update", { of: companies })
      .limit(1);
    if (!company) throw companyNotFound();
    const details = { companyId: id };
    /** Tells the owner the version is live (in the same transaction, through the mail queue). */
    const mailOwner = async (kind: "new" | "edit"): Promise<boolean> => {
      if (!company.ownerEmail || company.erased) return false;
      const [live] = await tx.select({ slug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId, name: companies.name }).from(companies).where(eq(companies.id, id));
      const locale: Locale = company.ownerLocale === "en" ? "en" : "tr";
      const profileUrl = `${app.config.SITE_URL}${locale === "en" ? "/en" : ""}/${profileSegment(live)}/${live.slug}`;
      await queueMail(tx, { to: company.ownerEmail, ...approvalMail({ locale, kind, ownerName: company.ownerName ?? "", companyName: live.name, profileUrl }) });
      return true;
    };
    if (company.state === "pending") {
      await tx.update(companies).set({ publishState: "published", publishedAt: sql`now()`, rejectReason: null, updatedAt: sql`now()` }).where(eq(companies.id, id));
      await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.approve, targetUserId: company.ownerId, details: { ...details, kind: "new" } });
      return { name: company.name, kind: "new" as const, mailed: await mailOwner("new") };
    }
    const [revision] = await tx
      .select({ id: companyRevisions.id, data: companyRevisions.data })
      .from(companyRevisions)
      .where(and(eq(companyRevisions.companyId, id), eq(companyRevisions.state, "pending")))
      .limit(1);
    if (!revision) throw new AppError("E_CONFLICT", "companyAdmin.errors.nothingPending");
    const live = await liveCompanyFields(tx, id);
    if (live) unused.push(...droppedLogos(live, revision.data));
    await writeLiveVersion(tx, id, revision.data);
    await tx.update(companyRevisions).set({ state: "approved", reviewerId: admin.id, reviewedAt: sql`now()` }).where(eq(companyRevisions.id, revision.id));
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.approve, targetUserId: company.ownerId, details: { ...details, kind: "edit", revisionId: revision.id } });
    return { name: revision.data.name, kind: "edit" as const, mailed: await mailOwner("edit") };
  });
  // The files of the replaced version, once the new one is committed.
  for (const name of unused) await removeCompanyLogo(app, name);
  // Kept searches and home sections (decision 016) show the published version at once.
  app.pageCache.clear();
  return result;
}

/** The approval mail to the owner, in the owner's language: the profile (or its edit) is live. */
export function approvalMail(opts: { locale: Locale; kind: "new" | "edit"; ownerName: string; companyName: string; profileUrl: string }) {
  const t = getT(opts.locale);
  const params = { name: opts.ownerName, company: opts.companyName, url: opts.profileUrl };
  const text = [
    t("companyAdmin.mail.approved.greeting", params),
    "",
    t(opts.kind === "new" ? "companyAdmin.mail.approved.bodyNew" : "companyAdmin.mail.approved.bodyEdit", params),
    "",
    opts.profileUrl,
    "",
    t("companyAdmin.mail.approved.signature", params),
  ].join("\n");
  return { subject: t("companyAdmin.mail.approved.subject", params), text };
}

/** The rejection mail to the owner, in the owner's language. */
export function rejectionMail(opts: { locale: Locale; ownerName: string; companyName: string; reason: string; editUrl: string }) {
  const t = getT(opts.locale);
  const params = { name: opts.ownerName, company: opts.companyName, reason: opts.reason, url: opts.editUrl };
  const text = [
    t("companyAdmin.mail.rejected.greeting", params),
    "",
    t("companyAdmin.mail.rejected.body", params),
    "",
    opts.reason,
    "",
    t("companyAdmin.mail.rejected.edit", params),
    "",
    t("companyAdmin.mail.rejected.signature", params),
  ].join("\n");
  return { subject: t("companyAdmin.mail.rejected.subject", params), text };
}

/**
 * Rejects what waits for a company, with a reason mailed to its owner (in the same transaction,
 * through the mail queue). A new profile becomes "rejected" (its owner may edit and send it
 * again); a pending edit is dropped and the published version stays.
 */
export async function rejectCompany(app: AppContext, opts: { actor: Actor; companyId: unknown; input: unknown }): Promise<{ name: string; kind: "new" | "edit"; mailed: boolean }> {
  const admin = requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const { reason } = parseInput(rejectSchema, opts.input);
  const unused: string[] = [];
  const result = await app.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ state: companies.publishState, ownerId: companies.ownerId, name: companies.name, ownerName: users.fullName, ownerEmail: users.email, ownerLocale: users.locale, erased: users.erasedAt })
      .from(companies)
      .leftJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, id))
      .for("update", { of: companies })
      .limit(1);
    if (!company) throw companyNotFound();
    let kind: "new" | "edit";
    let name = company.name;
    if (company.state === "pending") {
      await tx.update(companies).set({ publishState: "rejected", rejectReason: reason, updatedAt: sql`now()` }).where(eq(companies.id, id));
      kind = "new";
    } else {
      const [revision] = await tx
        .select({ id: companyRevisions.id, data: companyRevisions.data })
        .from(companyRevisions)
        .where(and(eq(companyRevisions.companyId, id), eq(companyRevisions.state, "pending")))
        .limit(1);
      if (!revision) throw new AppError("E_CONFLICT", "companyAdmin.errors.nothingPending");
      const live = await liveCompanyFields(tx, id);
      // The rejected version's own new files (never one the live version uses).
      if (live) unused.push(...droppedLogos(revision.data, live));
      await tx.update(companyRevisions).set({ state: "rejected", reason, reviewerId: admin.id, reviewedAt: sql`now()` }).where(eq(companyRevisions.id, revision.id));
      kind = "edit";
      name = revision.data.name;
    }
    const mailed = Boolean(company.ownerEmail && !company.erased);
    if (mailed) {
      const locale: Locale = company.ownerLocale === "en" ? "en" : "tr";
      const editUrl = `${app.config.SITE_URL}${locale === "en" ? "/en" : ""}/isletme/duzenle/${id}`;
      await queueMail(tx, { to: company.ownerEmail!, ...rejectionMail({ locale, ownerName: company.ownerName ?? "", companyName: name, reason, editUrl }) });
    }
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.reject, targetUserId: company.ownerId, details: { companyId: id, kind } });
    return { name, kind, mailed };
  });
  for (const file of unused) await removeCompanyLogo(app, file);
  return result;
}
