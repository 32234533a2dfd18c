import { deletionSchema, notificationsSchema, passwordSchema, PHOTO_FIELD, PHOTO_MAX_MB, socialSchema } from "../../../common/forms/settings";
import type { ApiCall, RequestContext } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import { accountBody, deletionRequestedResponse, ownProfileResponse, passwordChangedResponse, photoResponse } from "../api-schemas";
import { avatarUrl } from "../avatar";
import { changePassword } from "../change-password";
import { getOwnProfile, type OwnProfile } from "../profile";
import { requestDeletion } from "../request-deletion";
import { clearedSessionCookie } from "../sessions";
import { updateNotifications } from "../update-notifications";
import { updateProfile } from "../update-profile";
import { updateSocial } from "../update-social";
import { removePhoto, uploadPhoto } from "../upload-photo";

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
    blogCommentMail: p.blogCommentMail,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const profileOf = async (ctx: Pick<RequestContext, "app" | "user">) => profileView(ctx.app.config.SITE_URL, await getOwnProfile(ctx.app, { user: ctx.user }));

const common = { tag: "account-settings", auth: "bearer" } as const;
/** The tabs' forms: JSON bodies read up to 16 KB. */
const form = { ...common, bodyLimit: "16kb" } as const;

/**
 * /api/v1 calls of the settings page (/ayarlar) and the profile page for the mobile apps: the
 * account, social and photo tabs, the password change and the deletion request, through the
 * page's services (the same checks, limits, mails and audit rows). Every answer is the caller's
 * own and private (no-store, set for the whole API in server/http/app.ts).
 */
export const accountSettingsCalls: ApiCall[] = [
  {
    ...common,
    id: "getOwnProfile",
    method: "get",
    path: "/my/profile",
    summary: "The caller's own profile, as the settings page shows and edits it",
    response: ownProfileResponse,
    handler: async (_req, _res, ctx) => ({ success: true, profile: await profileOf(ctx) }),
  },
  {
    ...form,
    id: "updateOwnProfile",
    path: "/my/profile",
    summary:
      "The account tab: full name, phone (any usual spelling; stored in E.164), province, about, skills (a list, or one text comma- or line-separated). Every field: an absent or empty one clears it",
    body: { schema: accountBody },
    response: ownProfileResponse,
    handler: async (req, _res, ctx) => {
      await updateProfile(ctx.app, { user: ctx.user, input: req.body ?? {} });
      return { success: true, profile: await profileOf(ctx) };
    },
  },
  {
    ...form,
    id: "updateOwnSocialLinks",
    path: "/my/profile/social",
    summary: "The social tab: the 11 profile links (absolute http(s) addresses); an absent or empty one is removed",
    body: { schema: socialSchema },
    response: ownProfileResponse,
    handler: async (req, _res, ctx) => {
      await updateSocial(ctx.app, { user: ctx.user, input: req.body ?? {} });
      return { success: true, profile: await profileOf(ctx) };
    },
  },
  {
    ...form,
    id: "updateOwnNotifications",
    path: "/my/notifications",
    summary: "The mails the caller wants: blogCommentMail, a mail when a comment on their blog post (or their company's) is approved",
    body: { schema: notificationsSchema },
    response: ownProfileResponse,
    handler: async (req, _res, ctx) => {
      await updateNotifications(ctx.app, { user: ctx.user, input: req.body ?? {} });
      return { success: true, profile: await profileOf(ctx) };
    },
  },
  {
    ...common,
    id: "uploadOwnPhoto",
    path: "/my/profile/photo",
    summary: `The profile photo: one JPEG, PNG or WebP file (judged by its content) of at most ${PHOTO_MAX_MB} MB in the field \`${PHOTO_FIELD}\`, cropped and re-encoded as a 256×256 WebP; it replaces the previous one. 20 an hour`,
    body: { type: "multipart/form-data", schema: z.object({ [PHOTO_FIELD]: z.string().openapi({ format: "binary" }) }) },
    response: photoResponse,
    unavailable: "The file could not be stored; try again later (E_UNAVAILABLE)",
    // Multipart, the file streamed to disk and judged by its content, then re-encoded by the page's service.
    handler: async (req, _res, ctx) => {
      const { image } = await uploadPhoto(ctx.app, { user: ctx.user, headers: req.headers as Record<string, string | undefined>, body: req });
      return { success: true, image: avatarUrl(image, ctx.app.config.SITE_URL) };
    },
  },
  {
    ...common,
    id: "removeOwnPhoto",
    path: "/my/profile/photo/remove",
    summary: "Remove the profile photo (the default avatar shows again)",
    response: photoResponse,
    bodyOptional: true,
    handler: async (_req, _res, ctx) => {
      await removePhoto(ctx.app, { user: ctx.user });
      return { success: true, image: null };
    },
  },
  {
    ...form,
    id: "changeOwnPassword",
    path: "/my/password",
    summary:
      "The password tab: the current password and the new one twice. Every session and token of the account ends (this one too); the answer carries the caller's new token. 5 wrong current passwords in 15 minutes, then 429",
    body: { schema: passwordSchema },
    response: passwordChangedResponse,
    notFound: "The account is gone (E_NOT_FOUND, user not found)",
    handler: async (req, _res, ctx) => {
      const { token } = await changePassword(ctx.app, { user: ctx.user, input: req.body ?? {}, sessionKind: "api" });
      return { success: true, token };
    },
  },
  {
    ...form,
    id: "requestOwnAccountDeletion",
    path: "/my/deletion-request",
    summary:
      "The deletion tab: the password and `confirm: true`. Access ends at once (every session and token), a notice is mailed, the data is erased after the retention period unless an administrator restores the account. The last active administrator cannot leave (409)",
    body: { schema: deletionSchema },
    response: deletionRequestedResponse,
    conflict: "The caller is the last active administrator (E_CONFLICT)",
    // Access ends at once; the data goes after the retention period (a notice is mailed).
    handler: async (req, res, ctx) => {
      const { erasureAt } = await requestDeletion(ctx.app, { user: ctx.user, input: req.body ?? {} });
      res.setHeader("Set-Cookie", clearedSessionCookie());
      return { success: true, erasureAt: erasureAt.toISOString() };
    },
  },
];
