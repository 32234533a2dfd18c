import { and, desc, eq, gt, gte, lt } from "drizzle-orm";
import { sponsorshipSchema } from "../../common/forms/company-edit";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import { companies, companySponsorships } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { companyNotFound, parseCompanyId } from "./own-companies";
import { COMPANY_AUDIT } from "./save-company";

const DAY = 86_400_000;

/**
 * Marks a company sponsored from the start of `from` to the end of `until` (UTC days). A label
 * only: it never changes which companies a filter returns, nor their order (sponsorship.ts).
 */
export async function sponsorCompany(app: AppContext, opts: { actor: Actor; companyId: unknown; input: unknown }): Promise<{ startsAt: Date; endsAt: Date }> {
  const admin = requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const { from, until } = parseInput(sponsorshipSchema, opts.input);
  const startsAt = new Date(`${from}T00:00:00Z`);
  const endsAt = new Date(new Date(`${until}T00:00:00Z`).getTime() + DAY);
  const result = await app.db.transaction(async (tx) => {
    const [company] = await tx.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!company) throw companyNotFound();
    await tx.insert(companySponsorships).values({ companyId: id, startsAt, endsAt, createdBy: admin.id });
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.sponsor, targetUserId: company.ownerId, details: { companyId: id, from, until } });
    return { startsAt, endsAt };
  });
  app.pageCache.clear();
  return result;
}

/**
 * Ends a company's sponsorship now: the running period ends at this moment and periods that
 * have not started are deleted; past periods stay as they were (a record of what was labelled
 * when). E_CONFLICT when nothing is running or upcoming.
 */
export async function endSponsorship(app: AppContext, opts: { actor: Actor; companyId: unknown; now?: Date }): Promise<{ ended: number; removed: number }> {
  const admin = requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const now = opts.now ?? new Date();
  const result = await app.db.transaction(async (tx) => {
    const [company] = await tx.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, id)).for("update").limit(1);
    if (!company) throw companyNotFound();
    // Not started yet (or starting this very moment, which cannot end at its start): deleted.
    const removed = await tx
      .delete(companySponsorships)
      .where(and(eq(companySponsorships.companyId, id), gte(companySponsorships.startsAt, now)))
      .returning({ id: companySponsorships.id });
    const ended = await tx
      .update(companySponsorships)
      .set({ endsAt: now })
      .where(and(eq(companySponsorships.companyId, id), lt(companySponsorships.startsAt, now), gt(companySponsorships.endsAt, now)))
      .returning({ id: companySponsorships.id });
    if (removed.length + ended.length === 0) throw new AppError("E_CONFLICT", "companyAdmin.errors.notSponsored");
    const result = { ended: ended.length, removed: removed.length };
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.unsponsor, targetUserId: company.ownerId, details: { companyId: id, ...result } });
    return result;
  });
  app.pageCache.clear();
  return result;
}

/** A sponsorship period as the edit page and the API show it. */
export interface SponsorshipPeriod {
  startsAt: Date;
  /** Exclusive: the first moment the label is gone. */
  endsAt: Date;
}

/** A company's sponsorship periods, latest first (administrators); E_NOT_FOUND for an unknown or forged id. */
export async function listSponsorships(app: Pick<AppContext, "db">, opts: { actor: Actor; companyId: unknown }): Promise<SponsorshipPeriod[]> {
  requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) throw companyNotFound();
  return app.db
    .select({ startsAt: companySponsorships.startsAt, endsAt: companySponsorships.endsAt })
    .from(companySponsorships)
    .where(eq(companySponsorships.companyId, id))
    .orderBy(desc(companySponsorships.endsAt))
    .limit(20);
}
