import type { ReactNode } from "react";
import { formatDate } from "../../../common/format";
import { PACKAGE_IMAGE } from "../../../common/packages";
import type { PackageDetail, PriceChange } from "../../../common/package-types";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { JsonLd } from "../../components/ui/json-ld";
import { Money, moneyText } from "./money";
import { PackageBadges } from "./package-card";
import { PriceHistory } from "./price-history";

export interface PackageDetailData {
  detail: PackageDetail;
  provinceNames: string[];
  crumbs: { name: string; to: string }[];
  usdPerTry: number;
  jsonLd: unknown[];
  /** The package's price history, oldest first, and when the page was made (the chart's right end). */
  priceHistory: PriceChange[];
  asOf: string;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-2 sm:grid-cols-[16rem_1fr] dark:border-slate-700">
      <dt className="font-medium">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The package page: badges, the whole cost, (children: the request forms), every term, the
 * termination-fee table, the printable summary, and (`reviews`) the reviews section.
 */
export function PackageDetailView({ data, children, reviews }: { data: PackageDetailData; children?: ReactNode; reviews?: ReactNode }) {
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { detail, provinceNames, crumbs, usdPerTry, jsonLd } = data;
  const { card, terms, cost } = detail;
  const committed = terms.commitmentMonths > 0;
  const m = (kurus: number) => <Money kurus={kurus} usdPerTry={usdPerTry} />;
  const mt = (kurus: number) => moneyText(kurus, locale, usdPerTry);
  const yesNo = (v: boolean) => (v ? t("packages.detail.yes") : t("packages.detail.no"));
  const change = cost.afterCommitmentChangeKurus;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {jsonLd.map((j, i) => (
        <JsonLd key={i} data={j} />
      ))}
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <ol className="flex flex-wrap gap-1">
          {crumbs.map((c, i) => (
            <li key={c.to} className="break-all">
              {i < crumbs.length - 1 ? (
                <>
                  <PageLink to={c.to}>{c.name}</PageLink> <span aria-hidden="true">›</span>
                </>
              ) : (
                <span aria-current="page">{c.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-4 flex flex-wrap gap-2">
        <PackageBadges pkg={card} />
      </div>
      {detail.terms.isDemo || detail.company.isDemo ? (
        <p className="mt-3 rounded border border-slate-400 p-2 text-sm" data-testid="demo-notice">
          {t("packages.detail.demoNotice")}
        </p>
      ) : null}
      {terms.withdrawnAt ? (
        <p className="mt-3 rounded border border-red-700 p-2 text-sm dark:border-red-300" role="note" data-testid="withdrawn-notice">
          {t("packages.detail.withdrawnNotice", { date: formatDate(terms.withdrawnAt) })}
        </p>
      ) : null}
      {card.sponsored ? <p className="mt-3 text-sm">{t("packages.detail.sponsoredNotice")}</p> : null}
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words">{card.title}</h1>
          <p className="mt-1">
            <PageLink to={`/${detail.company.segment}/${detail.company.slug}`}>{t("packages.detail.by", { company: detail.company.name })}</PageLink>
          </p>
        </div>
        {card.imageUrl ? (
          // At the top of the page, so loaded at once (never lazily); its box is reserved by width and height.
          <img
            src={card.imageUrl}
            alt={t("packages.detail.imageAlt", { title: card.title })}
            width={PACKAGE_IMAGE.width}
            height={PACKAGE_IMAGE.height}
            decoding="async"
            className="h-auto w-full max-w-60 shrink-0 rounded border border-slate-200 sm:w-60 dark:border-slate-700"
            data-testid="package-image"
          />
        ) : null}
      </div>

      <section aria-labelledby="cost-title" className="mt-6 rounded-lg border border-slate-300 p-4 print:hidden dark:border-slate-600">
        <h2 id="cost-title" className="text-xl font-semibold">
          {t("packages.detail.costTitle")}
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="text-sm">{committed ? t("packages.detail.monthlyCommitted") : t("packages.detail.monthly")}</dt>
            <dd className="text-2xl font-bold" data-testid="detail-monthly">
              {m(cost.monthlyPriceKurus)}
            </dd>
          </div>
          <div>
            <dt className="text-sm">{t("packages.detail.total", { count: cost.horizonMonths })}</dt>
            <dd className="text-2xl font-bold" data-testid="detail-total">
              {m(cost.totalCostKurus)}
            </dd>
            <dd className="text-xs">{t("packages.detail.totalHint")}</dd>
          </div>
          <div>
            <dt className="text-sm">{t("packages.detail.effective")}</dt>
            <dd className="text-2xl font-bold" data-testid="detail-effective">
              {m(cost.effectiveMonthlyKurus)}
            </dd>
          </div>
          {committed ? (
            <div>
              <dt className="text-sm">{t("packages.detail.after")}</dt>
              <dd className="text-2xl font-bold" data-testid="detail-after">
                {m(cost.priceAfterCommitmentKurus)}
              </dd>
              <dd className="text-sm" data-testid="detail-after-change">
                {change > 0
                  ? t("packages.detail.afterChangeUp", { amount: mt(change) })
                  : change < 0
                    ? t("packages.detail.afterChangeDown", { amount: mt(-change) })
                    : t("packages.detail.afterSame")}
              </dd>
            </div>
          ) : null}
          {cost.firstYearKurus !== cost.secondYearKurus ? (
            <>
              <div>
                <dt className="text-sm">{t("packages.detail.firstYear")}</dt>
                <dd className="text-lg font-semibold" data-testid="detail-first-year">
                  {m(cost.firstYearKurus)}
                </dd>
              </div>
              <div>
                <dt className="text-sm">{t("packages.detail.secondYear")}</dt>
                <dd className="text-lg font-semibold" data-testid="detail-second-year">
                  {m(cost.secondYearKurus)}
                </dd>
              </div>
            </>
          ) : null}
          {card.pricePerMbpsKurus !== null ? (
            <div>
              <dt className="text-sm">{t("packages.detail.perMbps")}</dt>
              <dd className="text-lg font-semibold">{m(card.pricePerMbpsKurus)}</dd>
            </div>
          ) : null}
        </dl>
        {!terms.withdrawnAt ? (
          <p className="mt-4">
            <PageLink to={`${paths.comparePackages()}?p=${card.id}`} className="btn-ghost border border-slate-300 dark:border-slate-600">
              {t("packages.detail.compare")}
            </PageLink>
          </p>
        ) : null}
      </section>

      {children}

      <section aria-labelledby="terms-title" className="mt-8 print:hidden">
        <h2 id="terms-title" className="text-xl font-semibold">
          {t("packages.detail.termsTitle")}
        </h2>
        <dl className="mt-2">
          <Row label={t("packages.detail.kind")}>{t(`packages.kinds.${terms.serviceKind}`)}</Row>
          {terms.technology ? <Row label={t("packages.detail.technology")}>{t(`packages.technologies.${terms.technology}`)}</Row> : null}
          {terms.downloadMbps ? <Row label={t("packages.detail.download")}>{t("packages.detail.upTo", { speed: terms.downloadMbps })}</Row> : null}
          {terms.uploadMbps ? <Row label={t("packages.detail.upload")}>{t("packages.detail.upTo", { speed: terms.uploadMbps })}</Row> : null}
          {terms.serviceKind === "internet" ? (
            <Row label={t("packages.detail.quota")}>{terms.quotaGb === null ? t("packages.detail.unlimited") : t("packages.detail.quotaGb", { gb: terms.quotaGb })}</Row>
          ) : null}
          {terms.fairUsage ? <Row label={t("packages.detail.fairUsage")}>{terms.fairUsage}</Row> : null}
          <Row label={t("packages.detail.priceWithout")}>{m(terms.priceKurus)}</Row>
          <Row label={t("packages.detail.commitment")} testId="detail-commitment">
            {committed ? t("packages.detail.commitmentMonths", { count: terms.commitmentMonths }) : t("packages.detail.noCommitment")}
          </Row>
          {terms.commitmentPriceKurus !== null ? <Row label={t("packages.detail.monthlyCommitted")}>{m(terms.commitmentPriceKurus)}</Row> : null}
          {terms.introMonths > 0 && terms.introPriceKurus !== null ? (
            <Row label={t("packages.detail.intro")}>{t("packages.detail.introText", { count: terms.introMonths, price: mt(terms.introPriceKurus) })}</Row>
          ) : null}
          {terms.freeMonths > 0 ? <Row label={t("packages.detail.freeMonths")}>{t("packages.detail.freeMonthsText", { count: terms.freeMonths })}</Row> : null}
          {terms.serviceKind === "internet" || terms.serviceKind === "tv" ? (
            <Row label={t("packages.detail.modem")}>
              {terms.modemOffer === "rental" ? t("packages.detail.modemRental", { price: mt(terms.modemRentalKurus) }) : t(`packages.modem.${terms.modemOffer}`)}
            </Row>
          ) : null}
          <Row label={t("packages.detail.activation")}>{terms.activationFeeKurus > 0 ? m(terms.activationFeeKurus) : t("packages.detail.none")}</Row>
          {terms.discountKurus > 0 ? (
            <Row label={t("packages.detail.discount")}>
              {m(terms.discountKurus)}
              {terms.discountNote ? ` — ${terms.discountNote}` : ""}
            </Row>
          ) : null}
          {terms.serviceKind === "internet" ? (
            <>
              <Row label={t("packages.detail.phone")}>{t(`packages.phone.${terms.phoneBundle}`)}</Row>
              <Row label={t("packages.detail.talkPackage")}>{yesNo(terms.talkPackage)}</Row>
              <Row label={t("packages.detail.tvPlatform")}>{terms.tvPlatform ?? t("packages.detail.no")}</Row>
              <Row label={t("packages.detail.gsm")}>{yesNo(terms.gsmIncluded)}</Row>
            </>
          ) : null}
          {terms.diskGb !== null ? <Row label={t("packages.detail.disk")}>{t("packages.detail.gb", { gb: terms.diskGb })}</Row> : null}
          {terms.serviceKind === "hosting" || terms.serviceKind === "server" ? (
            <Row label={t("packages.detail.traffic")}>{terms.trafficGb === null ? t("packages.detail.unlimited") : t("packages.detail.gb", { gb: terms.trafficGb })}</Row>
          ) : null}
          {terms.cpuCores !== null ? <Row label={t("packages.detail.cpu")}>{t("packages.detail.cpuCores", { count: terms.cpuCores })}</Row> : null}
          {terms.ramGb !== null ? <Row label={t("packages.detail.ram")}>{t("packages.detail.gb", { gb: terms.ramGb })}</Row> : null}
          {terms.channelCount !== null ? <Row label={t("packages.detail.channels")}>{terms.channelCount}</Row> : null}
          <Row label={t("packages.detail.cities")}>{terms.servesAllCities ? t("packages.detail.allCities") : provinceNames.join(", ")}</Row>
          <Row label={t("packages.detail.confirmed")} testId="detail-confirmed">
            {formatDate(`${terms.priceConfirmedOn}T12:00:00Z`)}
          </Row>
          {terms.description ? <Row label={t("packages.detail.description")}>{terms.description}</Row> : null}
        </dl>
      </section>

      {committed ? (
        <section aria-labelledby="termination-title" className="mt-8 print:hidden">
          <h2 id="termination-title" className="text-xl font-semibold">
            {t("packages.detail.terminationTitle")}
          </h2>
          <p className="mt-2">{t("packages.detail.terminationExplain", { min: mt(cost.terminationMinKurus), max: mt(cost.terminationMaxKurus), last: terms.commitmentMonths })}</p>
          <div className="mt-3 max-h-[28rem] overflow-auto rounded border border-slate-300 dark:border-slate-600" tabIndex={0} role="region" aria-labelledby="termination-title">
            <table className="w-full text-sm" data-testid="termination-table">
              <caption className="sr-only">{t("packages.detail.terminationCaption")}</caption>
              <thead className="sticky top-0 bg-white dark:bg-slate-900">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    {t("packages.detail.month")}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t("packages.detail.discountsReceived")}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t("packages.detail.remainingFees")}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t("packages.detail.fee")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {cost.termination.map((r) => (
                  <tr key={r.month} className="border-t border-slate-200 dark:border-slate-700">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {r.month}
                    </th>
                    <td className="px-2 py-1 text-right">{m(r.discountsReceivedKurus)}</td>
                    <td className="px-2 py-1 text-right">{m(r.remainingFeesKurus)}</td>
                    <td className="px-2 py-1 text-right font-semibold">{m(r.feeKurus)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <PriceHistory history={data.priceHistory} asOf={data.asOf} usdPerTry={usdPerTry} />

      {committed ? (
        <section aria-labelledby="summary-title" className="mt-8 rounded-lg border-2 border-slate-700 p-4 dark:border-slate-300" data-testid="commitment-summary">
          <h2 id="summary-title" className="text-xl font-semibold">
            {t("packages.detail.summaryTitle")}
          </h2>
          <p className="mt-1 text-sm">{t("packages.detail.summaryIntro")}</p>
          <p className="mt-1 font-medium">
            {detail.company.name} — {card.title}
          </p>
          <dl className="mt-2">
            <Row label={t("packages.detail.summaryPriceWithout")}>{m(terms.priceKurus)}</Row>
            <Row label={t("packages.detail.summaryAverage")}>{m(cost.effectiveMonthlyKurus)}</Row>
            <Row label={t("packages.detail.summaryMin", { last: terms.commitmentMonths })}>{m(cost.terminationMinKurus)}</Row>
            <Row label={t("packages.detail.summaryMax", { last: terms.commitmentMonths })}>{m(cost.terminationMaxKurus)}</Row>
            <Row label={t("packages.detail.summaryMonths")}>{t("packages.detail.commitmentMonths", { count: terms.commitmentMonths })}</Row>
            <Row label={t("packages.detail.confirmed")}>{formatDate(`${terms.priceConfirmedOn}T12:00:00Z`)}</Row>
          </dl>
          <p className="mt-2 text-xs">{t("packages.detail.summaryNote")}</p>
        </section>
      ) : null}

      {reviews ? <div className="mt-8 print:hidden">{reviews}</div> : null}
    </div>
  );
}
