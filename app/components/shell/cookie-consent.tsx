import { useEffect, useRef, useState } from "react";
import { PageLink } from "../ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { Form, useLocation } from "react-router";
import { STORAGE_PREFIX } from "../../../common/constants";
import { ADS_CONSENT_COOKIE, CONSENT_COOKIE } from "../../../common/i18n";
import { usePaths } from "../../lib/paths";
import { useRootData } from "../../lib/root-data";
import { CsrfInput } from "../ui/csrf-input";
import { focusPageStart } from "./page-focus";

/** The five services of the consent component, in display order. */
export const CONSENT_SERVICES = ["cloudflare", "adsense", "ip-address", "user-agent", "cookies"] as const;
/**
 * AdSense is the one the visitor may refuse (KVKK: advertising cookies need an opt-in), so it is
 * off until ticked and no advertising script loads without it; the others keep the site running.
 */
export const OPTIONAL_SERVICE = "adsense";
const REQUIRED_SERVICES = CONSENT_SERVICES.filter((s) => s !== OPTIONAL_SERVICE);

const YEAR = 365 * 24 * 3600;

function remember(ads: boolean) {
  document.cookie = `${CONSENT_COOKIE}=1; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  document.cookie = `${ADS_CONSENT_COOKIE}=${ads ? "1" : "0"}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  try {
    const services = ads ? CONSENT_SERVICES : REQUIRED_SERVICES;
    localStorage.setItem(`${STORAGE_PREFIX}.consent`, JSON.stringify({ services, acceptedAt: new Date().toISOString() }));
  } catch {
    // the cookies alone keep the choice
  }
}

/**
 * Keeps the page's own content clear of the fixed banner: its height becomes the body's bottom
 * padding and the page's bottom scroll padding, so the end of the page scrolls above it and a
 * focused element is scrolled clear of it (WCAG 2.4.11). app.css holds a fallback for the first
 * paint and pages without JavaScript.
 */
function useReserveRoom(ref: React.RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty("--consent-h", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-h");
    };
  }, [ref, shown]);
}

export function CookieConsent() {
  const { t } = useTranslation();
  const paths = usePaths();
  const root = useRootData();
  const location = useLocation();
  const [accepted, setAccepted] = useState(root.consented);
  const section = useRef<HTMLElement>(null);
  useReserveRoom(section, !accepted);
  if (accepted) return null;
  const requiredList = REQUIRED_SERVICES.map((s) => t(`consent.services.${s}`)).join(", ");

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const ads = submitter?.value === "all" || new FormData(e.currentTarget).get("ads") === "1";
    remember(ads);
    setAccepted(true);
    // Focus was in the banner: it goes to the page's heading, not to <body> (without scrolling
    // the page away from where the reader is).
    requestAnimationFrame(() => focusPageStart({ preventScroll: true }));
  }

  return (
    <section
      ref={section}
      id="cookie-consent"
      aria-labelledby="consent-title"
      data-testid="cookie-consent"
      className="fixed inset-x-0 bottom-0 z-20 max-h-[60vh] overflow-y-auto border-t border-slate-300 bg-white py-3 pr-20 pl-4 shadow-2xl sm:py-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <Form
        method="post"
        action={paths.preferences()}
        reloadDocument
        className="mx-auto flex max-w-6xl flex-col gap-2 text-sm sm:gap-3 lg:flex-row lg:items-center"
        onSubmit={onSubmit}
      >
        <CsrfInput />
        <input type="hidden" name="consent" value="1" />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <div className="min-w-0 flex-1">
          <h2 id="consent-title" className="text-base font-semibold">
            {t("consent.title")}
          </h2>
          <p>
            {t("consent.text")} <PageLink to={paths.cookie()}>{t("consent.policy")}</PageLink>
          </p>
          {/* Phones: the required services fold away, keeping the banner small. */}
          <details className="mt-1 sm:hidden">
            <summary className="cursor-pointer muted">
              {t("consent.requiredSummary", { count: REQUIRED_SERVICES.length })}
            </summary>
            <p className="muted">{requiredList}</p>
          </details>
          <p className="mt-1 hidden text-slate-700 sm:block dark:text-slate-300">
            <span className="font-medium">{t("consent.required")}:</span> {requiredList}
          </p>
          <p className="mt-1 flex items-start gap-2">
            <input id={`consent-${OPTIONAL_SERVICE}`} type="checkbox" name="ads" value="1" className="mt-0.5 size-4 shrink-0" />
            <label htmlFor={`consent-${OPTIONAL_SERVICE}`}>
              {t(`consent.services.${OPTIONAL_SERVICE}`)} <span className="muted">({t("consent.optional")})</span>
            </label>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="choice" value="all" className="btn-primary min-h-10 px-3 py-1.5 sm:px-4">
            {t("consent.acceptAll")}
          </button>
          <button type="submit" name="choice" value="selected" className="btn-ghost min-h-10 border border-slate-400 px-3 py-1.5 sm:px-4 dark:border-slate-500">
            {t("consent.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}
