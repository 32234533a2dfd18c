import { forgotPasswordSchema } from "../../common/forms/auth";
import type { Locale } from "../../common/format";
import type { AppContext } from "../app-context";
import { queueMail } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates/auth";
import { AppError, isAppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, type LimitRule } from "../security/rate-limit";
import { invalidateEmailCodes, issueEmailCode, RESET_CODE_MINUTES } from "./email-codes";
import { accountLimitKey, findAccountByEmail, maySignIn } from "./login";

/** Requests from one address: 10 per hour. */
export const FORGOT_IP_LIMIT: LimitRule = { name: "forgot-ip", points: 10, durationSeconds: 3600 };
/** One request per e-mail address (registered or not, so the limit tells nothing) every 5 minutes. */
export const FORGOT_EMAIL_LIMIT: LimitRule = { name: "forgot-email", points: 1, durationSeconds: 5 * 60 };

/**
 * A forgot-password request. The answer is the same whether or not the address belongs to an
 * account; only an account that may sign in gets a mail with a new 60-minute code, and its
 * earlier unused codes stop working.
 */
export async function requestPasswordReset(app: AppContext, opts: { input: unknown; ip: string; locale: Locale }): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, opts.input);
  await consumeLimit(app.limits, FORGOT_IP_LIMIT, opts.ip, "auth.forgot.rateLimited");
  await consumeLimit(app.limits, FORGOT_EMAIL_LIMIT, accountLimitKey(email), "auth.forgot.wait");

  const account = await findAccountByEmail(app.db, email);
  if (!account || !maySignIn(account)) return;
  try {
    await app.db.transaction(async (tx) => {
      await invalidateEmailCodes(tx, account.id, "reset");
      const code = await issueEmailCode(tx, account.id, "reset", RESET_CODE_MINUTES * 60 * 1000);
      const locale: Locale = account.locale === "en" ? "en" : "tr";
      await queueMail(
        tx,
        passwordResetMail({ to: account.email, fullName: account.fullName, locale, siteUrl: app.config.SITE_URL, code }),
      );
    });
  } catch (err) {
    if (isAppError(err)) throw err;
    // The mail could not be put in the job table (the database is unavailable).
    throw new AppError("E_UNAVAILABLE", "auth.forgot.mailProblem", { cause: err });
  }
}
