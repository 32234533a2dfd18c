import { Link } from "react-router";
import { SETTINGS_TABS, type SettingsTab } from "../../../common/forms/settings-tabs";
import { usePaths } from "../../lib/paths";
import { useTranslation } from "../../lib/i18n";

/** The four tabs of /ayarlar as plain links (?sekme=…): they work without JavaScript. */
export function SettingsTabs({ active }: { active: SettingsTab }) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <nav aria-label={t("settings.tabs.label")} className="border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {SETTINGS_TABS.map((tab) => {
          const current = tab.key === active;
          return (
            <li key={tab.key}>
              <Link
                to={`${paths.dashboardSettings()}?sekme=${tab.param}`}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-3 py-2 font-medium no-underline ${
                  current
                    ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-300"
                    : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-500 dark:hover:text-white"
                }`}
              >
                {t(`settings.tabs.${tab.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
