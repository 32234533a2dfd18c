import express from "express";
import type { MessageKey } from "../../../common/i18n";
import { requestPasswordReset } from "../../accounts/forgot-password";
import { logIn, publicUserInfo } from "../../accounts/login";
import { logOut } from "../../accounts/logout";
import { signUp } from "../../accounts/register";
import { resendVerificationMail } from "../../accounts/resend-verification";
import { checkResetCode, resetPassword } from "../../accounts/reset-password";
import { requireUser } from "../../accounts/permissions";
import { verifyEmail } from "../../accounts/verify-email";
import { translate } from "../../i18n";
import { AppError } from "../../platform/app-error";
import { clearedSessionCookie } from "../forms/guards";
import { api, jsonBody } from "./respond";

/**
 * A mailed code that does not work, as its page answers it: unknown or used is a 404, past its
 * time a 410 (the page then offers a new mail).
 */
function codeRefusal(status: "invalid" | "expired", keys: Record<"invalid" | "expired", MessageKey>): AppError {
  return status === "expired" ? new AppError("E_GONE", keys.expired) : new AppError("E_NOT_FOUND", keys.invalid);
}
const RESET_CODE_KEYS = { invalid: "auth.reset.invalidCode", expired: "auth.reset.expiredCode" } as const;
const VERIFY_CODE_KEYS = { invalid: "auth.verify.invalid", expired: "auth.verify.expired" } as const;

/**
 * /api/v1 calls of the accounts area: login, logout, registration, the current user, and the
 * pages reached from mails (forgot and reset password, e-mail verification) on their services.
 * A mailed code travels in the body, never in the address, so it stays out of access logs.
 */
export function createAccountsApiRouter(): express.Router {
  const router = express.Router();
  // Bodies are JSON whatever their declared type; bad JSON and oversize bodies reach v1's error handler.
  const json = jsonBody("16kb");

  /** {email, password} → a revocable bearer token and the spec's user info. */
  router.post(
    "/login",
    json,
    api(async (req, _res, ctx) => {
      const { user, token } = await logIn(ctx.app, { input: req.body ?? {}, ip: ctx.ip, kind: "api", replaces: ctx.sessionToken });
      return { success: true, token, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    }),
  );

  /** Ends the session (cookie) or token (bearer) of the request, and clears the cookie. Idempotent. */
  router.post(
    "/logout",
    api(async (_req, res, ctx) => {
      await logOut(ctx.app, { sessionToken: ctx.sessionToken });
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true };
    }),
  );

  router.get(
    "/me",
    api(async (_req, _res, ctx) => {
      const user = requireUser(ctx);
      return { success: true, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    }),
  );

  /** The register form's fields as JSON (consents as booleans) → signed in, as after POST /login. */
  router.post(
    "/register",
    json,
    api(async (req, _res, ctx) => {
      const { user, token } = await signUp(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ip: ctx.ip, kind: "api" });
      return { success: true, token, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    }),
  );

  /** The signed-in user's verification mail, again (rate limited; 409 once verified). */
  router.post(
    "/verification-mail",
    api(async (_req, _res, ctx) => {
      await resendVerificationMail(ctx.app, { user: ctx.user, locale: ctx.apiLocale });
      return { success: true };
    }),
  );

  /** The forgot-password page's form: the same neutral answer whether or not the address has an account. */
  router.post(
    "/forgot-password",
    json,
    api(async (req, _res, ctx) => {
      await requestPasswordReset(ctx.app, { input: req.body ?? {}, ip: ctx.ip, locale: ctx.apiLocale });
      return { success: true, message: translate(ctx.apiLocale, { key: "auth.forgot.sent" }) };
    }),
  );

  /** Whether a reset code still works (what the reset page checks before showing its form). */
  router.post(
    "/reset-password/check",
    json,
    api(async (req, _res, ctx) => {
      const { status } = await checkResetCode(ctx.app, fieldOf(req, "code"));
      if (status !== "valid") throw codeRefusal(status, RESET_CODE_KEYS);
      return { success: true };
    }),
  );

  /** The reset page's form: a new password with the mailed code; every session and token of the account ends. */
  router.post(
    "/reset-password",
    json,
    api(async (req, res, ctx) => {
      const outcome = await resetPassword(ctx.app, {
        code: fieldOf(req, "code"),
        input: { password: fieldOf(req, "password"), passwordConfirm: fieldOf(req, "passwordConfirm") },
        ip: ctx.ip,
      });
      if (outcome.status !== "done") throw codeRefusal(outcome.status, RESET_CODE_KEYS);
      // This client's own session, if it had one, ended with the others.
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true };
    }),
  );

  /** What opening the verification mail's link does: the address is verified and the code used up. */
  router.post(
    "/verify-email",
    json,
    api(async (req, _res, ctx) => {
      const { status } = await verifyEmail(ctx.app, fieldOf(req, "code"));
      if (status !== "verified") throw codeRefusal(status, VERIFY_CODE_KEYS);
      return { success: true };
    }),
  );

  return router;
}

/** A field of a JSON object body (undefined for any other body: the service then refuses it). */
function fieldOf(req: express.Request, name: string): unknown {
  const body: unknown = req.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}
