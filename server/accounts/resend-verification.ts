import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { queueMail } from "../mail/mailer";
import { verificationMail } from "./account-mails";
import { AppError } from "../platform/app-error";
import { consumeLimit, type LimitRule } from "../security/rate-limit";
import { issueEmailCode, VERIFY_CODE_HOURS } from "./email-codes";
import { liveUser } from "./profile";
import { requireUser } from "./permissions";
import type { SessionUser } from "./sessions";

/** Verification mails asked for again, per account: 3 an hour. */
export const RESEND_VERIFY_LIMIT: LimitRule = { name: "verify-resend", points: 3, durationSeconds: 3600 };

/**
 * Sends the signed-in user's verification mail again (the profile page's button and POST
 * /api/v1/verification-mail). An already verified address is a 409; the earlier links keep working
 * until they expire. The new code and its mail are written in one transaction.
 */
export async function resendVerificationMail(app: AppContext, opts: { user: SessionUser | null; locale: Locale }): Promise<{ email: string }> {
  const user = requireUser(opts);
  const [row] = await app.db
    .select({ fullName: users.fullName, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(liveUser(user.id))
    .limit(1);
  if (!row) throw new AppError("E_NOT_FOUND", "settings.errors.userNotFound");
  if (row.emailVerifiedAt) throw new AppError("E_CONFLICT", "auth.verify.alreadyVerified");
  await consumeLimit(app.limits, RESEND_VERIFY_LIMIT, String(user.id), "auth.verify.resendRateLimited");
  await app.db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, user.id, "verify", VERIFY_CODE_HOURS * 3600 * 1000);
    await queueMail(tx, verificationMail({ to: row.email, fullName: row.fullName, locale: opts.locale, siteUrl: app.config.SITE_URL, code }));
  });
  return { email: row.email };
}
