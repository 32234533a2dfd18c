import { z } from "./zod";
import {
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_EMAIL_MIN,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from "../constants";
import type { MessageGroup, MessageKey } from "../i18n";
import { SEARCH_PATTERN } from "../search/value";

/**
 * Field schemas that recur, with their normalising transforms. Messages are i18n keys under
 * "validation."; bounds are passed as {min}/{max} by toValidationErrors.
 */


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

/**
 * Invisible formatting characters (Unicode category Cf): the bidirectional overrides, embeddings,
 * isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), zero-width spaces and
 * joiners (U+200B–U+200D, U+2060), the byte-order mark (U+FEFF), the soft hyphen. They change how
 * a text is displayed without being seen: "Ayşe\u202Eeteb" reads backwards on a dashboard, a
 * zero-width space makes two equal-looking names differ.
 */
const INVISIBLE_FORMAT = /\p{Cf}/u;
const INVISIBLE_FORMAT_ALL = /\p{Cf}/gu;

/** True when `s` holds an invisible formatting character. */
export function hasInvisibleFormat(s: string): boolean {
  return INVISIBLE_FORMAT.test(s);
}

/** `s` without its invisible formatting characters (what a free text keeps of them: nothing). */
export function dropInvisibleFormat(s: string): string {
  return s.replace(INVISIBLE_FORMAT_ALL, "");
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function boundedText(prefix: MessageGroup<"required" | "min" | "max" | "invalid">, bounds: { min: number; max: number }, value: z.ZodString) {
  return value
    .trim()
    .min(1, `${prefix}.required`)
    .min(bounds.min, `${prefix}.min`)
    .max(bounds.max, `${prefix}.max`)
    .refine((v) => !CONTROL.test(v), `${prefix}.invalid`)
    .refine((v) => isWellFormedText(v), `${prefix}.invalid`);
}

/**
 * Well-formed Unicode without U+FFFD, the replacement character: what a lone surrogate or a
 * broken UTF-8 sequence becomes on its way through a form, so a sign the text was damaged.
 */
export function isWellFormedText(v: string): boolean {
  return v.isWellFormed() && !v.includes("\uFFFD");
}

/**
 * Free text with bounds (a message, a note, a description): control characters other than
 * newline and tab are refused, invisible formatting characters are dropped before the bounds
 * are checked (they carry nothing a reader sees).
 */
export function textField(prefix: MessageGroup<"required" | "min" | "max" | "invalid">, bounds: { min: number; max: number }) {
  return z.preprocess(
    (v) => (typeof v === "string" ? dropInvisibleFormat(v) : v),
    boundedText(prefix, bounds, z.string({ error: `${prefix}.required` })),
  );
}

/**
 * A name with bounds (a person's, a company's, a package's, a label): as free text, but an
 * invisible formatting character is refused with a message that says so, rather than dropped,
 * so what is stored is exactly what the person typed and saw.
 */
export function nameField(prefix: MessageGroup<"required" | "min" | "max" | "invalid">, bounds: { min: number; max: number }) {
  return boundedText(prefix, bounds, z.string({ error: `${prefix}.required` })).refine((v) => !hasInvisibleFormat(v), "validation.invisibleFormat");
}
