import { z } from "./zod";
import {
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_EMAIL_MIN,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from "../constants";
import type { MessageGroup, MessageKey } from "../i18n";

/**
 * Field schemas that recur, with their normalising transforms. Messages are i18n keys under
 * "validation."; bounds are passed as {min}/{max} by toValidationErrors.
 */

/** Letters of any script (Turkish included), digits, hyphen and white space. */
export const SEARCH_PATTERN = /^[\p{L}\p{N}\s-]+$/u;

export const searchValueField = z
  .string({ error: "validation.search.required" })
  .trim()
  .min(1, "validation.search.required")
  .min(SEARCH_MIN_LENGTH, "validation.search.min")
  .max(SEARCH_MAX_LENGTH, "validation.search.max")
  .regex(SEARCH_PATTERN, "validation.search.alphanumeric");

// The HTML5 e-mail grammar (WHATWG), the same rule the browser's type=email applies.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** An e-mail address checked in order: required, min, max, format; trimmed and lower-cased. */
export function emailField(bounds: { min: number; max: number }, prefix: MessageGroup<"required" | "min" | "max" | "format"> = "validation.email") {
  return z
    .string({ error: `${prefix}.required` })
    .trim()
    .min(1, `${prefix}.required`)
    .min(bounds.min, `${prefix}.min`)
    .max(bounds.max, `${prefix}.max`)
    .regex(EMAIL_PATTERN, `${prefix}.format`)
    .transform((v) => v.toLowerCase());
}

export const newsletterEmailField = emailField(
  { min: NEWSLETTER_EMAIL_MIN, max: NEWSLETTER_EMAIL_MAX },
  "validation.newsletter.email",
);

/** A checkbox that must be ticked: accepts "on", "true", true. */
export function requiredConsent(key: MessageKey) {
  return z.union([z.literal("on"), z.literal("true"), z.literal(true)], { error: key }).transform(() => true as const);
}

/** Free text with bounds; control characters other than newline and tab are refused. */
export function textField(prefix: MessageGroup<"required" | "min" | "max" | "invalid">, bounds: { min: number; max: number }) {
  return z
    .string({ error: `${prefix}.required` })
    .trim()
    .min(1, `${prefix}.required`)
    .min(bounds.min, `${prefix}.min`)
    .max(bounds.max, `${prefix}.max`)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), `${prefix}.invalid`)
    .refine((v) => v.isWellFormed(), `${prefix}.invalid`);
}
