import { PopularSearches, SearchGroupSection, SearchPageForm } from "../../features/search/results-view";
import { JsonLd } from "../../components/ui/json-ld";
import { PageLink } from "../../components/ui/page-link";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { searchPageData } from "./results.server";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /arama (the form's target) and /arama/:searchValue (the results; wiring in results.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return searchPageData({ request: args.request, params: args.params as { searchValue?: string }, context: args.context });
}

export default function SearchResultsRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const form = paths.searchForm();
  if (loaderData.mode !== "results") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t("search.dialogTitle")}</h1>
        <SearchPageForm action={form} query={loaderData.query} error={loaderData.mode === "refused" ? loaderData.error : null} />
        <PopularSearches searches={loaderData.popular} />
      </div>
    );
  }
  const { results, single, base, didYouMeanPath, jsonLd, popular } = loaderData;
  const found = results.groups.some((g) => g.total > 0);
  const demo = results.groups.some((g) => g.hits.some((h) => h.isDemo));
  const groupHref = (kind: string, page = 1) => `${base}?group=${kind}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold break-words">
        {single ? t("searchResults.groupTitle", { group: t(`searchResults.groups.${single}`), query: results.shown }) : t("searchResults.heading", { query: results.shown })}
      </h1>
      <SearchPageForm action={form} query={results.shown} />
      {single ? (
        <p className="mt-3">
          <PageLink to={base}>{t("searchResults.allResults")}</PageLink>
        </p>
      ) : null}
      {!found ? (
        <div className="mt-6" role="status">
          <p>{t("searchResults.nothing", { query: results.shown })}</p>
          {results.didYouMean && didYouMeanPath ? (
            <p className="mt-2">
              {t("searchResults.didYouMean")}{" "}
              <PageLink to={didYouMeanPath} className="font-semibold">
                {results.didYouMean}
              </PageLink>
            </p>
          ) : null}
        </div>
      ) : null}
      <PopularSearches searches={popular} />
      {demo ? <p className="mt-6 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">{t("searchResults.demoNotice")}</p> : null}
      {results.groups.map((g) =>
        single ? (
          <SearchGroupSection key={g.kind} group={g} pageHref={(page) => groupHref(g.kind, page)} />
        ) : (
          <SearchGroupSection key={g.kind} group={g} moreHref={groupHref(g.kind)} />
        ),
      )}
    </div>
  );
}
