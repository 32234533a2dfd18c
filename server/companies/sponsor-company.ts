import { desc, eq } from "drizzle-orm";
import { sponsorshipSchema } from "../../common/forms/company-edit";
import type { AppContext } from "../app-context";
import { writeAudit } from "../accounts/audit";
import { requireAdmin, type Actor } from "../accounts/permissions";
import { companies, companySponsorships } from "../db/schema";
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
  return app.db.transaction(async (tx) => {
    const [company] = await tx.select({ ownerId: companies.ownerId }).from(companies).where(eq(companies.id, id)).limit(1);
    if (!company) throw companyNotFound();
    await tx.insert(companySponsorships).values({ companyId: id, startsAt, endsAt, createdBy: admin.id });
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.sponsor, targetUserId: company.ownerId, details: { companyId: id, from, until } });
    return { startsAt, endsAt };
  });
}

/** A company's sponsorship periods, latest first (administrators). */
export async function listSponsorships(app: Pick<AppContext, "db">, opts: { actor: Actor; companyId: number }): Promise<{ startsAt: Date; endsAt: Date }[]> {
  requireAdmin(opts.actor);
  return app.db
    .select({ startsAt: companySponsorships.startsAt, endsAt: companySponsorships.endsAt })
    .from(companySponsorships)
    .where(eq(companySponsorships.companyId, opts.companyId))
    .orderBy(desc(companySponsorships.endsAt))
    .limit(20);
}
