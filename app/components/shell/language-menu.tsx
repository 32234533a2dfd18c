import { Check } from "../ui/icons";
import { useTranslation } from "../../lib/i18n";
import { useLocation } from "react-router";
import { STORAGE_PREFIX } from "../../../common/constants";
import { languageLink } from "../../../common/paths";
import type { Locale } from "../../../common/format";
import { useRootData } from "../../lib/root-data";
import { FlagGB, FlagTR } from "../ui/flags";
import { useMenuDisclosure } from "./menu-state";

const LANGUAGES: { code: Locale; Flag: typeof FlagTR }[] = [
  { code: "en", Flag: FlagGB },
  { code: "tr", Flag: FlagTR },
];

/**
 * en and tr as flags with upper-case codes, each a link to the same page's URL in that language
 * (crawlable, shareable); the link's ?lng= flag stores the choice, the cookie that sends bare
 * paths on to /en (decision 025).
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { open, buttonRef, panelRef, toggle } = useMenuDisclosure("language");
  const location = useLocation();
  const current = LANGUAGES.find((l) => l.code === locale) ?? LANGUAGES[1];
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn w-auto gap-1.5 px-2 text-sm font-semibold"
        aria-expanded={open}
        aria-controls={open ? "language-menu" : undefined}
        aria-label={t("nav.language", { code: locale.toLocaleUpperCase("tr-TR") })}
        onClick={toggle}
      >
        <span className="hidden sm:inline-flex">
          <current.Flag />
        </span>
        <span aria-hidden="true">{locale.toLocaleUpperCase("en-US")}</span>
      </button>
      {open ? (
        <div ref={panelRef as React.RefObject<HTMLDivElement>} id="language-menu" className="absolute right-0 z-40 mt-2 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <p className="px-3 py-1 text-xs font-medium text-slate-600 dark:text-slate-300">{t("nav.languageMenu")}</p>
          <ul>
            {LANGUAGES.map(({ code, Flag }) => (
              <li key={code}>
                <a
                  href={languageLink(location.pathname + location.search, code)}
                  hrefLang={code}
                  lang={code}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-900 no-underline hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                  aria-current={code === locale ? "true" : undefined}
                  onClick={() => localStorage.setItem(`${STORAGE_PREFIX}.lng`, code)}
                >
                  <Flag />
                  <span className="font-semibold">{code.toUpperCase()}</span>
                  <span className="text-slate-600 dark:text-slate-300">{t(`languages.${code}`)}</span>
                  {code === locale ? <Check aria-hidden="true" className="ml-auto size-4" /> : null}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
