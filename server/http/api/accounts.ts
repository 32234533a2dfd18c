import express from "express";
import { logIn, publicUserInfo } from "../../accounts/login";
import { logOut } from "../../accounts/logout";
import { signUp } from "../../accounts/register";
import { resendVerificationMail } from "../../accounts/resend-verification";
import { requireUser } from "../../accounts/permissions";
import { clearedSessionCookie } from "../forms/guards";
import { api, jsonBody } from "./respond";

/** /api/v1 calls of the accounts area (login, logout, registration, the current user). */
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

  return router;
}
