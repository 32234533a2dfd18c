import { Moon, Sun } from "../ui/icons";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Form, useLocation } from "react-router";
import { STORAGE_PREFIX } from "../../../common/constants";
import { THEME_COOKIE } from "../../../common/i18n";
import { usePaths } from "../../lib/paths";
import { useRootData } from "../../lib/root-data";
import { CsrfInput } from "../ui/csrf-input";

const YEAR = 365 * 24 * 3600;

/**
 * Fixed bottom-right light/dark switch. With JavaScript it flips the class on <html> at once and
 * keeps the choice in a cookie (so the server renders it, no flash) and in local storage;
 * without, the form posts the same choice.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const paths = usePaths();
  const root = useRootData();
  const location = useLocation();
  const [theme, setTheme] = useState(root.theme);
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form
      method="post"
      action={paths.preferences()}
      reloadDocument
      className="theme-fab fixed right-4 bottom-4 z-50"
      onSubmit={(e) => {
        e.preventDefault();
        document.documentElement.classList.toggle("dark", next === "dark");
        document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
        try {
          localStorage.setItem(`${STORAGE_PREFIX}.theme`, next);
        } catch {
          // storage may be disabled; the cookie still holds the choice
        }
        setTheme(next);
      }}
    >
      <CsrfInput />
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        data-testid="theme-toggle"
        className="inline-flex size-12 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-900 shadow-lg hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:hover:bg-slate-700"
        aria-label={next === "dark" ? t("theme.toDark") : t("theme.toLight")}
      >
        {theme === "dark" ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
      </button>
    </Form>
  );
}

/** Applies a theme kept only in local storage (cookie cleared) before the first paint. */
export const themeBootScript = `try{var t=localStorage.getItem("${STORAGE_PREFIX}.theme");if((t==="dark"||t==="light")&&document.cookie.indexOf("${THEME_COOKIE}=")<0){document.documentElement.classList.toggle("dark",t==="dark");document.cookie="${THEME_COOKIE}="+t+";path=/;max-age=${YEAR};samesite=lax"}}catch(e){}`;
