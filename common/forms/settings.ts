import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "../validation/zod";
import type { MessageKey } from "../i18n";
import { SOCIAL_KEYS, type SocialKey } from "../social";
import { dropInvisibleFormat, hasInvisibleFormat, nameField, requiredConsent } from "../validation/fields";
import { isNewPasswordText } from "./auth";

/**
 * The forms of /ayarlar (account, photo, social profile, password, account deletion) and every
 * bound they use, in one place. The same schemas run in the browser (before sending) and in the
 * services (server/accounts/*). Messages are i18n keys under "settings.validation."; bounds reach
 * the messages as {{min}}/{{max}}.
 */

const MB = 1024 * 1024;

export const SETTINGS_BOUNDS = {
  fullName: { min: 3, max: 100 },
  /** Raw phone input, before it is parsed (digits, spaces, "+", "(", ")", "-", "."). */
  phone: { max: 25 },
  about: { min: 10, max: 1000 },
  skills: {
    /** Most skills one profile may list. */
    maxCount: 10,
    /** Length of one skill, after trimming. */
    item: { min: 2, max: 30 },
    /** The raw text of the skills field (before splitting). */
    rawMax: 1000,
  },
  socialUrl: { max: 200 },
  /** New passwords; the current password is only capped (its bounds were the ones of its day). */
  password: { min: 8, max: 128 },
  currentPassword: { max: 1024 },
  photo: {
    maxBytes: 5 * MB,
    /** Stored photos are square WebP images of this many pixels a side. */
    size: 256,
  },
} as const;

/** Content types a profile photo may have (checked by the file's bytes, not its name). */
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The value of the photo input's accept attribute. */
export const PHOTO_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";
/** The multipart field that carries the photo. */
export const PHOTO_FIELD = "photo";
export const PHOTO_MAX_MB = SETTINGS_BOUNDS.photo.maxBytes / MB;

/** The social profile fields of the settings form: the 11 URLs of spec §3. */
export const SOCIAL_FIELDS = SOCIAL_KEYS;

export { isSettingsIntent, SETTINGS_INTENTS, SETTINGS_TABS, tabFromParam, tabParam, type SettingsIntent, type SettingsTab } from "./settings-tabs";

/* ---------- helpers ---------- */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001F\u007F]/;

/**
 * Well-formed Unicode without control characters. U+FFFD is refused too: it is what a lone
 * surrogate or a broken UTF-8 sequence becomes on its way through a form.
 */
function isCleanText(v: string, allowNewlines: boolean): boolean {
  return v.isWellFormed() && !v.includes("\uFFFD") && !(allowNewlines ? CONTROL_CHARS : CONTROL_OR_NEWLINE).test(v);
}

/** Missing and empty both mean "not given" for optional fields (a form always sends strings). */
const optionalString = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string({ error: "validation.invalid" }));

/** Optional free text: empty means none (null); otherwise min..max characters after trimming. */
function optionalText(prefix: string, bounds: { min: number; max: number }) {
  return optionalString
    .transform((v) => dropInvisibleFormat(v).trim())
    .superRefine((v, ctx) => {
      if (v === "") return;
      if (v.length < bounds.min) {
        ctx.addIssue({ code: "too_small", minimum: bounds.min, origin: "string", inclusive: true, input: v, message: `${prefix}.min` });
      } else if (v.length > bounds.max) {
        ctx.addIssue({ code: "too_big", maximum: bounds.max, origin: "string", inclusive: true, input: v, message: `${prefix}.max` });
      } else if (!isCleanText(v, true)) {
        ctx.addIssue({ code: "custom", input: v, message: `${prefix}.invalid` });
      }
    })
    .transform((v) => (v === "" ? null : v));
}

/* ---------- account ---------- */

const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/**
 * A phone number with its country code ("+90 532 123 45 67"); a national number ("0532 123 45
 * 67") is read as Turkish. Stored in E.164 ("+905321234567"); empty means none.
 */
export function normalizePhone(raw: string): string | null | undefined {
  const v = raw.trim();
  if (v === "") return null;
  if (v.length > SETTINGS_BOUNDS.phone.max || !PHONE_CHARS.test(v)) return undefined;
  const parsed = parsePhoneNumberFromString(v, "TR");
  return parsed?.isValid() ? parsed.number : undefined;
}

const phoneField = optionalString.transform((raw, ctx) => {
  const phone = normalizePhone(raw);
  if (phone === undefined) {
    ctx.addIssue({ code: "custom", input: raw, message: "settings.validation.phone.invalid" });
    return z.NEVER;
  }
  return phone;
});

/** A plate code: the form's select sends its digits, the API may send the number itself. */
const cityField = z.preprocess((v) => (typeof v === "number" && Number.isInteger(v) ? String(v) : v), optionalString).transform((raw, ctx) => {
  const v = raw.trim();
  if (v === "") return null;
  const code = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
  if (!(code >= 1 && code <= 81)) {
    ctx.addIssue({ code: "custom", input: raw, message: "settings.validation.city.invalid" });
    return z.NEVER;
  }
  return code;
});

/** Skills typed comma-separated or one per line: trimmed, empty entries dropped, duplicates merged. */
export function splitSkills(raw: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.split(/[,\n\r]/)) {
    const skill = part.trim().replace(/\s+/g, " ");
    const key = skill.toLocaleLowerCase("tr-TR");
    if (skill && !seen.has(key)) {
      seen.add(key);
      out.push(skill);
    }
  }
  return out;
}

const { skills: SKILLS } = SETTINGS_BOUNDS;

const skillsField = z
  .preprocess((v) => (Array.isArray(v) ? v.join("\n") : v ?? ""), z.string({ error: "validation.invalid" }))
  .superRefine((raw, ctx) => {
    if (raw.length > SKILLS.rawMax) {
      ctx.addIssue({ code: "too_big", maximum: SKILLS.rawMax, origin: "string", inclusive: true, input: raw, message: "settings.validation.skills.rawMax" });
    }
  })
  .transform(splitSkills)
  .superRefine((items, ctx) => {
    if (items.length > SKILLS.maxCount) {
      ctx.addIssue({ code: "too_big", maximum: SKILLS.maxCount, origin: "array", inclusive: true, input: items, message: "settings.validation.skills.count" });
      return;
    }
    for (const item of items) {
      if (item.length < SKILLS.item.min) {
        ctx.addIssue({ code: "too_small", minimum: SKILLS.item.min, origin: "string", inclusive: true, input: item, message: "settings.validation.skills.itemMin" });
        return;
      }
      if (item.length > SKILLS.item.max) {
        ctx.addIssue({ code: "too_big", maximum: SKILLS.item.max, origin: "string", inclusive: true, input: item, message: "settings.validation.skills.itemMax" });
        return;
      }
      if (!isCleanText(item, false)) {
        ctx.addIssue({ code: "custom", input: item, message: "settings.validation.skills.invalid" });
        return;
      }
      if (hasInvisibleFormat(item)) {
        ctx.addIssue({ code: "custom", input: item, message: "validation.invisibleFormat" });
        return;
      }
    }
  });

/** The account tab: full name, phone, city, about and skills. */
export const accountSchema = z.object({
  fullName: nameField("settings.validation.fullName", SETTINGS_BOUNDS.fullName).refine(
    (v) => isCleanText(v, false),
    "settings.validation.fullName.invalid",
  ),
  phone: phoneField,
  cityCode: cityField,
  about: optionalText("settings.validation.about", SETTINGS_BOUNDS.about),
  skills: skillsField,
});
export type AccountInput = z.input<typeof accountSchema>;
export type AccountValues = z.output<typeof accountSchema>;

/* ---------- social profile ---------- */

/**
 * An absolute http(s) URL with a dotted host name, no credentials, and none of the characters a
 * URL never holds unencoded (white space, control characters, quote, angle brackets, backtick,
 * backslash).
 */
export function isHttpUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001F\u007F\uFFFD"<>`\\]/.test(value) || !value.isWellFormed()) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === "" &&
    /^[^.]+(\.[^.]+)+$/.test(url.hostname)
  );
}

const socialUrlField = optionalString
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (v === "") return;
    if (v.length > SETTINGS_BOUNDS.socialUrl.max) {
      ctx.addIssue({ code: "too_big", maximum: SETTINGS_BOUNDS.socialUrl.max, origin: "string", inclusive: true, input: v, message: "settings.validation.social.max" });
    } else if (!isHttpUrl(v)) {
      ctx.addIssue({ code: "custom", input: v, message: "settings.validation.social.format" });
    }
  });

/** The social tab: each of the 11 URLs optional; empty ones are left out of the stored object. */
export const socialSchema = z
  .object(Object.fromEntries(SOCIAL_FIELDS.map((k) => [k, socialUrlField])) as Record<SocialKey, typeof socialUrlField>)
  .transform((values) => {
    const out: Partial<Record<SocialKey, string>> = {};
    for (const key of SOCIAL_FIELDS) if (values[key]) out[key] = values[key];
    return out;
  });
export type SocialInput = Partial<Record<SocialKey, string>>;

/* ---------- password ---------- */

/** Keys of the four password-change errors of spec §8. */
export const PASSWORD_ERRORS = {
  missing: "settings.password.errors.missing",
  mismatch: "settings.password.errors.mismatch",
  userNotFound: "settings.password.errors.userNotFound",
  wrongCurrent: "settings.password.errors.wrongCurrent",
} as const;

const missing = (key: MessageKey) => ({ error: key });

export const passwordSchema = z
  .object({
    currentPassword: z
      .string(missing("settings.validation.currentPassword.required"))
      .min(1, "settings.validation.currentPassword.required")
      .max(SETTINGS_BOUNDS.currentPassword.max, "settings.validation.currentPassword.max"),
    newPassword: z
      .string(missing("settings.validation.newPassword.required"))
      .min(1, "settings.validation.newPassword.required")
      .min(SETTINGS_BOUNDS.password.min, "settings.validation.newPassword.min")
      .max(SETTINGS_BOUNDS.password.max, "settings.validation.newPassword.max")
      .refine(isNewPasswordText, "settings.validation.newPassword.invalid"),
    newPasswordRepeat: z
      .string(missing("settings.validation.newPasswordRepeat.required"))
      .min(1, "settings.validation.newPasswordRepeat.required"),
  })
  .refine((v) => v.newPassword === v.newPasswordRepeat, { path: ["newPasswordRepeat"], message: PASSWORD_ERRORS.mismatch });
export type PasswordInput = z.input<typeof passwordSchema>;

/* ---------- account deletion ---------- */

export const deletionSchema = z.object({
  password: z
    .string(missing("settings.validation.deletionPassword.required"))
    .min(1, "settings.validation.deletionPassword.required")
    .max(SETTINGS_BOUNDS.currentPassword.max, "settings.validation.deletionPassword.max"),
  confirm: requiredConsent("settings.validation.deletionConfirm"),
});
export type DeletionInput = z.input<typeof deletionSchema>;

/** The mails one may turn off: a comment on one's blog post (or one's company's) approved. */
export const notificationsSchema = z.object({
  blogCommentMail: z.boolean({ error: "settings.validation.notifications.flag" }),
});
export type NotificationsInput = z.infer<typeof notificationsSchema>;
