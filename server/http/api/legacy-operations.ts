import { z } from "../../platform/api-zod";
import type { ApiCall } from "../../core/app-context";
import { contactSchema } from "../../../common/forms/contact";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "../../../common/forms/auth";
import { deletionSchema, passwordSchema, PHOTO_FIELD, PHOTO_MAX_MB, socialSchema } from "../../../common/forms/settings";
import { userListQuerySchema } from "../../../common/admin";
import { newsletterSchema } from "../../../common/forms/newsletter";
import { companyListQuerySchema, companyReviewSchema, reviewAnswerSchema } from "../../../common/forms/companies";
import {
  companyListResponse,
  companyProfileResponse,
  contactResponse,
  loginResponse,
  meResponse,
  successResponse,
  ownCompaniesResponse,
  companyCreatedResponse,
  companyUpdatedResponse,
  approvalQueueResponse,
  approvalDecisionResponse,
  sponsorshipsResponse,
  sponsorshipSetResponse,
  sponsorshipEndedResponse,
  companyFlagsBody,
  companyFlagsResponse,
  packageSponsorshipResponse,
  packageSponsorshipSetResponse,
  packageSponsorshipEndedResponse,
  ownProfileResponse,
  accountBody,
  photoResponse,
  passwordChangedResponse,
  deletionRequestedResponse,
  messageResponse,
  userListResponse,
  userDetailResponse,
  userActionResponse,
} from "./schemas";
import { reviewsResponse, reviewWrittenResponse } from "../../reviews/api-schemas";
import { callMeBody, leadResponse, subscribeBody } from "../../leads/api-schemas";
import { USER_ACTION_SEGMENTS } from "./user-admin";
import { companyEditSchema, rejectSchema, sponsorshipSchema } from "../../../common/forms/company-edit";

type Operation = ApiCall;

const slugParam = z.object({ slug: z.string().openapi({ description: "The company's url slug", example: "ornek-fiber" }) });

const pageQuery = z.object({ page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }) });

/**
 * The calls not yet declared beside their area: documented here, served by the routers of this
 * folder. Each area's calls move into its module (`api`) and out of this list.
 */
export const legacyOperations: Operation[] = [
  {
    id: "subscribeToNewsletter", path: "/home/add-mail-to-list",
    summary: "Newsletter sign-up (consent required; a repeated address is not an error)",
    tag: "newsletter",
    body: { schema: newsletterSchema.extend({ emailCheckbox: z.literal(true) }) },
    response: successResponse,
  },
  {
    id: "sendContactForm", path: "/contact",
    summary: "Contact offer form; attachments zip/pdf/png/jpg, ≤10 MB each, ≤50 MB in all",
    tag: "contact",
    body: {
      type: "multipart/form-data",
      schema: contactSchema.extend({ attachments: z.array(z.string().openapi({ format: "binary" })).optional() }),
    },
    response: contactResponse,
  },
  {
    id: "register", path: "/register",
    summary: "Create an account (individual or corporate) and sign it in; a verification mail is sent",
    tag: "accounts",
    body: { schema: registerSchema },
    response: loginResponse,
  },
  {
    id: "login", path: "/login",
    summary: "Sign in: a revocable bearer token and the user info",
    tag: "accounts",
    body: { schema: loginSchema },
    response: loginResponse,
  },
  {
    id: "logout",
    path: "/logout",
    summary: "End the session or token of the request (idempotent)",
    tag: "accounts",
    auth: "optional",
    response: successResponse,
  },
  {
    id: "resendVerificationMail",
    path: "/verification-mail",
    summary: "Send the signed-in user's verification mail again (3 an hour; 409 E_CONFLICT once verified)",
    tag: "accounts",
    auth: "bearer",
    response: successResponse,
    conflict: "The address is already verified (E_CONFLICT)",
  },
  {
    id: "getMe",
    method: "get",
    path: "/me",
    summary: "The signed-in user (401 E_UNAUTHORIZED for a guest)",
    tag: "accounts",
    auth: "bearer",
    response: meResponse,
  },
  ...mailedCodeOperations(),
  ...accountSettingsOperations(),
  ...userAdminOperations(),
  {
    id: "listCompanies",
    method: "get",
    path: "/companies",
    summary: "Published companies with the lists' filters and sorts (random: send the answer's seed back for the next pages)",
    tag: "companies",
    auth: "optional",
    query: companyListQuerySchema,
    response: companyListResponse,
  },
  {
    id: "getCompany",
    method: "get",
    path: "/companies/{slug}",
    summary: "A published company's profile",
    tag: "companies",
    auth: "optional",
    params: slugParam,
    response: companyProfileResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
  },
  {
    id: "listCompanyReviews",
    method: "get",
    path: "/companies/{slug}/reviews",
    summary: "Confirmed reviews (20 a page, newest first) and the caller's own review in any state",
    tag: "companies",
    auth: "optional",
    params: slugParam,
    query: pageQuery,
    response: reviewsResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
  },
  {
    id: "writeCompanyReview",
    path: "/companies/{slug}/reviews",
    summary: "Write or replace the caller's review (one per user per company); it waits for an administrator. 5 an hour.",
    tag: "companies",
    auth: "bearer",
    params: slugParam,
    body: { schema: companyReviewSchema },
    response: reviewWrittenResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
  },
  {
    id: "sendCompanySubscriptionRequest",
    path: "/companies/{slug}/subscribe",
    summary:
      "Subscription request from a company's profile, without a package (name, surname, phone, consent; optionally the flat and a call-back slot), passed to the company by mail and its webhook; a reference number back. 10 an hour per client, 5 a day per phone number",
    tag: "companies",
    params: slugParam,
    body: { schema: subscribeBody },
    response: leadResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
  },
  {
    id: "sendCompanyCallMeRequest",
    path: "/companies/{slug}/call-me",
    summary: "Call-me request from a company's profile, without a package (full name, phone; optionally the flat and a call-back slot), passed to the company; a reference number back",
    tag: "companies",
    params: slugParam,
    body: { schema: callMeBody },
    response: leadResponse,
    notFound: "No published company has this slug (E_NOT_FOUND)",
  },
  {
    id: "answerCompanyReview",
    path: "/reviews/{id}/answer",
    summary: "The company's one public answer to a confirmed review (its owner or an administrator)",
    tag: "companies",
    auth: "bearer",
    params: z.object({ id: z.string().openapi({ description: "The review's id", example: "12" }) }),
    body: { schema: reviewAnswerSchema },
    response: successResponse,
    notFound: "No review of the caller's companies has this id (E_NOT_FOUND)",
    forbidden: "The caller is an individual account (E_FORBIDDEN)",
    conflict: "The review is not confirmed, or already answered (E_CONFLICT)",
  },
  {
    id: "listOwnCompanies",
    method: "get",
    path: "/my/companies",
    summary: "The signed-in corporate user's company profiles (every profile for an administrator)",
    tag: "company-dashboard",
    auth: "bearer",
    response: ownCompaniesResponse,
    forbidden: "Not a corporate account (E_FORBIDDEN)",
  },
  {
    id: "createOwnCompany",
    path: "/my/companies",
    summary: "A new company profile; it waits for an administrator's approval before it is public",
    tag: "company-dashboard",
    auth: "bearer",
    body: { schema: companyEditSchema },
    response: companyCreatedResponse,
    forbidden: "Not a corporate account (E_FORBIDDEN)",
  },
  {
    id: "updateOwnCompany",
    path: "/my/companies/{id}",
    summary: "Edit an own company profile; an edit of a published one waits for approval while the published version stays",
    tag: "company-dashboard",
    auth: "bearer",
    params: z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) }),
    body: { schema: companyEditSchema },
    response: companyUpdatedResponse,
    forbidden: "Not a corporate account (E_FORBIDDEN)",
    notFound: "No such company among the user's own (E_NOT_FOUND)",
  },
  ...companyAdminOperations(),
  ...packageAdminOperations(),
];

/** The pages reached from mails (forgot and reset password, e-mail verification); the code travels in the body. */
function mailedCodeOperations(): Operation[] {
  const code = z.string().openapi({ description: "The code from the mailed link: the last segment of its path", example: "hG2fM0x8Qd1VbWJ3n5sTzY7kLpA9cR4eU6iO2wXyZaQ" });
  const codeBody = z.object({ code });
  return [
    {
      id: "requestPasswordReset", path: "/forgot-password", tag: "accounts",
      summary: "The forgot-password form: a reset link is mailed when the address has an account that may sign in; the answer is the same either way. 10 an hour per client, one per address every 5 minutes",
      body: { schema: forgotPasswordSchema }, response: messageResponse,
      unavailable: "The mail could not be queued; try again later (E_UNAVAILABLE)",
    },
    {
      id: "checkPasswordResetCode", path: "/reset-password/check", tag: "accounts",
      summary: "Whether a password-reset code still works (what the reset page checks before showing its form)",
      body: { schema: codeBody }, response: successResponse,
      notFound: "The code is unknown or used (E_NOT_FOUND)", gone: "The code has expired: ask for a new reset (E_GONE)",
    },
    {
      id: "resetPassword", path: "/reset-password", tag: "accounts",
      summary: "Set a new password with a mailed code (used once); every session and token of the account ends. 10 tries in 15 minutes per client",
      body: { schema: z.object({ code, password: resetPasswordSchema.shape.password, passwordConfirm: resetPasswordSchema.shape.passwordConfirm }) },
      response: successResponse,
      notFound: "The code is unknown or used (E_NOT_FOUND)", gone: "The code has expired: ask for a new reset (E_GONE)",
    },
    {
      id: "verifyEmail", path: "/verify-email", tag: "accounts",
      summary: "Verify the account's e-mail address with the code of the verification mail (what opening its link does); the code is used up",
      body: { schema: codeBody }, response: successResponse,
      notFound: "The code is unknown or used (E_NOT_FOUND)", gone: "The code has expired: ask for a new mail, POST /verification-mail (E_GONE)",
    },
  ];
}

/** The settings page's tabs and the profile page (/ayarlar, /kullanici/profil): the signed-in caller's own account. */
function accountSettingsOperations(): Operation[] {
  const common = { tag: "account-settings", auth: "bearer" as const };
  return [
    { ...common, id: "getOwnProfile", method: "get", path: "/my/profile", summary: "The caller's own profile, as the settings page shows and edits it", response: ownProfileResponse },
    {
      ...common, id: "updateOwnProfile", path: "/my/profile",
      summary: "The account tab: full name, phone (any usual spelling; stored in E.164), province, about, skills (a list, or one text comma- or line-separated). Every field: an absent or empty one clears it",
      body: { schema: accountBody }, response: ownProfileResponse,
    },
    {
      ...common, id: "updateOwnSocialLinks", path: "/my/profile/social",
      summary: "The social tab: the 11 profile links (absolute http(s) addresses); an absent or empty one is removed",
      body: { schema: socialSchema }, response: ownProfileResponse,
    },
    {
      ...common, id: "uploadOwnPhoto", path: "/my/profile/photo",
      summary: `The profile photo: one JPEG, PNG or WebP file (judged by its content) of at most ${PHOTO_MAX_MB} MB in the field \`${PHOTO_FIELD}\`, cropped and re-encoded as a 256×256 WebP; it replaces the previous one. 20 an hour`,
      body: { type: "multipart/form-data", schema: z.object({ [PHOTO_FIELD]: z.string().openapi({ format: "binary" }) }) },
      response: photoResponse, unavailable: "The file could not be stored; try again later (E_UNAVAILABLE)",
    },
    { ...common, id: "removeOwnPhoto", path: "/my/profile/photo/remove", summary: "Remove the profile photo (the default avatar shows again)", response: photoResponse, bodyOptional: true },
    {
      ...common, id: "changeOwnPassword", path: "/my/password",
      summary: "The password tab: the current password and the new one twice. Every session and token of the account ends (this one too); the answer carries the caller's new token. 5 wrong current passwords in 15 minutes, then 429",
      body: { schema: passwordSchema }, response: passwordChangedResponse,
      notFound: "The account is gone (E_NOT_FOUND, user not found)",
    },
    {
      ...common, id: "requestOwnAccountDeletion", path: "/my/deletion-request",
      summary: "The deletion tab: the password and `confirm: true`. Access ends at once (every session and token), a notice is mailed, the data is erased after the retention period unless an administrator restores the account. The last active administrator cannot leave (409)",
      body: { schema: deletionSchema }, response: deletionRequestedResponse,
      conflict: "The caller is the last active administrator (E_CONFLICT)",
    },
  ];
}

/** The administrators' user page (/kullanicilar): list, history, grant or revoke admin, deactivate, restore. */
function userAdminOperations(): Operation[] {
  const common = { tag: "user-admin", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)" };
  const userParam = z.object({ id: z.string().openapi({ description: "The user's id", example: "12" }) });
  const noUser = "No user has this id (E_NOT_FOUND; a malformed id answers the same)";
  const summaries: Record<keyof typeof USER_ACTION_SEGMENTS, { id: string; summary: string; conflict: string }> = {
    grantAdmin: { id: "grantAdmin", summary: "Make the user an administrator", conflict: "Already an administrator, or the account is erased (E_CONFLICT)" },
    revokeAdmin: {
      id: "revokeAdmin",
      summary: "Revoke the user's administrator rights (one's own too), never the last active administrator's",
      conflict: "Not an administrator, the last active one, or the account is erased (E_CONFLICT)",
    },
    deactivate: {
      id: "deactivateUser",
      summary: "Deactivate the account: every session and token ends at once and sign-in is refused",
      conflict: "Already deactivated, one's own account, the last active administrator, or erased (E_CONFLICT)",
    },
    restore: {
      id: "restoreUser",
      summary: "Restore the account: a deactivation ends and a pending deletion request is cancelled",
      conflict: "Already active, or erased for good (E_CONFLICT)",
    },
  };
  return [
    {
      ...common, id: "listUsers", method: "get", path: "/admin/users",
      summary: "Users, newest registration first, 20 a page; `search` finds a part of the name or e-mail (Turkish letters folded, case ignored)",
      query: userListQuerySchema.extend({
        page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }),
      }),
      response: userListResponse,
    },
    {
      ...common, id: "getUser", method: "get", path: "/admin/users/{id}", summary: "One user and the newest audit entries about them",
      params: userParam, response: userDetailResponse, notFound: noUser,
    },
    ...(Object.entries(USER_ACTION_SEGMENTS) as [keyof typeof USER_ACTION_SEGMENTS, string][]).map(
      ([intent, segment]): Operation => ({
        ...common,
        id: summaries[intent].id,
        path: `/admin/users/{id}/${segment}`,
        summary: `${summaries[intent].summary}; audit-logged`,
        params: userParam,
        response: userActionResponse,
        notFound: noUser,
        conflict: summaries[intent].conflict,
        bodyOptional: true,
      }),
    ),
  ];
}


/** The administrators' company screens: the approval queue, sponsorship and flags. Administrators only. */
function companyAdminOperations(): Operation[] {
  const companyParam = z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) });
  const common = { tag: "company-admin", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)" };
  const noCompany = "No company has this id (E_NOT_FOUND; a forged id answers the same)";
  return [
    {
      ...common, id: "listCompanyApprovals", method: "get", path: "/admin/company-approvals",
      summary: "The approval queue of isletme/onay: new profiles and edits of published ones, oldest first, each with what changed field by field",
      response: approvalQueueResponse,
    },
    {
      ...common, id: "approveCompany", path: "/admin/companies/{id}/approve",
      summary: "Approve what waits for a company: a new profile goes public, or a pending edit replaces the published version; the owner is mailed; audit-logged",
      params: companyParam, response: approvalDecisionResponse, notFound: noCompany, conflict: "Nothing of this company waits for approval (E_CONFLICT)", bodyOptional: true,
    },
    {
      ...common, id: "rejectCompany", path: "/admin/companies/{id}/reject",
      summary: "Reject what waits for a company, with a reason mailed to the owner in the owner's language (a new profile becomes rejected; a pending edit is dropped and the published version stays); audit-logged",
      params: companyParam, body: { schema: rejectSchema }, response: approvalDecisionResponse, notFound: noCompany, conflict: "Nothing of this company waits for approval (E_CONFLICT)",
    },
    {
      ...common, id: "listCompanySponsorships", method: "get", path: "/admin/companies/{id}/sponsorships",
      summary: "A company's sponsorship periods, latest first, and whether it is labelled sponsored now",
      params: companyParam, response: sponsorshipsResponse, notFound: noCompany,
    },
    {
      ...common, id: "sponsorCompany", path: "/admin/companies/{id}/sponsorships",
      summary: "Mark a company sponsored for a period (UTC days, `until` inclusive, 2000–2099). A label only: it never changes a list's results or their order; audit-logged",
      params: companyParam, body: { schema: sponsorshipSchema }, response: sponsorshipSetResponse, notFound: noCompany,
    },
    {
      ...common, id: "endCompanySponsorship", path: "/admin/companies/{id}/sponsorships/end",
      summary: "End a company's sponsorship now: the running period ends, periods not yet started are deleted, past ones stay; audit-logged",
      params: companyParam, response: sponsorshipEndedResponse, notFound: noCompany, conflict: "No running or upcoming period (E_CONFLICT)", bodyOptional: true,
    },
    {
      ...common, id: "setCompanyFlags", path: "/admin/companies/{id}/flags",
      summary: "Set the verified and self-managed flags (both, as the page's form does), and take a published profile down or put it back; audit-logged",
      params: companyParam, body: { schema: companyFlagsBody }, response: companyFlagsResponse, notFound: noCompany,
      conflict: "`visible` for a profile that is pending or rejected: it is published through the approval queue (E_CONFLICT)",
    },
  ];
}

/** The administrators' package calls: a package's sponsored period. Administrators only. */
function packageAdminOperations(): Operation[] {
  const packageParam = z.object({ id: z.string().openapi({ description: "The package's id", example: "42" }) });
  const common = { tag: "package-admin", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)", params: packageParam };
  const noPackage = "No package has this id (E_NOT_FOUND; a forged id answers the same)";
  return [
    {
      ...common, id: "getPackageSponsorship", method: "get", path: "/admin/packages/{id}/sponsorship",
      summary: "A package's sponsored period and whether it is labelled sponsored now",
      response: packageSponsorshipResponse, notFound: noPackage,
    },
    {
      ...common, id: "sponsorPackage", path: "/admin/packages/{id}/sponsorship",
      summary: "Mark a package sponsored for a period (UTC days, `until` inclusive, 2000–2099), replacing the period it had. A label only: it never changes a search's results or their order; audit-logged",
      body: { schema: sponsorshipSchema }, response: packageSponsorshipSetResponse, notFound: noPackage, conflict: "The package was withdrawn from sale (E_CONFLICT)",
    },
    {
      ...common, id: "endPackageSponsorship", path: "/admin/packages/{id}/sponsorship/end",
      summary: "End a package's sponsorship now: a running period ends, one not yet started is deleted; audit-logged",
      response: packageSponsorshipEndedResponse, notFound: noPackage, conflict: "No running or upcoming period (E_CONFLICT)", bodyOptional: true,
    },
  ];
}
