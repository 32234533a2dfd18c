import { redirect } from "react-router";
import { CONSENT_COOKIE, isLocale, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import { formFailure, readVerifiedForm, safeRedirectPath } from "../../server/http/forms/form-action";
import type { Route } from "./+types/preferences";

const YEAR = 365 * 24 * 3600;
const cookie = (name: string, value: string) => `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;

/** GET has nothing to show. */
export function loader() {
  return redirect("/");
}

/**
 * Keeps language, theme and the cookie-consent choice (the forms of the shell post here when
 * JavaScript is off, and the language menu always does).
 */
export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readVerifiedForm(request, context);
  } catch (err) {
    return formFailure(err, context);
  }
  const headers = new Headers();
  const lng = String(form.get("lng") ?? "").toLowerCase();
  if (isLocale(lng)) headers.append("Set-Cookie", cookie(LOCALE_COOKIE, lng));
  const theme = form.get("theme");
  if (theme === "light" || theme === "dark") headers.append("Set-Cookie", cookie(THEME_COOKIE, theme));
  if (form.get("consent") === "1") headers.append("Set-Cookie", cookie(CONSENT_COOKIE, "1"));
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}
