import { sql } from "drizzle-orm";
import { ACCOUNT_RETENTION_DAYS } from "../../common/constants";
import { deletionSchema } from "../../common/forms/settings";
import { isLocale } from "../../common/i18n";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { queueMail } from "../mail/mailer";
import { deletionNoticeMail } from "../mail/templates/account";
import { AppError } from "../platform/app-error";
import { assertNotLastActiveAdmin } from "./active-admins";
import { parseInput } from "../platform/validate";
import { writeAudit } from "./audit";
import { checkCurrentPassword } from "./change-password";
import { requireUser } from "./permissions";
import { liveUser } from "./profile";
import { revokeAllSessions, type SessionUser } from "./sessions";

const DAY = 24 * 3600 * 1000;

/** The audit-log action of a user's own deletion request (admin page key: admin.audit.actions.account_deletion_requested). */
export const DELETION_REQUESTED_ACTION = "account.deletion_requested";

/**
 * The user asks for their account to be deleted (spec §4): access ends at once (every session
 * and token is revoked and sign-in refuses the account), the data is kept for 30 days, during
 * which an administrator can restore it on request, then the erasure job removes it for good.
 * The notice mail, in the user's language, commits with the request.
 */
export async function requestDeletion(
  app: AppContext,
  opts: { user: SessionUser | null; input: unknown },
): Promise<{ requestedAt: Date; erasureAt: Date }> {
  const user = requireUser(opts);
  const input = parseInput(deletionSchema, opts.input);
  await checkCurrentPassword(app, {
    userId: user.id,
    password: input.password,
    field: "password",
    messageKey: "settings.deletion.errors.wrongPassword",
  });
  const requestedAt = new Date();
  const erasureAt = new Date(requestedAt.getTime() + ACCOUNT_RETENTION_DAYS * DAY);
  await app.db.transaction(async (tx) => {
    // The last active administrator cannot leave the site without one.
    if (user.isAdmin) await assertNotLastActiveAdmin(tx, user.id);
    const [row] = await tx
      .update(users)
      .set({ deletionRequestedAt: requestedAt, updatedAt: sql`now()` })
      .where(liveUser(user.id))
      .returning({ email: users.email, fullName: users.fullName, locale: users.locale });
    if (!row) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
    await revokeAllSessions(tx, user.id);
    await writeAudit(tx, {
      actorId: user.id,
      action: DELETION_REQUESTED_ACTION,
      targetUserId: user.id,
      details: { erasureAt: erasureAt.toISOString() },
    });
    const mail = deletionNoticeMail({
      locale: isLocale(row.locale) ? row.locale : "tr",
      fullName: row.fullName,
      requestedAt,
      erasureAt,
      contactUrl: `${app.config.SITE_URL}/iletisim`,
      contactEmail: app.config.OWNER_EMAIL,
    });
    await queueMail(tx, { to: row.email, ...mail });
  });
  app.log.info({ userId: user.id }, "account deletion requested");
  return { requestedAt, erasureAt };
}
