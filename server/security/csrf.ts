import { randomUUID, timingSafeEqual } from "node:crypto";
import { AppError } from "../platform/app-error";

export const CSRF_COOKIE = "gb_csrf";
export const CSRF_FIELD = "csrf";

/** 122 random bits as 32 hex characters. */
export function newCsrfToken(): string {
  return randomUUID().replaceAll("-", "");
}

/**
 * Double-submit check: the token in the form must equal the one in the httpOnly, SameSite=Lax
 * cookie. A cross-site page can neither read the cookie nor the token rendered into our forms.
 */
export function verifyCsrf(cookieToken: string | undefined, formToken: unknown): void {
  if (
    typeof formToken !== "string" ||
    !cookieToken ||
    formToken.length !== cookieToken.length ||
    !timingSafeEqual(Buffer.from(formToken), Buffer.from(cookieToken))
  ) {
    throw new AppError("E_CSRF", "errors.csrf");
  }
}
