import { eq, sql } from "drizzle-orm";
import { companyFlagsSchema } from "../../common/forms/company-edit";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import { companies } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { companyNotFound, parseCompanyId } from "./own-companies";
import { COMPANY_AUDIT } from "./save-company";

/**
 * What only an administrator sets on a company (spec §3 flags and state): verified, self-managed,
 * and whether a published company is taken down (unpublished) or put back. Publishing a new
 * profile goes through the approval queue, not here.
 */
export async function setCompanyFlags(app: AppContext, opts: { actor: Actor; companyId: unknown; input: unknown }): Promise<{ verified: boolean; selfManaged: boolean; publishState: string }> {
  const admin = requireAdmin(opts.actor);
  const id = parseCompanyId(opts.companyId);
  const { verified, selfManaged, visible } = parseInput(companyFlagsSchema, opts.input);
  const result = await app.db.transaction(async (tx) => {
    const [company] = await tx.select({ state: companies.publishState, ownerId: companies.ownerId }).from(companies).where(eq(companies.id, id)).for("update").limit(1);
    if (!company) throw companyNotFound();
    let publishState = company.state;
    if (visible !== undefined && (company.state === "published" || company.state === "unpublished")) {
      publishState = visible ? "published" : "unpublished";
    } else if (visible !== undefined) {
      // A pending or rejected profile is published through the approval queue.
      throw new AppError("E_CONFLICT", "companyAdmin.errors.publishThroughQueue");
    }
    await tx.update(companies).set({ verified, selfManaged, publishState, updatedAt: sql`now()` }).where(eq(companies.id, id));
    await writeAudit(tx, { actorId: admin.id, action: COMPANY_AUDIT.flags, targetUserId: company.ownerId, details: { companyId: id, verified, selfManaged, publishState } });
    return { verified, selfManaged, publishState };
  });
  app.pageCache.clear();
  return result;
}
