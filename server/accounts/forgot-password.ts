import { forgotPasswordSchema } from "../../common/forms/auth";
import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { enqueueJob } from "../jobs/queue";
import { queueMail } from "../mail/mailer";
import { passwordResetMail } from "./account-mails";
import { AppError, isAppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, type LimitRule } from "../security/rate-limit";
import { invalidateEmailCodes, issueEmailCode, RESET_CODE_MINUTES } from "./email-codes";
import { findAccountByEmail } from "./find-account";
import { accountLimitKey, maySignIn } from "./login";

/** Requests from one address: 10 per hour. */
export const FORGOT_IP_LIMIT: LimitRule = { name: "forgot-ip", points: 10, durationSeconds: 3600 };
/** One request per e-mail address (registered or not, so the limit tells nothing) every 5 minutes. */
export const FORGOT_EMAIL_LIMIT: LimitRule = { name: "forgot-email", points: 1, durationSeconds: 5 * 60 };

/** The job that looks the address up and, for an account that may sign in, mails a code. */
export const PASSWORD_RESET_JOB = "auth.password-reset";

interface PasswordResetPayload {
  email: string;
}

/**
 * A forgot-password request. The answer is the same whether or not the address belongs to an
 * account, and so is the work done before it: the limits, then one job put
 * in the table. The job looks the address up; only an account that may sign in gets a mail
 * with a new 60-minute code, and its earlier unused codes stop working.
 */
export async function requestPasswordReset(app: AppContext, opts: { input: unknown; ip: string; locale: Locale }): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, opts.input);
  await consumeLimit(app.limits, FORGOT_IP_LIMIT, opts.ip, "auth.forgot.rateLimited");
  await consumeLimit(app.limits, FORGOT_EMAIL_LIMIT, accountLimitKey(email), "auth.forgot.wait");
  try {
    await app.db.transaction((tx) => enqueueJob(tx, { kind: PASSWORD_RESET_JOB, payload: { email } satisfies PasswordResetPayload }));
  } catch (err) {
    if (isAppError(err)) throw err;
    // The job could not be put in the table (the database is unavailable).
    throw new AppError("E_UNAVAILABLE", "auth.forgot.mailProblem", { cause: err });
  }
}

/** Runs a password-reset job: a code and its mail for an account that may sign in, nothing for any other address. */
export async function runPasswordResetJob(deps: { db: Database; config: Pick<Config, "SITE_URL"> }, payload: unknown): Promise<void> {
  const { email } = payload as PasswordResetPayload;
  const account = await findAccountByEmail(deps, { email });
  if (!account || !maySignIn(account)) return;
  await deps.db.transaction(async (tx) => {
    await invalidateEmailCodes(tx, account.id, "reset");
    const code = await issueEmailCode(tx, account.id, "reset", RESET_CODE_MINUTES * 60 * 1000);
    const locale: Locale = account.locale === "en" ? "en" : "tr";
    await queueMail(tx, passwordResetMail({ to: account.email, fullName: account.fullName, locale, siteUrl: deps.config.SITE_URL, code }));
  });
}
