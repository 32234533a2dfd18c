import { z } from "../validation/zod";
import { emailField, requiredConsent, nameField } from "../validation/fields";
import { ACCOUNT_TYPES, AUTH_BOUNDS } from "./auth-bounds";

export { ACCOUNT_TYPE_QUERY, ACCOUNT_TYPES, accountTypeFromQuery, AUTH_BOUNDS, type AccountType } from "./auth-bounds";

/** Letters of any script (marks included), single spaces, and the . ' ’ - of names like "O'Brien" or "Ali-Rıza". */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*(?:[ .'’-]+[\p{L}\p{M}]+)*\.?$/u;

const fullNameField = nameField("auth.validation.fullName", AUTH_BOUNDS.fullName)
  .transform((v) => v.replace(/\s+/g, " "))
  .refine((v) => NAME_PATTERN.test(v), "auth.validation.fullName.pattern");

export const authEmailField = emailField(AUTH_BOUNDS.email, "auth.validation.email");

/** Not trimmed: every character of a password counts. Ill-formed Unicode (lone surrogates) is refused. */
export const passwordField = z
  .string({ error: "auth.validation.password.required" })
  .min(1, "auth.validation.password.required")
  .min(AUTH_BOUNDS.password.min, "auth.validation.password.min")
  .max(AUTH_BOUNDS.password.max, "auth.validation.password.max")
  .refine((v) => v.isWellFormed(), "auth.validation.password.invalid");

// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001F\u007F]/;

/** Text a new password may be: well-formed Unicode without control characters or line breaks (register, reset, change). */
export function isNewPasswordText(v: string): boolean {
  return v.isWellFormed() && !CONTROL_OR_NEWLINE.test(v);
}

/** A password being chosen. Signing in takes any password as typed (passwordField). */
const newPasswordField = passwordField.refine(isNewPasswordText, "auth.validation.password.invalid");

const passwordConfirmField = z
  .string({ error: "auth.validation.passwordConfirm.required" })
  .min(1, "auth.validation.passwordConfirm.required")
  .max(AUTH_BOUNDS.password.max, "auth.validation.password.max");

/** An optional checkbox: ticked ("on", "true", true) or not (absent, "false", false). */
const optionalConsent = z
  .union([z.literal("on"), z.literal("true"), z.literal(true), z.literal("false"), z.literal(false)], {
    error: "auth.validation.advertising",
  })
  .optional()
  .transform((v) => v === "on" || v === "true" || v === true);

/** Register page (/hesap-olustur) and POST /api/v1/register. */
export const registerSchema = z
  .object({
    accountType: z.enum(ACCOUNT_TYPES, { error: "auth.validation.accountType" }),
    fullName: fullNameField,
    email: authEmailField,
    password: newPasswordField,
    passwordConfirm: passwordConfirmField,
    membership: requiredConsent("auth.validation.membership"),
    kvkk: requiredConsent("auth.validation.kvkk"),
    advertising: optionalConsent,
  })
  .refine((d) => d.password === d.passwordConfirm, { path: ["passwordConfirm"], message: "auth.validation.passwordConfirm.mismatch" });

export type RegisterInput = z.input<typeof registerSchema>;

/** Login page (/giris) and POST /api/v1/login. */
export const loginSchema = z.object({
  email: authEmailField,
  password: passwordField,
});

export type LoginInput = z.input<typeof loginSchema>;

/** Forgot-password page (/sifirla/sifre). */
export const forgotPasswordSchema = z.object({ email: authEmailField });

/** Password-reset page (/sifirla/sifre/{code}). */
export const resetPasswordSchema = z
  .object({ password: newPasswordField, passwordConfirm: passwordConfirmField })
  .refine((d) => d.password === d.passwordConfirm, { path: ["passwordConfirm"], message: "auth.validation.passwordConfirm.mismatch" });

