import type { Request } from "express";
import type { MessageKey } from "../../../common/i18n";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../../../common/forms/auth";
import type { ApiCall } from "../../core/app-context";
import { translate } from "../../i18n";
import { messageResponse, successResponse } from "../../platform/api-shapes";
import { z } from "../../platform/api-zod";
import { AppError } from "../../platform/app-error";
import { loginResponse, meResponse } from "../api-schemas";
import { requestPasswordReset } from "../forgot-password";
import { logIn, publicUserInfo } from "../login";
import { logOut } from "../logout";
import { requireUser } from "../permissions";
import { signUp } from "../register";
import { resendVerificationMail } from "../resend-verification";
import { checkResetCode, resetPassword } from "../reset-password";
import { clearedSessionCookie } from "../sessions";
import { verifyEmail } from "../verify-email";

/**
 * A mailed code that does not work, as its page answers it: unknown or used is a 404, past its
 * time a 410 (the page then offers a new mail).
 */
function codeRefusal(status: "invalid" | "expired", keys: Record<"invalid" | "expired", MessageKey>): AppError {
  return status === "expired" ? new AppError("E_GONE", keys.expired) : new AppError("E_NOT_FOUND", keys.invalid);
}
const RESET_CODE_KEYS = { invalid: "auth.reset.invalidCode", expired: "auth.reset.expiredCode" } as const;
const VERIFY_CODE_KEYS = { invalid: "auth.verify.invalid", expired: "auth.verify.expired" } as const;

/** A field of a JSON object body (undefined for any other body: the service then refuses it). */
function fieldOf(req: Request, name: string): unknown {
  const body: unknown = req.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

const common = { tag: "accounts" } as const;
/** The forms' bodies: JSON whatever their declared type, read up to 16 KB (bad JSON and oversize bodies are refused before the handler runs). */
const form = { ...common, bodyLimit: "16kb" } as const;

/** /api/v1 calls of signing in: registration, login, logout, the current user, the verification mail. */
const signInCalls: ApiCall[] = [
  {
    ...form,
    id: "register",
    path: "/register",
    summary: "Create an account (individual or corporate) and sign it in; a verification mail is sent",
    body: { schema: registerSchema },
    response: loginResponse,
    /** The register form's fields as JSON (consents as booleans) → signed in, as after POST /login. */
    handler: async (req, _res, ctx) => {
      const { user, token } = await signUp(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ip: ctx.ip, kind: "api" });
      return { success: true, token, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    },
  },
  {
    ...form,
    id: "login",
    path: "/login",
    summary: "Sign in: a revocable bearer token and the user info",
    body: { schema: loginSchema },
    response: loginResponse,
    /** {email, password} → a revocable bearer token and the spec's user info. */
    handler: async (req, _res, ctx) => {
      const { user, token } = await logIn(ctx.app, { input: req.body ?? {}, ip: ctx.ip, kind: "api", replaces: ctx.sessionToken });
      return { success: true, token, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    },
  },
  {
    ...common,
    id: "logout",
    path: "/logout",
    summary: "End the session or token of the request (idempotent)",
    auth: "optional",
    response: successResponse,
    /** Ends the session (cookie) or token (bearer) of the request, and clears the cookie. Idempotent. */
    handler: async (_req, res, ctx) => {
      await logOut(ctx.app, { sessionToken: ctx.sessionToken });
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true };
    },
  },
  {
    ...common,
    id: "resendVerificationMail",
    path: "/verification-mail",
    summary: "Send the signed-in user's verification mail again (3 an hour; 409 E_CONFLICT once verified)",
    auth: "bearer",
    response: successResponse,
    conflict: "The address is already verified (E_CONFLICT)",
    handler: async (_req, _res, ctx) => {
      await resendVerificationMail(ctx.app, { user: ctx.user, locale: ctx.apiLocale });
      return { success: true };
    },
  },
  {
    ...common,
    id: "getMe",
    method: "get",
    path: "/me",
    summary: "The signed-in user (401 E_UNAUTHORIZED for a guest)",
    auth: "bearer",
    response: meResponse,
    handler: async (_req, _res, ctx) => {
      const user = requireUser(ctx);
      return { success: true, user: publicUserInfo(ctx.app.config.SITE_URL, user) };
    },
  },
];

const code = z.string().openapi({ description: "The code from the mailed link: the last segment of its path", example: "hG2fM0x8Qd1VbWJ3n5sTzY7kLpA9cR4eU6iO2wXyZaQ" });
const codeBody = z.object({ code });

/**
 * The pages reached from mails (forgot and reset password, e-mail verification) on their
 * services. A mailed code travels in the body, never in the address, so it stays out of access logs.
 */
const mailedCodeCalls: ApiCall[] = [
  {
    ...form,
    id: "requestPasswordReset",
    path: "/forgot-password",
    summary:
      "The forgot-password form: a reset link is mailed when the address has an account that may sign in; the answer is the same either way. 10 an hour per client, one per address every 5 minutes",
    body: { schema: forgotPasswordSchema },
    response: messageResponse,
    unavailable: "The mail could not be queued; try again later (E_UNAVAILABLE)",
    /** The same neutral answer whether or not the address has an account. */
    handler: async (req, _res, ctx) => {
      await requestPasswordReset(ctx.app, { input: req.body ?? {}, ip: ctx.ip, locale: ctx.apiLocale });
      return { success: true, message: translate(ctx.apiLocale, { key: "auth.forgot.sent" }) };
    },
  },
  {
    ...form,
    id: "checkPasswordResetCode",
    path: "/reset-password/check",
    summary: "Whether a password-reset code still works (what the reset page checks before showing its form)",
    body: { schema: codeBody },
    response: successResponse,
    notFound: "The code is unknown or used (E_NOT_FOUND)",
    gone: "The code has expired: ask for a new reset (E_GONE)",
    handler: async (req, _res, ctx) => {
      const { status } = await checkResetCode(ctx.app, fieldOf(req, "code"));
      if (status !== "valid") throw codeRefusal(status, RESET_CODE_KEYS);
      return { success: true };
    },
  },
  {
    ...form,
    id: "resetPassword",
    path: "/reset-password",
    summary: "Set a new password with a mailed code (used once); every session and token of the account ends. 10 tries in 15 minutes per client",
    body: { schema: z.object({ code, password: resetPasswordSchema.shape.password, passwordConfirm: resetPasswordSchema.shape.passwordConfirm }) },
    response: successResponse,
    notFound: "The code is unknown or used (E_NOT_FOUND)",
    gone: "The code has expired: ask for a new reset (E_GONE)",
    handler: async (req, res, ctx) => {
      const outcome = await resetPassword(ctx.app, {
        code: fieldOf(req, "code"),
        input: { password: fieldOf(req, "password"), passwordConfirm: fieldOf(req, "passwordConfirm") },
        ip: ctx.ip,
      });
      if (outcome.status !== "done") throw codeRefusal(outcome.status, RESET_CODE_KEYS);
      // This client's own session, if it had one, ended with the others.
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true };
    },
  },
  {
    ...form,
    id: "verifyEmail",
    path: "/verify-email",
    summary: "Verify the account's e-mail address with the code of the verification mail (what opening its link does); the code is used up",
    body: { schema: codeBody },
    response: successResponse,
    notFound: "The code is unknown or used (E_NOT_FOUND)",
    gone: "The code has expired: ask for a new mail, POST /verification-mail (E_GONE)",
    handler: async (req, _res, ctx) => {
      const { status } = await verifyEmail(ctx.app, fieldOf(req, "code"));
      if (status !== "verified") throw codeRefusal(status, VERIFY_CODE_KEYS);
      return { success: true };
    },
  },
];

/** /api/v1 calls of the accounts area's sign-in and mailed-code pages, in the document's order. */
export const authCalls: ApiCall[] = [...signInCalls, ...mailedCodeCalls];
