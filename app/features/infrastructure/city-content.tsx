import type { MessageKey } from "../../../common/i18n";
import { useTranslation } from "../../lib/i18n";
import { numberFormat } from "../../../common/format";

interface CityView {
  name: string;
  districts: string[];
  stats: {
    total: number;
    technologies: { technology: "FIBER" | "VDSL" | "ADSL" | "NONE"; count: number; share: number }[];
    neighbourhoods: { district: string; name: string; count: number }[];
  };
}

const TECH_LABEL: Record<CityView["stats"]["technologies"][number]["technology"], MessageKey> = {
  FIBER: "infrastructure.answer.technologies.FIBER",
  VDSL: "infrastructure.answer.technologies.VDSL",
  ADSL: "infrastructure.answer.technologies.ADSL",
  NONE: "infrastructure.city.none",
};

/** A city page's own content: the share of technologies among its queries, its most queried neighbourhoods, its districts. */
export function CityContent({ city }: { city: CityView }) {
  const { t, locale } = useTranslation();
  const number = numberFormat(locale);
  return (
    <div className="mt-12 grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="city-tech-title">
        <h2 id="city-tech-title" className="text-2xl font-bold">
          {t("infrastructure.city.techShare")}
        </h2>
        {city.stats.total === 0 ? (
          <p className="mt-3 muted">{t("infrastructure.city.techShareEmpty")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {city.stats.technologies.map((row) => (
              <li key={row.technology}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{t(TECH_LABEL[row.technology])}</span>
                  <span>
                    %{number.format(row.share)} · {t("infrastructure.city.queries", { count: number.format(row.count) })}
                  </span>
                </div>
                <div className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
                  <div className="h-2 rounded bg-brand-600 dark:bg-brand-300" style={{ width: `${row.share}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {city.stats.neighbourhoods.length ? (
          <>
            <h2 className="mt-8 text-2xl font-bold">{t("infrastructure.city.mostQueried")}</h2>
            <ol className="mt-4 list-decimal space-y-1 ps-6">
              {city.stats.neighbourhoods.map((n) => (
                <li key={`${n.district}-${n.name}`}>
                  {n.name}, {n.district} <span className="text-sm text-slate-600 dark:text-slate-300">({t("infrastructure.city.queries", { count: number.format(n.count) })})</span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
      <section aria-labelledby="city-districts-title">
        <h2 id="city-districts-title" className="text-2xl font-bold">
          {t("infrastructure.city.districts", { city: city.name })}
        </h2>
        <ul className="mt-4 columns-2 gap-6 sm:columns-3">
          {city.districts.map((d) => (
            <li key={d} className="py-0.5">
              {d}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
