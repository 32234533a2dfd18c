import express from "express";
import { avatarUrl } from "../../accounts/avatar";
import { changePassword } from "../../accounts/change-password";
import { getOwnProfile, type OwnProfile } from "../../accounts/profile";
import { requestDeletion } from "../../accounts/request-deletion";
import { updateProfile } from "../../accounts/update-profile";
import { updateSocial } from "../../accounts/update-social";
import { removePhoto, uploadPhoto } from "../../accounts/upload-photo";
import { clearedSessionCookie } from "../forms/guards";
import type { RequestContext } from "../request-context";
import { api, jsonBody } from "./respond";

/** The own profile as the API gives it: what the settings page shows and edits. */
function profileView(siteUrl: string, p: OwnProfile) {
  return {
    fullName: p.fullName,
    email: p.email,
    emailVerified: p.emailVerified,
    accountType: p.accountType,
    isAdmin: p.isAdmin,
    phone: p.phone,
    cityCode: p.cityCode,
    about: p.about,
    skills: p.skills,
    social: p.social,
    image: avatarUrl(p.image, siteUrl),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * /api/v1 calls of the settings page (/ayarlar) and the profile page for the mobile apps: the
 * account, social and photo tabs, the password change and the deletion request, through the
 * page's services (the same checks, limits, mails and audit rows). Every answer is the caller's
 * own and private (no-store, set for the whole API in server/http/app.ts).
 */
export function createAccountSettingsApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("16kb");
  const profileOf = async (ctx: Pick<RequestContext, "app" | "user">) => profileView(ctx.app.config.SITE_URL, await getOwnProfile(ctx.app, { user: ctx.user }));

  router.get(
    "/my/profile",
    api(async (_req, _res, ctx) => ({ success: true, profile: await profileOf(ctx) })),
  );

  /** The account tab: full name, phone, city, about, skills (every field; an empty one clears it). */
  router.post(
    "/my/profile",
    json,
    api(async (req, _res, ctx) => {
      await updateProfile(ctx.app, { user: ctx.user, input: req.body ?? {} });
      return { success: true, profile: await profileOf(ctx) };
    }),
  );

  /** The social tab: the 11 profile links (an absent or empty one is removed). */
  router.post(
    "/my/profile/social",
    json,
    api(async (req, _res, ctx) => {
      await updateSocial(ctx.app, { user: ctx.user, input: req.body ?? {} });
      return { success: true, profile: await profileOf(ctx) };
    }),
  );

  /**
   * The photo form: multipart, the file in `photo`, streamed to disk and judged by its content
   * (JPEG, PNG or WebP, at most 5 MB), then re-encoded as a 256×256 WebP by the page's service.
   */
  router.post(
    "/my/profile/photo",
    api(async (req, _res, ctx) => {
      const { image } = await uploadPhoto(ctx.app, { user: ctx.user, headers: req.headers as Record<string, string | undefined>, body: req });
      return { success: true, image: avatarUrl(image, ctx.app.config.SITE_URL) };
    }),
  );

  router.post(
    "/my/profile/photo/remove",
    api(async (_req, _res, ctx) => {
      await removePhoto(ctx.app, { user: ctx.user });
      return { success: true, image: null };
    }),
  );

  /**
   * The password tab: every session and token of the account ends, this one too; the answer
   * carries the caller's new bearer token.
   */
  router.post(
    "/my/password",
    json,
    api(async (req, _res, ctx) => {
      const { token } = await changePassword(ctx.app, { user: ctx.user, input: req.body ?? {}, sessionKind: "api" });
      return { success: true, token };
    }),
  );

  /** The deletion tab: access ends at once, the data goes after the retention period (a notice is mailed). */
  router.post(
    "/my/deletion-request",
    json,
    api(async (req, res, ctx) => {
      const { erasureAt } = await requestDeletion(ctx.app, { user: ctx.user, input: req.body ?? {} });
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true, erasureAt: erasureAt.toISOString() };
    }),
  );

  return router;
}
