import { USER_STATES } from "../../common/admin";
import { SETTINGS_BOUNDS } from "../../common/forms/settings";
import { SOCIAL_KEYS, type SocialKey } from "../../common/social";
import { z } from "../platform/api-zod";

/* ---------- signing in: registration, login, the current user ---------- */

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
    blogCommentMail: z.boolean().openapi({ description: "A mail when a comment on the caller's blog post (or their company's) is approved" }),
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
