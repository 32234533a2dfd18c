import type { z } from "zod";
import type { MessageKey } from "../i18n";

/** A translatable message: an i18n key and its interpolation values (isomorphic twin of server Message). */
export interface ValidationMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type ValidationErrors = Record<string, ValidationMessage>;

/**
 * Turns zod issues into one message per field (the first issue wins, so rules are reported in
 * the order the schema checks them). Schema messages are i18n keys; bounds become params.
 */
export function toValidationErrors(error: z.ZodError): ValidationErrors {
  const out: ValidationErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_form";
    if (out[field]) continue;
    const params: Record<string, string | number> = {};
    if (issue.code === "too_small") params.min = Number(issue.minimum);
    if (issue.code === "too_big") params.max = Number(issue.maximum);
    // Schema messages are i18n keys ("validation.email.min", "auth.validation.password.min" …);
    // zod's own English defaults (wrong type etc.) become the generic message. zod types them
    // as strings: the field helpers take checked key groups (tsc) and locale-files.test.ts
    // holds every key written in the schema files to the locale files.
    const key = /^[a-z][\w-]*(\.[\w-]+)+$/i.test(issue.message) && !issue.message.includes(" ") ? (issue.message as MessageKey) : "validation.invalid";
    out[field] = { key, params };
  }
  return out;
}
