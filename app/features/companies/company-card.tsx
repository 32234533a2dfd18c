import { BadgeCheck, Star } from "../../components/ui/icons";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { companyLogoUrl, type SCORECARD_SORTS } from "../../../common/companies";
import { SCORECARD_GRADES } from "../../../common/scorecard";
import type { CompanyCard as Card } from "../../../common/company-views";
import { formatDecimal, formatPercent, formatScore } from "../../../common/format";

type ScorecardSort = (typeof SCORECARD_SORTS)[number];

export function SponsoredBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-block rounded-full border border-amber-600 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
      {t("companies.sponsored")}
    </span>
  );
}

export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-block rounded-full border border-slate-500 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-400 dark:text-slate-100">
      {t("companies.demoBadge")}
    </span>
  );
}

/** The notice on every page that shows demo companies. */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="demo-notice">
      {t("companies.demoNotice")}
    </p>
  );
}

export function CompanyLogo({ name, logo, size = 56 }: { name: string; logo: string | null; size?: number }) {
  const { t } = useTranslation();
  const initials = Array.from(name.trim())[0]?.toLocaleUpperCase("tr-TR") ?? "?";
  return logo ? (
    <img src={companyLogoUrl(logo)} alt={t("companies.card.logoAlt", { name })} width={size} height={size} loading="lazy" className="shrink-0 rounded-lg bg-white object-contain" />
  ) : (
    <span aria-hidden="true" style={{ width: size, height: size }} className="flex shrink-0 items-center justify-center rounded-lg bg-brand-100 text-xl font-bold text-brand-800 dark:bg-slate-800 dark:text-brand-50">
      {initials}
    </span>
  );
}

/** A card's score line: the stars' figure and the number of reviews, or "no reviews yet". */
export function ScoreLine({ score, count }: { score: number | null; count: number }) {
  const { t, locale } = useTranslation();
  if (score === null) return <span className="text-sm muted">{t("companies.card.noReviews")}</span>;
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
      <span>{t("companies.card.score", { score: formatScore(score, locale) })}</span>
      <span className="muted">· {t("companies.card.reviews", { count })}</span>
    </span>
  );
}

/** The scorecard figure a list is sorted by, as a card's line (the list's copy, refreshed hourly). */
function SortFigure({ sort, value }: { sort: ScorecardSort; value: number | null }) {
  const { t, locale } = useTranslation();
  if (value === null) return <p className="mt-1 text-sm muted">{t("companies.list.figure.none")}</p>;
  const text =
    sort === "measuredSpeed"
      ? t("companies.list.figure.measuredSpeed", { value: formatPercent(value, locale) })
      : sort === "eveningDrop"
        ? t(value >= 0 ? "companies.list.figure.eveningDrop" : "companies.list.figure.eveningFaster", { value: formatPercent(Math.abs(value), locale) })
        : sort === "bufferbloat"
          ? t("companies.list.figure.bufferbloat", { value: SCORECARD_GRADES[value - 1] ?? "—" })
          : t(`companies.list.figure.${sort}`, { value: formatDecimal(value, locale, 2) });
  return <p className="mt-1 text-sm font-semibold">{text}</p>;
}

export function CompanyCardView({ company, typeName, sort }: { company: Card; typeName: string; sort?: ScorecardSort }) {
  const { t } = useTranslation();
  return (
    <article className="flex gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="company-card" data-slug={company.slug}>
      <CompanyLogo name={company.name} logo={company.logo} />
      <div className="min-w-0 flex-1">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <PageLink to={`/${company.profileSegment}/${company.slug}`} className="break-words">
            {company.name}
          </PageLink>
          {company.verified ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-800 dark:text-brand-300">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {t("companies.verified")}
            </span>
          ) : null}
          {company.sponsored ? <SponsoredBadge /> : null}
          {company.isDemo ? <DemoBadge /> : null}
        </h3>
        <p className="mt-1 text-sm muted">{typeName}</p>
        <p className="mt-1">
          <ScoreLine score={company.score} count={company.reviewCount} />
        </p>
        {sort && company.sortValue !== undefined ? <SortFigure sort={sort} value={company.sortValue} /> : null}
      </div>
    </article>
  );
}
