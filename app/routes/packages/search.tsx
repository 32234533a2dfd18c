import { packageSearchQuery } from "../../../common/forms/package-search-query";
import { EN_PREFIX } from "../../../common/routes/registry";
import { packageSearchPage } from "./search.server";
import { Pagination } from "../../components/ui/pagination";
import { ItemListJsonLd } from "../../components/ui/json-ld";
import { PackageCompareList } from "../../features/packages/package-card";
import { PackageFilters } from "../../features/packages/package-filters";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { RenderedOnce } from "../../lib/rendered-once";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return packageSearchPage(args);
}

/** /paketler: every filter of spec §3 in one GET form (no JavaScript needed), sorts, counts per value, pages. */
export default function PackageSearchRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth", "infrastructure", "packages");
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { search, result, usdPerTry, errors, title, rememberedFlat } = loaderData;
  const base = paths.searchPackages();
  const remembered = result.city && !search.city && !result.flat;
  // "Only what reaches my flat": the flat of the filter, or of the last infrastructure query.
  const flatChoice =
    search.flat !== undefined
      ? { bbk: search.flat, address: result.flat?.address ?? (rememberedFlat?.bbk === search.flat ? rememberedFlat.address : String(search.flat)) }
      : rememberedFlat;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold break-words">{title}</h1>
      <p className="mt-2 max-w-3xl text-sm" data-testid="order-note">
        {t("packages.search.orderNote")}
      </p>
      <p className="mt-1 max-w-3xl text-sm" data-testid="order-by">
        {t(`packages.search.orderBy.${search.sort}`)}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <PackageFilters search={search} facets={result.facets} errors={errors} flatChoice={flatChoice} />
        <section aria-labelledby="package-results-title">
          <h2 id="package-results-title" className="text-xl font-semibold">
            {t("packages.search.results")}{" "}
            <span className="text-base font-normal" data-testid="package-count">
              ({t("packages.search.count", { count: result.total })})
            </span>
          </h2>
          {remembered ? (
            <p className="mt-2 text-sm" data-testid="remembered-city">
              {t("packages.search.cityRemembered", { city: result.city!.value })}
            </p>
          ) : null}
          {result.flat ? (
            <p className="mt-2 text-sm break-words" data-testid="flat-note">
              {t("packages.search.flatActive", { address: result.flat.address })}
            </p>
          ) : null}
          {result.hasDemo ? <p className="mt-3 rounded border border-slate-400 p-2 text-sm">{t("packages.card.demoNotice")}</p> : null}
          {result.shown === 0 ? (
            <p className="mt-4" data-testid="package-list-empty">
              {t("packages.search.empty")}
            </p>
          ) : (
            <form method="get" action={paths.comparePackages()} className="mt-4">
              <RenderedOnce name="packages" value={result.items}>
                {(items) => (
                  <>
                    <ItemListJsonLd
                      name={title}
                      total={result.total}
                      firstPosition={(result.page - 1) * result.pageSize + 1}
                      items={items.map((p) => ({ path: `${locale === "en" ? EN_PREFIX : ""}${p.path}`, name: p.title }))}
                    />
                    <PackageCompareList items={items} usdPerTry={usdPerTry} testId="package-results" />
                  </>
                )}
              </RenderedOnce>
            </form>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} href={(page) => base + packageSearchQuery(search, { page })} />
        </section>
      </div>
    </div>
  );
}
