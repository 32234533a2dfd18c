import { Link } from "react-router";
import type { MessageKey } from "../../../common/i18n";
import { useTranslation } from "../../lib/i18n";

export const QUERY_TABS = ["adres", "telefon", "uavt"] as const;
export type QueryTab = (typeof QUERY_TABS)[number];

export function parseTab(value: string | null): QueryTab {
  return (QUERY_TABS as readonly string[]).includes(value ?? "") ? (value as QueryTab) : "adres";
}

const LABEL: Record<QueryTab, MessageKey> = {
  adres: "infrastructure.query.byAddress",
  telefon: "infrastructure.query.byLandline",
  uavt: "infrastructure.query.byUavt",
};

/** The three ways to query, as links (?sekme=…): they work without JavaScript and can be shared. */
export function QueryTabs({ base, current, extra = "" }: { base: string; current: QueryTab; extra?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("infrastructure.query.tabs")} className="mt-6 border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-1">
        {QUERY_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={`${base}?sekme=${tab}${extra}`}
              aria-current={tab === current ? "page" : undefined}
              preventScrollReset
              className={`inline-block rounded-t-lg border px-4 py-2 text-sm font-medium no-underline ${
                tab === current
                  ? "border-slate-200 border-b-white bg-white text-brand-700 dark:border-slate-700 dark:border-b-slate-950 dark:bg-slate-950 dark:text-brand-300"
                  : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
              }`}
            >
              {t(LABEL[tab])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
