import { useState } from "react";
import { PageLink } from "../ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { Form, useLocation } from "react-router";
import { STORAGE_PREFIX } from "../../../common/constants";
import { CONSENT_COOKIE } from "../../../common/i18n";
import { paths } from "../../../common/paths";
import { useRootData } from "../../lib/root-data";
import { CsrfInput } from "../ui/csrf-input";

/** The five services of the consent component; all required and on. */
export const CONSENT_SERVICES = ["cloudflare", "adsense", "ip-address", "user-agent", "cookies"] as const;

export function CookieConsent() {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const [accepted, setAccepted] = useState(root.consented);
  if (accepted) return null;
  return (
    <section
      aria-labelledby="consent-title"
      data-testid="cookie-consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white p-4 pr-20 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
    >
      <Form
        method="post"
        action={paths.preferences()}
        reloadDocument
        className="mx-auto flex max-w-6xl flex-col gap-3 lg:flex-row lg:items-center"
        onSubmit={(e) => {
          e.preventDefault();
          document.cookie = `${CONSENT_COOKIE}=1; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
          try {
            localStorage.setItem(
              `${STORAGE_PREFIX}.consent`,
              JSON.stringify({ services: CONSENT_SERVICES, acceptedAt: new Date().toISOString() }),
            );
          } catch {
            // the cookie alone keeps the choice
          }
          setAccepted(true);
        }}
      >
        <CsrfInput />
        <input type="hidden" name="consent" value="1" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <div className="flex-1">
          <h2 id="consent-title" className="font-semibold">
            {t("consent.title")}
          </h2>
          <p className="text-sm">
            {t("consent.text")}{" "}
            <PageLink to={paths.cookie()}>{t("consent.policy")}</PageLink>
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {CONSENT_SERVICES.map((s) => (
              <li key={s} className="flex items-center gap-1.5">
                <input id={`consent-${s}`} type="checkbox" checked disabled readOnly className="size-4" />
                <label htmlFor={`consent-${s}`}>
                  {t(`consent.services.${s}`)} <span className="text-slate-600 dark:text-slate-300">({t("consent.required")})</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
        <button type="submit" className="btn-primary self-start lg:self-center">
          {t("consent.accept")}
        </button>
      </Form>
    </section>
  );
}
