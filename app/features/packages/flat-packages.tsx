import { hasService, type FlatAnswer } from "../../../common/infrastructure/types";
import type { PackageCard } from "../../../common/package-types";
import type { Technology } from "../../../common/packages";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { PackageCardView } from "./package-card";

export interface FlatPackagesView {
  /** The first few, the lowest average per month over 24 months first (RANKING_MONTHS). */
  items: PackageCard[];
  /** How many reach the flat in all. */
  total: number;
  /** /paketler with the same filters (the flat's code), for "all N packages". */
  allPath: string;
  usdPerTry: number;
  /**
   * When none reaches the flat only because its line is slower than every package on sale over
   * its technologies: those packages (cheapest total first) and what the line carries.
   */
  beyondLine: { items: PackageCard[]; lines: { technology: Technology; maxDownMbps: number | null }[] } | null;
}

function PackageList({ items, usdPerTry, flat }: { items: PackageCard[]; usdPerTry: number; flat: number }) {
  const { t } = useTranslation();
  return (
    <>
      {items.some((p) => p.isDemo) ? <p className="mt-3 rounded border border-slate-400 p-2 text-sm">{t("packages.card.demoNotice")}</p> : null}
      <ol className="mt-4 space-y-3">
        {items.map((p) => (
          <li key={p.id}>
            <PackageCardView pkg={p} usdPerTry={usdPerTry} compareBox={false} requestButton requestFlat={flat} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * "Packages that reach this flat" on the answer page: the internet packages on sale
 * whose technology is available at the flat, whose speed its line carries and which serve its
 * province (server/packages/search-packages.ts, the `flat` filter), cheapest total cost first,
 * each card with a button to its package page's subscription request form, carrying the flat's
 * code (the form shows the flat's address and sends it with the request); a link to all of
 * them on /paketler; a plain sentence when none. A line slower than every package on sale over
 * its technologies (a long ADSL line) gets those packages instead, said to run no faster than
 * the line, rather than an empty list. (The answer page puts the measured speeds of the
 * flat's district after it.)
 */
export function PackagesForFlat({ answer, packages }: { answer: FlatAnswer; packages: FlatPackagesView }) {
  const { t } = useTranslation();
  const { beyondLine } = packages;
  return (
    <>
      <section aria-labelledby="flat-packages-title" className="mt-10" data-testid="flat-packages">
        <h2 id="flat-packages-title" className="text-2xl font-bold">
          {t("infrastructure.packages.title")}
        </h2>
        <p className="mt-2 max-w-3xl text-sm muted">{t("infrastructure.packages.lead")}</p>
        <p className="mt-1 max-w-3xl text-sm muted" data-testid="flat-packages-order">
          {t("packages.search.orderBy.average")}
        </p>
        {packages.items.length === 0 && beyondLine ? (
          <>
            <p className="mt-4 max-w-3xl" data-testid="flat-packages-slow-line">
              {t("infrastructure.packages.slowLine", {
                speeds: beyondLine.lines
                  .map((l) => t("infrastructure.packages.lineSpeed", { speed: l.maxDownMbps ?? 0, technology: t(`packages.technologies.${l.technology}`) }))
                  .join(", "),
              })}
            </p>
            <PackageList items={beyondLine.items} usdPerTry={packages.usdPerTry} flat={answer.bbk} />
          </>
        ) : packages.items.length === 0 ? (
          <p className="mt-4" data-testid="flat-packages-none">
            {hasService(answer) ? t("infrastructure.packages.none") : t("infrastructure.packages.noService")}
          </p>
        ) : (
          <>
            <PackageList items={packages.items} usdPerTry={packages.usdPerTry} flat={answer.bbk} />
            <p className="mt-4">
              <PageLink to={packages.allPath} className="btn-ghost border border-slate-300 dark:border-slate-600" data-testid="flat-packages-all">
                {t("infrastructure.packages.all", { count: packages.total })}
              </PageLink>
            </p>
          </>
        )}
      </section>
    </>
  );
}
