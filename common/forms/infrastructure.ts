import { z } from "../validation/zod";
import { provinceOfAreaCode } from "../infrastructure/area-codes";
import { dropInvisibleFormat, emailField, isWellFormedText, requiredConsent } from "../validation/fields";
import { normalizePhone } from "./settings";
import { INFRA_BOUNDS, REPORT_BOUNDS, REPORT_TECHNOLOGIES } from "./infrastructure-bounds";

export { INFRA_BOUNDS, REPORT_BOUNDS, REPORT_TECHNOLOGIES };

/**
 * The infrastructure query's inputs, shared by the query page (GET forms, no JavaScript needed)
 * and /api/v1/ttservice/… . Codes arrive as JSON numbers from the apps and as digit strings from
 * forms and URLs; both are accepted, anything else is refused with a translated message.
 */


/** A positive code of a node of the address tree or of a flat, refused with `message`. */
export function codeFieldWith(message: "infrastructure.validation.code" | "packages.leads.validation.flat") {
  return z.union(
    [
      z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
      z
        .string()
        .trim()
        .regex(new RegExp(`^[0-9]{1,${INFRA_BOUNDS.codeDigits}}$`))
        .transform(Number)
        .refine((n) => n > 0, message),
    ],
    { error: message },
  );
}

/** A positive code of a node of the address tree or of a flat. */
export const codeField = codeFieldWith("infrastructure.validation.code");

export const nodeLookupSchema = z.object({ code: codeField });
export const flatCodeSchema = z.object({ bbk: codeField });

/** A Turkish landline: a valid number (libphonenumber, via normalizePhone) with a geographic area code. */
export const landlineField = z
  .string({ error: "infrastructure.validation.landline.required" })
  .trim()
  .min(1, "infrastructure.validation.landline.required")
  .max(INFRA_BOUNDS.phone.max, "infrastructure.validation.landline.invalid")
  .transform((raw, ctx) => {
    const e164 = normalizePhone(raw);
    if (!e164 || !/^\+90\d{10}$/.test(e164)) {
      ctx.addIssue({ code: "custom", input: raw, message: "infrastructure.validation.landline.invalid" });
      return z.NEVER;
    }
    const national = e164.slice(3);
    if (provinceOfAreaCode(Number(national.slice(0, 3))) === undefined) {
      ctx.addIssue({ code: "custom", input: raw, message: "infrastructure.validation.landline.areaCode" });
      return z.NEVER;
    }
    /** The ten national digits: area code and subscriber number ("2123456789"). */
    return national;
  });

export const landlineSchema = z.object({ phone: landlineField });

/** The 10-digit UAVT address code (spaces allowed, as e-Devlet groups it). */
export const uavtField = z
  .union([z.number().int().transform(String), z.string()], { error: "infrastructure.validation.uavt.required" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "infrastructure.validation.uavt.required")
      .regex(new RegExp(`^[1-9][0-9]{${INFRA_BOUNDS.uavtDigits - 1}}$`), "infrastructure.validation.uavt.format")
      .transform(Number),
  );

export const uavtSchema = z.object({ uavt: uavtField });

/* ---------- report wrong data, alert me (the answer page's forms) ---------- */


/** "The answer is wrong": what the person really has at the flat. */
export const reportSchema = z.object({
  bbk: codeField,
  actualTechnology: z.enum(REPORT_TECHNOLOGIES, { error: "infrastructure.validation.report.technology" }),
  actualDownMbps: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: "infrastructure.validation.report.speed" })
      .int("infrastructure.validation.report.speed")
      .min(REPORT_BOUNDS.speed.min, "infrastructure.validation.report.speed")
      .max(REPORT_BOUNDS.speed.max, "infrastructure.validation.report.speed")
      .optional(),
  ),
  note: z.preprocess(
    (v) => (v === undefined || v === null ? "" : typeof v === "string" ? dropInvisibleFormat(v) : v),
    z
      .string({ error: "infrastructure.validation.report.note" })
      .trim()
      .max(REPORT_BOUNDS.note.max, "infrastructure.validation.report.note")
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v) && isWellFormedText(v), "infrastructure.validation.report.note"),
  ),
});

/** "Tell me when a free port or fiber reaches this flat": an address and consent. */
export const alertSchema = z.object({
  bbk: codeField,
  email: emailField({ min: 6, max: 254 }),
  consent: requiredConsent("infrastructure.validation.alert.consent"),
});

/** What the answer page's forms post as `intent`. */
export const ANSWER_INTENTS = ["report", "alert"] as const;
