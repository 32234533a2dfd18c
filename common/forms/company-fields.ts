import { z } from "../validation/zod";
import { COMPANY_BOUNDS } from "../companies";
import type { MessageGroup } from "../i18n";
import { nameField, textField } from "../validation/fields";

/** The field schemas of the company form (company-edit.ts) that the shared field module does not have. */

/** Empty or absent → null; otherwise the schema's rules. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v), schema.nullable());
}

export function optionalText(prefix: MessageGroup<"required" | "min" | "max" | "invalid">, max: number) {
  return optional(textField(prefix, { min: 1, max }));
}

/** An http(s) URL with a host, at most `max` characters. */
export function urlField(prefix: MessageGroup<"invalid" | "max">, max: number) {
  return z
    .string({ error: `${prefix}.invalid` })
    .trim()
    .max(max, `${prefix}.max`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".") && !/\s/.test(v);
      } catch {
        return false;
      }
    }, `${prefix}.invalid`);
}

/** A phone or fax number: digits, spaces, +, -, parentheses; 7–15 digits. */
export function phoneField(prefix: MessageGroup<"invalid">) {
  return z
    .string({ error: `${prefix}.invalid` })
    .trim()
    .max(COMPANY_BOUNDS.phone.max, `${prefix}.invalid`)
    .regex(/^\+?[\d\s()-]+$/, `${prefix}.invalid`)
    .refine((v) => {
      const digits = v.replace(/\D/g, "").length;
      return digits >= 7 && digits <= 15;
    }, `${prefix}.invalid`);
}

/** "a, b" or ["a", "b"] → trimmed, unique (case-insensitively), each within bounds. */
export const tagsField = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v === "string") return v.split(",").map((s) => s.trim()).filter((s) => s !== "");
    return v;
  },
  z
    .array(nameField("companyAdmin.validation.tag", COMPANY_BOUNDS.tags), { error: "companyAdmin.validation.tags.invalid" })
    .max(COMPANY_BOUNDS.tags.maxCount, "companyAdmin.validation.tags.max")
    .transform((tags) => tags.filter((t, i) => tags.findIndex((o) => o.toLocaleLowerCase("tr") === t.toLocaleLowerCase("tr")) === i)),
);

/** Province plate codes: ["34", "6"] or [34, 6] → unique numbers 1–81. */
export const provincesField = z.preprocess(
  (v) => (v === undefined || v === null ? [] : typeof v === "string" ? [v] : v),
  z
    .array(
      z.coerce.number({ error: "companyAdmin.validation.provinces" }).int("companyAdmin.validation.provinces").min(1, "companyAdmin.validation.provinces").max(81, "companyAdmin.validation.provinces"),
      { error: "companyAdmin.validation.provinces" },
    )
    .max(81, "companyAdmin.validation.provinces")
    .transform((codes) => [...new Set(codes)].sort((a, b) => a - b)),
);
