import { z } from "../validation/zod";
import { COMPANY_BOUNDS, COMPANY_COUNTRIES } from "../companies";
import type { CompanyTextFields } from "../company-views";
import { corporateTypes } from "../corporate-types";
import { emailField, nameField, textField } from "../validation/fields";
import { optional, optionalText, phoneField, provincesField, tagsField, urlField } from "./company-fields";

/**
 * The company dashboard's form (spec §3 corporate profile), shared by the page action
 * (isletme/yeni-isletme, isletme/duzenle/:id) and /api/v1/my/companies. The logo is a file of its
 * own (multipart on the page), checked by content on the server; everything else is here.
 */

/** Where a company is filed: a sub type's url, or the url of a type without sub types. */
export function companyCategoryUrls(): string[] {
  const out: string[] = [];
  for (const type of corporateTypes) {
    if (type.key === "show_all") continue;
    if (type.corporate_sub_types.length === 0) out.push(type.url);
    for (const sub of type.corporate_sub_types) if (sub.key !== "show_all") out.push(sub.url);
  }
  return out;
}

/** The type and sub type a category url stands for (undefined for an unknown url). */
export function categoryIds(url: string): { typeId: number; subTypeId: number | null } | undefined {
  for (const type of corporateTypes) {
    if (type.key === "show_all") continue;
    if (type.corporate_sub_types.length === 0 && type.url === url) return { typeId: type.id, subTypeId: null };
    const sub = type.corporate_sub_types.find((s) => s.key !== "show_all" && s.url === url);
    if (sub) return { typeId: type.id, subTypeId: sub.id };
  }
  return undefined;
}

/** The category url of a stored type/sub type pair. */
export function categoryUrl(typeId: number, subTypeId: number | null): string | undefined {
  const type = corporateTypes.find((t) => t.id === typeId);
  if (!type) return undefined;
  if (subTypeId === null) return type.url;
  return type.corporate_sub_types.find((s) => s.id === subTypeId)?.url;
}

export const companyServiceSchema = z.object({
  name: nameField("companyAdmin.validation.serviceName", COMPANY_BOUNDS.serviceName),
  description: optionalText("companyAdmin.validation.serviceDescription", COMPANY_BOUNDS.serviceDescription.max),
});

/** A checkbox ("on") or a JSON boolean. */
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const companyEditSchema = z
  .object({
    name: nameField("companyAdmin.validation.name", COMPANY_BOUNDS.name),
    category: z.string({ error: "companyAdmin.validation.category" }).refine((v) => categoryIds(v) !== undefined, "companyAdmin.validation.category"),
    country: z.enum(COMPANY_COUNTRIES, { error: "companyAdmin.validation.country" }),
    provinceCode: optional(
      z.coerce.number({ error: "companyAdmin.validation.provinceCode" }).int("companyAdmin.validation.provinceCode").min(1, "companyAdmin.validation.provinceCode").max(81, "companyAdmin.validation.provinceCode"),
    ),
    phone: optional(phoneField("companyAdmin.validation.phone")),
    fax: optional(phoneField("companyAdmin.validation.fax")),
    kepAddress: optional(emailField({ min: 6, max: COMPANY_BOUNDS.kepAddress.max }, "companyAdmin.validation.kepAddress")),
    corporateTitle: optionalText("companyAdmin.validation.corporateTitle", COMPANY_BOUNDS.corporateTitle.max),
    webUrl: optional(urlField("companyAdmin.validation.webUrl", COMPANY_BOUNDS.webUrl.max)),
    email: optional(emailField({ min: 6, max: COMPANY_BOUNDS.email.max }, "companyAdmin.validation.email")),
    address: optionalText("companyAdmin.validation.address", COMPANY_BOUNDS.address.max),
    tags: tagsField,
    about: optionalText("companyAdmin.validation.about", COMPANY_BOUNDS.about.max),
    youtubeUrl: optional(
      urlField("companyAdmin.validation.youtubeUrl", COMPANY_BOUNDS.youtubeUrl.max).refine(
        (v) => /^https?:\/\/((www|m)\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\//.test(v),
        "companyAdmin.validation.youtubeUrl.invalid",
      ),
    ),
    metaTitle: optionalText("companyAdmin.validation.metaTitle", COMPANY_BOUNDS.metaTitle.max),
    metaKeywords: optionalText("companyAdmin.validation.metaKeywords", COMPANY_BOUNDS.metaKeywords.max),
    metaDescription: optionalText("companyAdmin.validation.metaDescription", COMPANY_BOUNDS.metaDescription.max),
    packagesFooterText: optionalText("companyAdmin.validation.packagesFooterText", COMPANY_BOUNDS.packagesFooterText.max),
    servesWholeCountry: flag,
    provinces: provincesField,
    services: z
      .array(companyServiceSchema, { error: "companyAdmin.validation.services.invalid" })
      .max(COMPANY_BOUNDS.maxServices, "companyAdmin.validation.services.max")
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.servesWholeCountry && v.provinces.length === 0) {
      ctx.addIssue({ code: "custom", path: ["provinces"], message: "companyAdmin.validation.provincesRequired" });
    }
  });

export type CompanyEditInput = z.input<typeof companyEditSchema>;
export type CompanyEditValues = z.output<typeof companyEditSchema>;

/** A company's contact and content fields (`CompanyTextFields`), in the order the page shows them. */
export const COMPANY_CONTENT_FIELDS = [
  "phone",
  "fax",
  "kepAddress",
  "corporateTitle",
  "webUrl",
  "email",
  "address",
  "tags",
  "about",
  "youtubeUrl",
  "metaTitle",
  "metaKeywords",
  "metaDescription",
  "packagesFooterText",
] as const satisfies readonly (keyof CompanyTextFields)[];
/** Fails to compile when CompanyTextFields gains a field the list above lacks. */
const CONTENT_FIELDS_COMPLETE: [Exclude<keyof CompanyTextFields, (typeof COMPANY_CONTENT_FIELDS)[number]>] extends [never] ? true : never = true;
void CONTENT_FIELDS_COMPLETE;

/** The fields the approval queue's diff compares (every field an owner edits), in the form's order. */
export const DIFF_FIELDS = [
  "name",
  "typeId",
  "subTypeId",
  "logo",
  "country",
  "provinceCode",
  ...COMPANY_CONTENT_FIELDS,
  "servesWholeCountry",
  "provinces",
  "services",
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** The contact and content fields of anything that has them (a row, a parsed form), and nothing else. */
export function contentFields(from: CompanyTextFields): CompanyTextFields {
  return Object.fromEntries(COMPANY_CONTENT_FIELDS.map((f) => [f, from[f]])) as unknown as CompanyTextFields;
}

/** The form's field names, in the order the page shows them. */
export const COMPANY_TEXT_FIELDS = ["name", "category", "country", "provinceCode", ...COMPANY_CONTENT_FIELDS] as const;

/** The multipart field of the logo file. */
export const COMPANY_LOGO_FIELD = "logo";
export const COMPANY_LOGO_MAX_MB = 2;
export const COMPANY_LOGO_MAX_BYTES = COMPANY_LOGO_MAX_MB * 1024 * 1024;
export const COMPANY_LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const COMPANY_LOGO_ACCEPT = ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp";
/** Logos are fitted inside this square (kept whole, transparent background), stored as WebP. */
export const COMPANY_LOGO_SIZE = 256;

/**
 * The page form sends services as `services.<n>.name` / `services.<n>.description` rows (empty
 * rows are dropped): this turns the flat fields into the schema's input. Rows past the maximum
 * are kept, so the maximum-count message can say so.
 */
export function companyInputFromFields(get: (name: string) => unknown, getAll: (name: string) => unknown[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of COMPANY_TEXT_FIELDS) input[name] = get(name) ?? undefined;
  input.servesWholeCountry = get("servesWholeCountry") ?? undefined;
  input.provinces = getAll("provinces");
  input.services = keptServiceRows(get).map((i) => ({ name: get(`services.${i}.name`), description: get(`services.${i}.description`) }));
  return input;
}

/** The form rows (`services.<n>.*`) that companyInputFromFields keeps, in order: the n of each service. */
export function keptServiceRows(get: (name: string) => unknown): number[] {
  const rows: number[] = [];
  for (let i = 0; i < 100; i++) {
    const name = get(`services.${i}.name`);
    const description = get(`services.${i}.description`);
    if (name === undefined && description === undefined) continue;
    if ((name ?? "") === "" && (description ?? "") === "") continue;
    rows.push(i);
  }
  return rows;
}

/** The multipart field of a service row's logo. */
export const serviceLogoField = (row: number) => `services.${row}.logo`;
export const SERVICE_LOGO_FIELD = /^services\.(\d{1,2})\.logo$/;

/** How many service rows the form shows: the current ones and three empty, at most the maximum. */
export function serviceRowCount(current: number): number {
  return Math.min(COMPANY_BOUNDS.maxServices, Math.max(current + 3, 3));
}

/** An administrator's reason for rejecting a version. */
export const rejectSchema = z.object({
  reason: textField("companyAdmin.validation.reason", COMPANY_BOUNDS.rejectReason),
});

/**
 * A day of a sponsorship period: YYYY-MM-DD, a real calendar day (2026-02-31 is refused, not
 * read as 3 March) in 2000–2099.
 */
function sponsorDay(key: "companyAdmin.validation.sponsorFrom" | "companyAdmin.validation.sponsorUntil") {
  return z
    .string({ error: key })
    .regex(/^\d{4}-\d{2}-\d{2}$/, key)
    .refine((v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= "2000-01-01" && v <= "2099-12-31";
    }, key);
}

/** A sponsorship period (dates as YYYY-MM-DD, `until` inclusive). */
export const sponsorshipSchema = z
  .object({
    from: sponsorDay("companyAdmin.validation.sponsorFrom"),
    until: sponsorDay("companyAdmin.validation.sponsorUntil"),
  })
  .refine((v) => v.until >= v.from, { path: ["until"], message: "companyAdmin.validation.sponsorOrder" });

export { MODERATION_INTENTS, MODERATION_INTENT_NAMES, type ModerationIntent } from "./moderation";


/**
 * The forms of the company edit page: the profile (multipart) and, for administrators, a
 * sponsorship period, ending the sponsorship now, and the company's flags.
 */
export const COMPANY_EDIT_INTENTS = ["save", "sponsor", "unsponsor", "flags"] as const;

/**
 * An administrator's flag: a checkbox ("on", absent = off) or, from the API, a boolean. Anything
 * else (a number, a list, "yes") is refused rather than read as off.
 */
const adminFlag = z.preprocess(
  (v) => (v === undefined || v === "" || v === false || v === "false" ? false : v === true || v === "on" || v === "true" ? true : v),
  z.boolean({ error: "companyAdmin.validation.flag" }),
);

/** An administrator's flags of a company: checkboxes (absent = off); `visible` only for a published or unpublished one. */
export const companyFlagsSchema = z.object({
  verified: adminFlag,
  selfManaged: adminFlag,
  visible: z.enum(["published", "unpublished"], { error: "companyAdmin.validation.visible" }).optional().transform((v) => (v === undefined ? undefined : v === "published")),
});
