import { formatDate } from "../../../common/format";
import type { PackageCardFields } from "../../../common/package-types";
import { PACKAGE_IMAGE } from "../../../common/packages";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { Money } from "./money";

/** Small labels: sponsored, demo, withdrawn. */
export function PackageBadges({ pkg }: { pkg: Pick<PackageCardFields, "sponsored" | "isDemo" | "withdrawn"> }) {
  const { t } = useTranslation();
  return (
    <>
      {pkg.sponsored ? (
        <span className="badge border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200" data-testid="sponsored-label">
          {t("packages.card.sponsored")}
        </span>
      ) : null}
      {pkg.isDemo ? <span className="badge border-slate-500 text-slate-800 dark:text-slate-200">{t("packages.card.demo")}</span> : null}
      {pkg.withdrawn ? (
        <span className="badge border-red-700 text-red-800 dark:border-red-300 dark:text-red-200" data-testid="withdrawn-label">
          {t("packages.card.withdrawn")}
        </span>
      ) : null}
    </>
  );
}

/**
 * One package in a list (/paketler, a company's /paketler): title, company, speed, the monthly
 * price, the whole cost over the commitment and the price after it, with an optional compare box.
 */
export function PackageCardView({
  pkg,
  usdPerTry,
  compareBox = true,
  requestButton = false,
  requestFlat,
}: {
  pkg: PackageCardFields;
  usdPerTry: number;
  compareBox?: boolean;
  /** A button to the package page's subscription request form (the answer page's packages that reach a flat). */
  requestButton?: boolean;
  /** The flat the request is for (its BBK code): the package page shows its address on the request form. */
  requestFlat?: number;
}) {
  const { t } = useTranslation();
  const committed = pkg.commitmentMonths > 0;
  const titleId = `pkg-${pkg.id}-title`;
  const line = [
    pkg.company.name,
    t(`packages.kinds.${pkg.serviceKind}`),
    pkg.technology ? t(`packages.technologies.${pkg.technology}`) : "",
    pkg.downloadMbps ? t("packages.card.speed", { down: pkg.downloadMbps, up: pkg.uploadMbps ?? "—" }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const labelled = pkg.sponsored || pkg.isDemo || pkg.withdrawn;
  return (
    <article aria-labelledby={titleId} className="box pkg" data-testid="package-card">
      {pkg.imageUrl ? (
        // Beside the linked title, which says what it shows: decorative (empty alt). Lists run below the fold: lazy.
        <img
          src={pkg.imageUrl}
          alt=""
          width={PACKAGE_IMAGE.width}
          height={PACKAGE_IMAGE.height}
          loading="lazy"
          decoding="async"
          className="float-right ms-3 h-auto w-20 rounded sm:w-24"
          data-testid="card-image"
        />
      ) : null}
      {labelled ? (
        <div className="flex flex-wrap items-center gap-2">
          <PackageBadges pkg={pkg} />
        </div>
      ) : null}
      <h3 id={titleId}>
        <PageLink to={pkg.path}>{pkg.title}</PageLink>
      </h3>
      <p>{line}</p>
      <dl className="terms">
        <div>
          <dt>{committed ? t("packages.card.monthlyCommitted", { months: pkg.commitmentMonths }) : t("packages.card.monthly")}</dt>
          <dd data-testid="card-monthly">
            <Money kurus={pkg.monthlyPriceKurus} usdPerTry={usdPerTry} />
          </dd>
        </div>
        <div>
          <dt>{t("packages.card.total", { count: pkg.horizonMonths })}</dt>
          <dd data-testid="card-total">
            <Money kurus={pkg.totalCostKurus} usdPerTry={usdPerTry} />
          </dd>
        </div>
        <div>
          <dt>{t("packages.card.after")}</dt>
          <dd data-testid="card-after">
            {committed ? <Money kurus={pkg.priceAfterCommitmentKurus} usdPerTry={usdPerTry} /> : t("packages.card.noCommitment")}
          </dd>
        </div>
        <div>
          <dt>{t("packages.card.perMbps")}</dt>
          <dd>{pkg.pricePerMbpsKurus !== null ? <Money kurus={pkg.pricePerMbpsKurus} usdPerTry={usdPerTry} /> : "—"}</dd>
        </div>
      </dl>
      <div className="pkg-foot">
        <span>{t("packages.card.confirmed", { date: formatDate(`${pkg.priceConfirmedOn}T12:00:00Z`) })}</span>
        {compareBox && !pkg.withdrawn ? (
          <label className="check text-sm">
            <input type="checkbox" name="p" value={pkg.id} />
            {t("packages.card.compare")}
          </label>
        ) : null}
        {requestButton && !pkg.withdrawn ? (
          <PageLink to={`${pkg.path}${requestFlat !== undefined ? `?flat=${requestFlat}` : ""}#lead-subscribe-title`} className="btn-primary text-sm" data-testid="card-request" aria-describedby={titleId}>
            {t("packages.card.request")}
          </PageLink>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The packages of one company, for its /paketler page (wired in by the company directory): the
 * cards and a compare button in one GET form to the compare page.
 */
export function PackageList({ items, usdPerTry, compareAction, emptyText }: { items: PackageCardFields[]; usdPerTry: number; compareAction: string; emptyText: string }) {
  const { t } = useTranslation();
  if (!items.length) return <p data-testid="packages-empty">{emptyText}</p>;
  const hasDemo = items.some((p) => p.isDemo);
  return (
    <form method="get" action={compareAction} data-testid="package-list">
      {hasDemo ? <p className="mb-3 rounded border border-slate-400 p-2 text-sm">{t("packages.card.demoNotice")}</p> : null}
      <PackageCompareList items={items} usdPerTry={usdPerTry} />
    </form>
  );
}

/**
 * The cards, each with its compare checkbox, and the button that sends the ticked ones: the inside
 * of a GET form to the compare page (a company's packages, the search results).
 */
export function PackageCompareList({ items, usdPerTry, testId }: { items: PackageCardFields[]; usdPerTry: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ol className="space-y-3" data-testid={testId}>
        {items.map((p) => (
          <li key={p.id}>
            <PackageCardView pkg={p} usdPerTry={usdPerTry} />
          </li>
        ))}
      </ol>
      <button type="submit" className="btn-primary mt-4">
        {t("packages.card.compareSelected")}
      </button>
    </>
  );
}
