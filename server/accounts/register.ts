import { registerSchema } from "../../common/forms/auth";
import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { users } from "./schema";
import { queueMail } from "../mail/mailer";
import { verificationMail } from "./account-mails";
import { AppError, type Message } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, type LimitRule } from "../security/rate-limit";
import { issueEmailCode, VERIFY_CODE_HOURS } from "./email-codes";
import { findAccountByEmail } from "./find-account";
import { hashPassword } from "./passwords";
import { createSession } from "./sessions";

/** Registrations (that pass validation) from one address: 5 per hour. */
export const REGISTER_LIMIT: LimitRule = { name: "register", points: 5, durationSeconds: 3600 };

function emailTaken(): AppError {
  const message: Message = { key: "auth.register.emailTaken" };
  return new AppError("E_CONFLICT", message, { fieldErrors: { email: message } });
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates an individual or corporate account with its consents (and their time), and queues the
 * verification mail in the same transaction, so there is never a user without a mail or a mail
 * without a user. The only answer anywhere that tells an address is registered is this one's
 * "used by another member".
 */
export async function registerUser(
  app: AppContext,
  opts: { input: unknown; locale: Locale; ip: string },
): Promise<{ userId: number; fullName: string; email: string }> {
  const input = parseInput(registerSchema, opts.input);
  await consumeLimit(app.limits, REGISTER_LIMIT, opts.ip, "auth.register.rateLimited");
  if (await findAccountByEmail(app, { email: input.email })) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    return await app.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          fullName: input.fullName,
          email: input.email,
          passwordHash,
          accountType: input.accountType,
          locale: opts.locale,
          membershipAcceptedAt: now,
          kvkkAcceptedAt: now,
          advertisingConsentAt: input.advertising ? now : null,
        })
        .returning({ id: users.id });
      const code = await issueEmailCode(tx, user.id, "verify", VERIFY_CODE_HOURS * 3600 * 1000);
      await queueMail(
        tx,
        verificationMail({ to: input.email, fullName: input.fullName, locale: opts.locale, siteUrl: app.config.SITE_URL, code }),
      );
      return { userId: user.id, fullName: input.fullName, email: input.email };
    });
  } catch (err) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Registers and signs the new account in (a fresh session: a cookie for the site, a bearer token
 * for the API), as the register page and POST /api/v1/register both do.
 */
export async function signUp(app: AppContext, opts: { input: unknown; locale: Locale; ip: string; kind: "web" | "api" }) {
  const account = await registerUser(app, opts);
  const session = await createSession(app.db, account.userId, opts.kind);
  return { user: { id: account.userId, fullName: account.fullName, email: account.email, image: null, isAdmin: false }, ...session };
}
