import type { Locale } from "../../../common/format";
import { getT } from "../../../server/i18n";

type AuthPage = "login" | "register" | "forgot";

/** The title and description of an account page, from its `auth.<page>.meta*` texts. */
export function authPageSeo(locale: Locale, page: AuthPage) {
  const t = getT(locale);
  return { seo: { title: t(`auth.${page}.metaTitle`), description: t(`auth.${page}.metaDescription`) } };
}
