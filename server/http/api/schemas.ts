import { z } from "../../platform/api-zod";

export { errorResponse, localizedName, messageResponse, successResponse } from "../../platform/api-shapes";
import { COMPANY_PUBLISH_STATES } from "../../../common/companies";
import { DIFF_FIELDS } from "../../companies/approvals";
import { USER_STATES } from "../../../common/admin";
import { SOCIAL_KEYS, type SocialKey } from "../../../common/social";
import { SETTINGS_BOUNDS } from "../../../common/forms/settings";


/** Request and response shapes of /api/v1, shared by the handlers and the OpenAPI document. */
export const contactResponse = z.object({ success: z.literal(true), id: z.number().int() });

export const userInfoSchema = z
  .object({
    fullname: z.string(),
    email: z.string(),
    image: z.string().nullable().openapi({ description: "Absolute URL of the profile photo, or null for the default avatar" }),
    admin: z.boolean(),
  })
  .openapi("UserInfo");
export const loginResponse = z.object({ success: z.literal(true), token: z.string(), user: userInfoSchema });
export const meResponse = z.object({ success: z.literal(true), user: userInfoSchema });

/* ---------- company directory ---------- */

export const companyCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    typeId: z.number().int(),
    subTypeId: z.number().int().nullable(),
    profileSegment: z.string().openapi({ description: "First segment of the profile page's path (the sub type's url, or the type's)" }),
    logo: z.string().nullable().openapi({ description: "File name under /media/company-logos/" }),
    country: z.string(),
    provinceCode: z.number().int().nullable(),
    servesWholeCountry: z.boolean(),
    verified: z.boolean(),
    isDemo: z.boolean().openapi({ description: "Invented demo data: show it labelled as such" }),
    sponsored: z.boolean().openapi({ description: "Sponsored now: show the label; it never changes filters or order" }),
    reviewCount: z.number().int().openapi({ description: "Confirmed reviews" }),
    score: z.number().nullable().openapi({ description: "Mean score of confirmed reviews, one decimal" }),
    createdAt: z.string(),
    tags: z.array(z.string()),
  })
  .openapi("CompanyCard");

export const companyListResponse = z.object({
  success: z.literal(true),
  items: z.array(companyCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(["relevance", "oldest", "newest", "random"]),
  seed: z.string().nullable().openapi({ description: "The random order's seed: send it back for the next pages" }),
});

const provinceRef = z.object({ code: z.number().int(), value: z.string(), url: z.string() });
export const companyProfileSchema = companyCardSchema
  .omit({ provinceCode: true })
  .extend({
    province: provinceRef.nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    kepAddress: z.string().nullable(),
    corporateTitle: z.string().nullable(),
    webUrl: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    about: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    metaTitle: z.string().nullable(),
    metaKeywords: z.string().nullable(),
    metaDescription: z.string().nullable(),
    packagesFooterText: z.string().nullable(),
    provinces: z.array(provinceRef),
    services: z.array(z.object({ name: z.string(), description: z.string().nullable(), logo: z.string().nullable() })),
    selfManaged: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi("CompanyProfile");
export const companyProfileResponse = z.object({ success: z.literal(true), company: companyProfileSchema });

export const ownCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    publishState: z.enum(["pending", "published", "rejected", "unpublished"]),
    editPending: z.boolean().openapi({ description: "An edit of the published version waits for an administrator" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("OwnCompany");
export const ownCompaniesResponse = z.object({ success: z.literal(true), companies: z.array(ownCompanySchema) });
export const companyCreatedResponse = z.object({ success: z.literal(true), id: z.number().int(), slug: z.string(), publishState: z.literal("pending") });
export const companyUpdatedResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  outcome: z.enum(["edited", "submitted"]).openapi({ description: "submitted: an edit of a published company waits for approval; edited: an unpublished one changed (still waiting)" }),
});
/* ---------- administrators' company screens (isletme/onay, the edit page's sponsorship and flags) ---------- */

const changeValue = z.unknown().openapi({
  description:
    "The field's value as stored, as JSON (null when empty or, for a new profile, before): text, a number (typeId, subTypeId, provinceCode), a boolean, a list of plate codes or tags, or the services [{name, description, logo}]. Logos are file names under /media/company-logos/. Show as text, never as markup",
});
export const approvalQueueItemSchema = z
  .object({
    companyId: z.number().int(),
    kind: z.enum(["new", "edit"]).openapi({ description: "new: a profile never published; edit: a proposed edit of a published one (the published version stays live meanwhile)" }),
    name: z.string().openapi({ description: "The company's name (the live one for an edit)" }),
    ownerName: z.string().nullable(),
    submittedAt: z.string().openapi({ format: "date-time" }),
    changes: z.array(
      z
        .object({
          field: z.enum(DIFF_FIELDS),
          before: changeValue,
          after: changeValue,
        })
        .openapi("ApprovalChange"),
    ).openapi({ description: "What changed, field by field (every filled field for a new profile), in the form's order" }),
  })
  .openapi("ApprovalQueueItem");
export const approvalQueueResponse = z.object({
  success: z.literal(true),
  waiting: z
    .object({ new: z.number().int(), edit: z.number().int(), shown: z.number().int() })
    .openapi({ description: "How many wait in all; the list holds the oldest `shown` of each kind" }),
  items: z.array(approvalQueueItemSchema).openapi({ description: "Oldest first" }),
});
export const approvalDecisionResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  name: z.string(),
  kind: z.enum(["new", "edit"]),
  mailed: z.boolean().openapi({ description: "Whether the owner was mailed (false: no owner, or an erased account)" }),
});
export const sponsorshipPeriodSchema = z
  .object({
    startsAt: z.string().openapi({ format: "date-time" }),
    endsAt: z.string().openapi({ format: "date-time", description: "Exclusive: the first moment the label is gone" }),
    state: z.enum(["past", "current", "upcoming"]),
  })
  .openapi("SponsorshipPeriod");
export const sponsorshipsResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  sponsoredNow: z.boolean(),
  periods: z.array(sponsorshipPeriodSchema).openapi({ description: "Latest first (at most 20)" }),
});
export const sponsorshipSetResponse = z.object({ success: z.literal(true), companyId: z.number().int(), period: sponsorshipPeriodSchema });
export const sponsorshipEndedResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  ended: z.number().int().openapi({ description: "Running periods ended now" }),
  removed: z.number().int().openapi({ description: "Periods not yet started, deleted" }),
});
export const packageSponsorshipResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  sponsoredNow: z.boolean().openapi({ description: "Labelled sponsored right now" }),
  period: z.union([sponsorshipPeriodSchema, z.null()]).openapi({ description: "The package's one period (a new one replaces it); null: none" }),
});
export const packageSponsorshipSetResponse = z.object({ success: z.literal(true), packageId: z.number().int(), period: sponsorshipPeriodSchema });
export const packageSponsorshipEndedResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  outcome: z.enum(["ended", "removed"]).openapi({ description: "ended: the running period ended now; removed: a period not yet started was deleted" }),
});
export const companyFlagsBody = z
  .object({
    verified: z.boolean().optional().openapi({ description: "Absent: false, as an unticked box on the page" }),
    selfManaged: z.boolean().optional().openapi({ description: "Absent: false, as an unticked box on the page" }),
    visible: z.enum(["published", "unpublished"]).optional().openapi({ description: "Take a published profile down, or put it back; only for a published or unpublished one (409 otherwise)" }),
  })
  .openapi("CompanyFlags");
export const companyFlagsResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  verified: z.boolean(),
  selfManaged: z.boolean(),
  publishState: z.enum(COMPANY_PUBLISH_STATES),
});

/* ---------- own account: settings and profile pages (/ayarlar, /kullanici/profil) ---------- */

export const ownProfileSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    accountType: z.enum(["individual", "corporate"]),
    isAdmin: z.boolean(),
    phone: z.string().nullable().openapi({ description: "E.164", example: "+905321234567" }),
    cityCode: z.number().int().nullable().openapi({ description: "The province's plate code (1–81)" }),
    about: z.string().nullable(),
    skills: z.array(z.string()),
    social: z
      .object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.string().optional()])) as Record<SocialKey, z.ZodOptional<z.ZodString>>)
      .openapi({ description: "The profile links that are set (an absent key has none)" }),
    image: z.string().nullable().openapi({ description: "Absolute URL of the profile photo (a 256×256 WebP), or null for the default avatar" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("OwnProfile");
export const ownProfileResponse = z.object({ success: z.literal(true), profile: ownProfileSchema });
export const photoResponse = z.object({
  success: z.literal(true),
  image: z.string().nullable().openapi({ description: "Absolute URL of the new photo; null once removed" }),
});
export const passwordChangedResponse = z.object({
  success: z.literal(true),
  token: z.string().openapi({ description: "The caller's new bearer token: every earlier session and token of the account has ended, the one of this call too" }),
});
export const deletionRequestedResponse = z.object({
  success: z.literal(true),
  erasureAt: z.string().openapi({ format: "date-time", description: "When the account's data is erased for good, unless an administrator restores it before" }),
});
/* ---------- the administrators' user page (/kullanicilar) ---------- */

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    accountType: z.enum(["individual", "corporate"]),
    isAdmin: z.boolean(),
    state: z.enum(USER_STATES).openapi({
      description: "One state by precedence: erased, then deletionRequested (even when also deactivated), then deactivated, else active",
    }),
    deletionDaysLeft: z.number().int().nullable().openapi({ description: "With a deletion request: whole days left before the erasure (0 on the last day)" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminUser");
export const userListResponse = z.object({
  success: z.literal(true),
  users: z.array(adminUserSchema).openapi({ description: "Newest registration first" }),
  total: z.number().int(),
  page: z.number().int().openapi({ description: "The page given (a page past the last gives the last)" }),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  search: z.string().openapi({ description: "The search as applied (spaces folded)" }),
  state: z.enum(USER_STATES).nullable(),
});
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string().openapi({ example: "admin.grant" }),
    actorId: z.number().int().nullable().openapi({ description: "null: the system (a scheduled job)" }),
    actorName: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).openapi({ description: "Facts about the change (never personal data)" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AuditEntry");
export const userDetailResponse = z.object({
  success: z.literal(true),
  user: adminUserSchema,
  audit: z.array(auditEntrySchema).openapi({ description: "The newest entries about the user (at most 20), newest first" }),
});
export const userActionResponse = z.object({ success: z.literal(true), user: adminUserSchema.openapi({ description: "The account after the action" }) });

/**
 * The account tab's body as documented: the form's schema (common/forms/settings.ts accountSchema)
 * reads text fields as a form sends them; an app may send the plate code as a number and the
 * skills as a list. Every field but the name may be empty or null (none).
 */
export const accountBody = z
  .object({
    fullName: z.string().min(SETTINGS_BOUNDS.fullName.min).max(SETTINGS_BOUNDS.fullName.max),
    phone: z.string().max(SETTINGS_BOUNDS.phone.max).nullable().optional().openapi({
      description: "With its country code, or a Turkish national number; stored in E.164",
      example: "+90 532 123 45 67",
    }),
    cityCode: z
      .union([z.number().int().min(1).max(81), z.string().regex(/^\d{1,2}$/)])
      .nullable()
      .optional()
      .openapi({ description: "The province's plate code, 1–81 (a number or its digits)", example: 34 }),
    about: z.string().max(SETTINGS_BOUNDS.about.max).nullable().optional().openapi({ description: `${SETTINGS_BOUNDS.about.min}–${SETTINGS_BOUNDS.about.max} characters` }),
    skills: z
      .union([
        z.array(z.string().min(SETTINGS_BOUNDS.skills.item.min).max(SETTINGS_BOUNDS.skills.item.max)).max(SETTINGS_BOUNDS.skills.maxCount),
        z.string().max(SETTINGS_BOUNDS.skills.rawMax),
      ])
      .nullable()
      .optional()
      .openapi({ description: `Up to ${SETTINGS_BOUNDS.skills.maxCount} skills: a list, or one text separated by commas or lines (duplicates merged)` }),
  })
  .openapi("AccountSettings");
