import { data, redirect } from "react-router";
import type { SearchKind } from "../../../common/search/kinds";
import { pathsFor } from "../../../common/paths";
import { slugify } from "../../../common/text";
import type { ValidationMessage } from "../../../common/validation/messages";
import type { RequestContext } from "../../../server/core/app-context";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { checkSearchValue, searchesPopular, searchSite } from "../../../server/search";

/** The popular searches as links to their results pages. */
async function popular(context: RequestContext) {
  const paths = pathsFor(context.locale);
  return (await searchesPopular(context.app)).map((s) => ({ query: s.query, path: paths.search(slugify(s.query) || s.query) }));
}

/** The refusal of a search value as the page shows it under its form (400). */
async function refused(err: unknown, query: string, context: RequestContext) {
  if (!isAppError(err) || err.code !== "E_VALIDATION") throw err;
  const t = getT(context.locale);
  const error: ValidationMessage = err.fieldErrors?.q ?? err.fieldErrors?.kind ?? err.fieldErrors?.page ?? err.messageKey;
  return data(
    {
      mode: "refused" as const,
      query: Array.from(query).slice(0, 60).join(""),
      error,
      popular: await popular(context),
      seo: { title: t("search.dialogTitle"), description: t("meta.defaultDescription"), index: false },
    },
    { status: 400 },
  );
}

/**
 * /arama?q=… (the overlay's and the page's form, with or without JavaScript): a valid search goes
 * on to /arama/<slug of its words>, a refused one is the page with its message (400), no query the
 * empty form. /arama/:searchValue[?group=&page=]: every group's first hits and count, or one
 * group's pages (show more). Never indexed, never kept for guests.
 */
export async function searchPageData({ request, params, context }: { request: Request; params: { searchValue?: string }; context: RequestContext }) {
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  const paths = pathsFor(locale);
  if (params.searchValue === undefined) {
    const q = url.searchParams.get("q");
    if (q === null) return { mode: "form" as const, query: "", popular: await popular(context), seo: { title: t("search.dialogTitle"), description: t("meta.defaultDescription"), index: false } };
    let checked: string;
    try {
      checked = checkSearchValue(q);
    } catch (err) {
      return refused(err, q, context);
    }
    throw redirect(paths.search(slugify(checked) || checked));
  }
  const group = url.searchParams.get("group") ?? undefined;
  const page = url.searchParams.get("page") ?? undefined;
  let results;
  try {
    // A page view the server saw counts towards the popular searches (once per address and day).
    results = await searchSite(context.app, { q: params.searchValue, locale, kind: group, page, ipHash: context.method === "GET" ? context.ipHash : null });
  } catch (err) {
    return refused(err, params.searchValue.replace(/-/g, " "), context);
  }
  const found = results.groups.some((g) => g.total > 0);
  const single = group !== undefined ? (group as SearchKind) : null;
  const groupName = single ? t(`searchResults.groups.${single}`) : null;
  const title = groupName ? t("searchResults.groupTitle", { group: groupName, query: results.shown }) : t("searchResults.title", { query: results.shown });
  return {
    mode: "results" as const,
    query: results.shown,
    base: paths.search(params.searchValue),
    single,
    results,
    didYouMeanPath: results.didYouMean ? paths.search(slugify(results.didYouMean) || results.didYouMean) : null,
    popular: found ? [] : await popular(context),
    seo: { title, description: t("searchResults.description", { query: results.shown }), index: false },
    jsonLd: { "@context": "https://schema.org", "@type": "SearchResultsPage", name: title, inLanguage: locale },
  };
}
