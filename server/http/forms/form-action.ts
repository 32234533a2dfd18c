import { data } from "react-router";
import type { ValidationErrors } from "../../../common/validation/messages";
import type { Locale } from "../../../common/format";
import { localizePath, pathsFor } from "../../../common/paths";
import type { MessageKey } from "../../../common/i18n";
import { translate } from "../../i18n";
import { AppError, isAppError } from "../../platform/app-error";
import { CSRF_FIELD, verifyCsrf } from "../../security/csrf";
import type { RequestContext } from "../request-context";

/** What a page action answers on failure: field messages (keys, translated by the form) and one translated message. */
export interface FormFailure {
  success: false;
  errors?: ValidationErrors;
  message: string;
  /** What was sent (no secrets), for a page without JavaScript to fill the form in again. */
  values?: Record<string, string>;
}

/** Reads a urlencoded/multipart form and checks its CSRF token. */
export async function readVerifiedForm(request: Request, context: RequestContext): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  }
  verifyCsrf(context.csrfToken, form.get(CSRF_FIELD));
  return form;
}

/** Maps a thrown error to its answer for the form (4xx, or 503 for a known outage); anything unexpected is logged and rethrown. */
export function formFailure(err: unknown, context: RequestContext, locale: Locale = context.locale) {
  if (!isAppError(err) || err.code === "E_INTERNAL") {
    context.app.log.error({ err }, "form action failed");
    throw err;
  }
  // A known outage (storage, mail queue): the person is told to try again later.
  if (err.status >= 500) context.app.log.warn({ err }, "form action could not complete");
  const body: FormFailure = {
    success: false,
    errors: err.fieldErrors,
    message: translate(locale, err.messageKey),
  };
  const headers: HeadersInit = err.retryAfterSeconds ? { "Retry-After": String(err.retryAfterSeconds) } : {};
  return data(body, { status: err.status, headers });
}

/**
 * The failure answer of one form of a page with several (it says which, in `intent`): a known
 * refusal as formFailure answers it; anything unexpected is logged and answered 500 with the
 * form's own "could not save" message (spec §8), so the person still sees what they typed.
 */
export function intentFailure<I extends string | undefined>(
  err: unknown,
  context: RequestContext,
  opts: { intent: I; unexpected: MessageKey; log: string },
) {
  // A known outage (a 503 with Retry-After) is answered as it is, by formFailure below.
  if (!isAppError(err) || err.code === "E_INTERNAL") {
    context.app.log.error({ err, intent: opts.intent }, opts.log);
    return data<FormFailure & { intent: I }>({ success: false, intent: opts.intent, message: translate(context.locale, { key: opts.unexpected }) }, { status: 500 });
  }
  const answer = formFailure(err, context);
  return data<FormFailure & { intent: I }>({ ...answer.data, intent: opts.intent }, answer.init ?? undefined);
}

/**
 * Only paths of this site. The value is resolved the way a browser would resolve it (so "//x",
 * "/\\x" and "/\t/x" count as other hosts) and must stay on our origin; the resolved path must
 * not start with "//" either ("/..//x" and "/%2e%2e//x" resolve to "//x", which a browser sent
 * as a Location would read as another host).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = "http://site.invalid";
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const target = url.pathname + url.search + url.hash;
    if (!target.startsWith("/") || /^\/[/\\]/.test(target)) return fallback;
    return target;
  } catch {
    return fallback;
  }
}

/**
 * Where to go after signing in or up: a same-site path only (safeRedirectPath), nothing a browser
 * would read as another host, in the page's language; home otherwise.
 */
export function pathAfterSignIn(value: unknown, locale: Locale): string {
  const home = pathsFor(locale).Home();
  const path = safeRedirectPath(value, home);
  // Browsers drop tabs and newlines in URLs ("/\t/evil" becomes "//evil"), and read "\" as "/".
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\\]/.test(path) ? home : localizePath(locale, path);
}

export { AppError };
