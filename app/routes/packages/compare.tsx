import { comparePage } from "./compare.server";
import { ErrorList } from "../../components/forms";
import { PageLink } from "../../components/ui/page-link";
import { CompareTable } from "../../features/packages/compare-table";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/compare";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return comparePage(args);
}

/** /paketler/karsilastir?p=…: up to four packages side by side, differences marked, cheapest total and fastest named. */
export default function ComparePackagesRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { comparison, errors, max, asked, usdPerTry } = loaderData;
  const items = comparison?.items ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("packages.compare.title")}</h1>
      <p className="mt-2">{t("packages.compare.intro", { max })}</p>
      <ErrorList id="compare-error" errors={errors.p ?? Object.values(errors)[0]} />
      {comparison && items.length < asked ? <p className="mt-2 text-sm">{t("packages.compare.missing")}</p> : null}
      {items.length === 0 ? (
        <p className="mt-4" data-testid="compare-empty">
          {t("packages.compare.empty")} <PageLink to={paths.searchPackages()}>{t("packages.compare.browse")}</PageLink>
        </p>
      ) : (
        <CompareTable comparison={comparison!} usdPerTry={usdPerTry} />
      )}
    </div>
  );
}
