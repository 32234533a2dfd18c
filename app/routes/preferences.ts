import { redirect } from "react-router";
import { ADS_CONSENT_COOKIE, CONSENT_COOKIE, isLocale, LOCALE_COOKIE, THEME_COOKIE } from "../../common/i18n";
import { pathsFor, switchLocale } from "../../common/paths";
import { formFailure, readVerifiedForm, safeRedirectPath } from "../../server/http/forms/form-action";
import type { Route } from "./+types/preferences";

const YEAR = 365 * 24 * 3600;
const cookie = (name: string, value: string) => `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;

/** GET has nothing to show. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(pathsFor(context.locale).Home());
}

/**
 * Keeps language, theme and the cookie-consent choice (the forms of the shell post here when
 * JavaScript is off, and the language menu always does). A language choice lands on the same
 * page in that language (its /en twin or its Turkish path).
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
  let target = safeRedirectPath(form.get("redirectTo"), pathsFor(context.locale).Home());
  if (isLocale(lng)) {
    headers.append("Set-Cookie", cookie(LOCALE_COOKIE, lng));
    target = safeRedirectPath(switchLocale(target, lng), pathsFor(lng).Home());
  }
  const theme = form.get("theme");
  if (theme === "light" || theme === "dark") headers.append("Set-Cookie", cookie(THEME_COOKIE, theme));
  if (form.get("consent") === "1") {
    headers.append("Set-Cookie", cookie(CONSENT_COOKIE, "1"));
    // Advertising only on an explicit yes: "accept all", or the AdSense box ticked.
    const ads = form.get("choice") === "all" || form.get("ads") === "1";
    headers.append("Set-Cookie", cookie(ADS_CONSENT_COOKIE, ads ? "1" : "0"));
  }
  return redirect(target, { headers });
}
