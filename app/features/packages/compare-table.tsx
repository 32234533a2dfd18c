import { formatDate } from "../../../common/format";
import type { Comparison } from "../../../common/package-types";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { moneyText } from "./money";
import { PackageBadges } from "./package-card";

/**
 * The compare page's table: a column a package (its badges, the cheapest total and the fastest
 * marked, a link that takes it out of the set) and a row a term, the rows that differ marked.
 */
export function CompareTable({ comparison, usdPerTry }: { comparison: Comparison; usdPerTry: number }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { items } = comparison;
  const mt = (k: number) => moneyText(k, locale, usdPerTry);
  const base = paths.comparePackages();
  const without = (id: number) => {
    const rest = items.filter((p) => p.id !== id).map((p) => p.id);
    return rest.length ? `${base}?p=${rest.join(",")}` : base;
  };
  const money = (k: number | null) => (k === null ? "—" : mt(k));
  const has = (pick: (p: (typeof items)[number]) => unknown) => items.some((p) => pick(p) !== null && pick(p) !== undefined);
  const gb = (v: number | null) => (v === null ? "—" : t("packages.detail.gb", { gb: v }));
  // Every stored term, one row each; a kind's own terms (hosting, server, TV) only when a compared package has them.
  const rows: { label: string; values: string[] }[] = [
    { label: t("packages.compare.company"), values: items.map((p) => p.company.name) },
    { label: t("packages.detail.kind"), values: items.map((p) => t(`packages.kinds.${p.serviceKind}`)) },
    { label: t("packages.detail.technology"), values: items.map((p) => (p.technology ? t(`packages.technologies.${p.technology}`) : "—")) },
    { label: t("packages.detail.download"), values: items.map((p) => (p.downloadMbps ? t("packages.detail.upTo", { speed: p.downloadMbps }) : "—")) },
    { label: t("packages.detail.upload"), values: items.map((p) => (p.uploadMbps ? t("packages.detail.upTo", { speed: p.uploadMbps }) : "—")) },
    { label: t("packages.detail.quota"), values: items.map((p) => (p.quotaGb === null ? t("packages.detail.unlimited") : t("packages.detail.quotaGb", { gb: p.quotaGb }))) },
    { label: t("packages.detail.fairUsage"), values: items.map((p) => p.terms.fairUsage ?? t("packages.detail.none")) },
    { label: t("packages.detail.monthly"), values: items.map((p) => mt(p.monthlyPriceKurus)) },
    { label: t("packages.detail.priceWithout"), values: items.map((p) => mt(p.priceKurus)) },
    { label: t("packages.detail.commitment"), values: items.map((p) => (p.commitmentMonths ? t("packages.detail.commitmentMonths", { count: p.commitmentMonths }) : t("packages.detail.noCommitment"))) },
    {
      label: t("packages.detail.intro"),
      values: items.map((p) => (p.terms.introMonths && p.terms.introPriceKurus !== null ? t("packages.detail.introText", { count: p.terms.introMonths, price: mt(p.terms.introPriceKurus) }) : t("packages.detail.none"))),
    },
    { label: t("packages.detail.freeMonths"), values: items.map((p) => (p.terms.freeMonths ? t("packages.detail.freeMonthsText", { count: p.terms.freeMonths }) : t("packages.detail.none"))) },
    { label: t("packages.detail.discount"), values: items.map((p) => (p.terms.discountKurus ? mt(p.terms.discountKurus) : t("packages.detail.none"))) },
    { label: t("packages.compare.total"), values: items.map((p) => `${mt(p.totalCostKurus)} / ${t("packages.detail.commitmentMonths", { count: p.horizonMonths })}`) },
    { label: t("packages.detail.effective"), values: items.map((p) => mt(p.effectiveMonthlyKurus)) },
    { label: t("packages.detail.firstYear"), values: items.map((p) => mt(p.cost.firstYearKurus)) },
    { label: t("packages.detail.secondYear"), values: items.map((p) => mt(p.cost.secondYearKurus)) },
    { label: t("packages.detail.after"), values: items.map((p) => (p.commitmentMonths ? mt(p.priceAfterCommitmentKurus) : t("packages.detail.noCommitment"))) },
    { label: t("packages.detail.summaryMin"), values: items.map((p) => mt(p.cost.terminationMinKurus)) },
    { label: t("packages.detail.summaryMax"), values: items.map((p) => mt(p.cost.terminationMaxKurus)) },
    { label: t("packages.detail.activation"), values: items.map((p) => (p.activationFeeKurus ? mt(p.activationFeeKurus) : t("packages.detail.none"))) },
    {
      label: t("packages.detail.modem"),
      values: items.map((p) => (p.modemOffer === "rental" ? t("packages.detail.modemRental", { price: mt(p.modemRentalKurus) }) : t(`packages.modem.${p.modemOffer}`))),
    },
    { label: t("packages.detail.perMbps"), values: items.map((p) => (p.pricePerMbpsKurus !== null ? money(p.pricePerMbpsKurus) : "—")) },
    { label: t("packages.detail.phone"), values: items.map((p) => t(`packages.phone.${p.terms.phoneBundle}`)) },
    { label: t("packages.detail.talkPackage"), values: items.map((p) => t(p.terms.talkPackage ? "packages.detail.yes" : "packages.detail.no")) },
    { label: t("packages.detail.tvPlatform"), values: items.map((p) => p.tvPlatform ?? t("packages.detail.no")) },
    { label: t("packages.detail.gsm"), values: items.map((p) => t(p.terms.gsmIncluded ? "packages.detail.yes" : "packages.detail.no")) },
    ...(has((p) => p.terms.diskGb) ? [{ label: t("packages.detail.disk"), values: items.map((p) => gb(p.terms.diskGb)) }] : []),
    ...(items.some((p) => p.serviceKind === "hosting" || p.serviceKind === "server")
      ? [{ label: t("packages.detail.traffic"), values: items.map((p) => (p.serviceKind === "internet" || p.serviceKind === "tv" ? "—" : p.terms.trafficGb === null ? t("packages.detail.unlimited") : gb(p.terms.trafficGb))) }]
      : []),
    ...(has((p) => p.terms.cpuCores) ? [{ label: t("packages.detail.cpu"), values: items.map((p) => (p.terms.cpuCores === null ? "—" : t("packages.detail.cpuCores", { count: p.terms.cpuCores }))) }] : []),
    ...(has((p) => p.terms.ramGb) ? [{ label: t("packages.detail.ram"), values: items.map((p) => gb(p.terms.ramGb)) }] : []),
    ...(has((p) => p.terms.channelCount) ? [{ label: t("packages.detail.channels"), values: items.map((p) => (p.terms.channelCount === null ? "—" : String(p.terms.channelCount))) }] : []),
    { label: t("packages.detail.cities"), values: items.map((p) => (p.terms.servesAllCities ? t("packages.detail.allCities") : t("packages.compare.someCities"))) },
    { label: t("packages.detail.confirmed"), values: items.map((p) => p.priceConfirmedOn.split("-").reverse().join(".")) },
    {
      label: t("packages.history.lastChange"),
      values: items.map((p) =>
        p.lastPriceChange
          ? t("packages.history.lastChangeText", { date: formatDate(p.lastPriceChange.changedAt), from: mt(p.lastPriceChange.beforeKurus), to: mt(p.lastPriceChange.afterKurus) })
          : t("packages.history.lastChangeNone"),
      ),
    },
  ];
  return (
    <div className="mt-6 overflow-x-auto rounded border border-slate-300 dark:border-slate-600" tabIndex={0} role="region" aria-labelledby="compare-caption">
      <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="compare-table">
        <caption id="compare-caption" className="sr-only">
          {t("packages.compare.caption")}
        </caption>
        <thead>
          <tr>
            {/* The first column stays in view while the packages scroll sideways (a phone). */}
            <th scope="col" className="sticky left-0 z-10 w-40 border-r border-slate-200 bg-white p-2 text-left align-bottom dark:border-slate-700 dark:bg-slate-950">
              {t("packages.compare.term")}
            </th>
            {items.map((p) => (
              <th key={p.id} scope="col" className="p-2 text-left align-top" data-testid="compare-column">
                <div className="flex flex-wrap gap-1">
                  <PackageBadges pkg={p} />
                  {comparison.cheapestIds.includes(p.id) ? (
                    <span className="rounded bg-green-800 px-2 py-0.5 text-xs text-white" data-testid="cheapest">
                      {t("packages.compare.cheapest")}
                    </span>
                  ) : null}
                  {comparison.fastestIds.includes(p.id) ? (
                    <span className="rounded bg-blue-800 px-2 py-0.5 text-xs text-white" data-testid="fastest">
                      {t("packages.compare.fastest")}
                    </span>
                  ) : null}
                </div>
                <PageLink to={p.path} className="mt-1 block break-words py-1">
                  {p.title}
                </PageLink>
                <PageLink to={without(p.id)} className="block py-1 text-xs font-normal">
                  {t("packages.compare.remove", { title: p.title })}
                </PageLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const differs = new Set(r.values).size > 1;
            return (
              <tr
                key={r.label}
                className={`border-t border-slate-200 dark:border-slate-700 ${differs ? "bg-amber-50 dark:bg-amber-950" : "bg-white dark:bg-slate-950"}`}
                data-differs={differs ? "true" : undefined}
              >
                <th scope="row" className="sticky left-0 z-10 border-r border-slate-200 bg-inherit p-2 text-left font-medium dark:border-slate-700">
                  {r.label}
                  {differs ? <span className="ml-1 text-xs font-normal">({t("packages.compare.differs")})</span> : null}
                </th>
                {r.values.map((v, i) => (
                  <td key={items[i]!.id} className="p-2 break-words">
                    {v}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
