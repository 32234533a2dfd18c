import type { z } from "zod";

/** A translatable message: an i18n key and its interpolation values (isomorphic twin of server Message). */
export interface ValidationMessage {
  key: string;
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
    // zod's own English defaults (wrong type etc.) become the generic message.
    const key = /^[a-z][\w-]*(\.[\w-]+)+$/i.test(issue.message) && !issue.message.includes(" ") ? issue.message : "validation.invalid";
    out[field] = { key, params };
  }
  return out;
}
