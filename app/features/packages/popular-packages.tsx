import type { PackageCardFields } from "../../../common/package-types";
import { SERVICE_KINDS, type ServiceKind } from "../../../common/packages";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { PackageCardView } from "./package-card";

/**
 * The home page's popular packages with the tabs internet, hosting, server and TV. The tabs are
 * links (`?paket=<kind>#populer-paketler`), so they work without JavaScript; the home loader
 * reads the tab with popularTab() and the cards with popularPackages() (server/packages/popular-packages.ts).
 */
export function PopularPackages({ active, items, usdPerTry }: { active: ServiceKind; items: PackageCardFields[]; usdPerTry: number }) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <section aria-labelledby="populer-paketler-title" id="populer-paketler" className="mx-auto max-w-6xl px-4 py-10">
      <h2 id="populer-paketler-title" className="text-2xl font-bold">
        {t("packages.popular.title")}
      </h2>
      <nav aria-label={t("packages.popular.tabs")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {SERVICE_KINDS.map((k) => (
            <li key={k}>
              <PageLink
                to={`${paths.Home()}?paket=${k}#populer-paketler`}
                aria-current={k === active ? "page" : undefined}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm no-underline aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-slate-600"
              >
                {t(`packages.kinds.${k}`)}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
      {items.length ? (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {items.map((p) => (
            <li key={p.id}>
              <PackageCardView pkg={p} usdPerTry={usdPerTry} compareBox={false} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{t("packages.popular.empty")}</p>
      )}
      <p className="mt-4">
        <PageLink to={`${paths.searchPackages()}?kind=${active}`}>{t("packages.popular.all", { kind: t(`packages.kinds.${active}`) })}</PageLink>
      </p>
    </section>
  );
}
