import { cardFields } from "../../../common/package-types";
import { data } from "react-router";
import { packageSearchSchema, pageQueryWithKind, searchParamsObject } from "../../../common/forms/package-search";
import { readLastQuery } from "../../../common/infrastructure/last-query";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { searchPackages, type PackageSearchResult } from "../../../server/packages/search-packages";
import { renderedOnce } from "../../../server/http/pages/rendered-once";

/** The /paketler loader: filters from the URL, a 400 page with the messages when one is invalid. */
export async function packageSearchPage({ request, context }: { request: Request; context: RequestContext }) {
  const url = new URL(request.url);
  const locale = context.locale;
  const t = getT(locale);
  const parsed = packageSearchSchema.safeParse(pageQueryWithKind(searchParamsObject(url.searchParams)));
  // The last infrastructure query (cookie): its flat is offered as "only what reaches my flat".
  const last = readLastQuery(request.headers.get("cookie"));
  const rememberedFlat = last ? { bbk: last.bbk, address: last.address } : null;
  const usdPerTry = context.app.config.USD_PER_TRY;
  const description = t("packages.search.description");
  const failed = (errors: ValidationErrors, status: number) => {
    const empty: PackageSearchResult = {
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 0,
      facets: { kind: {}, tech: {}, speed: {}, commitment: {}, company: [], tv: 0, activation: 0, modem: {} },
      city: null,
      flat: null,
    };
    // The form shows the page's defaults again (home internet, the 24-month average order).
    const query = packageSearchSchema.parse(pageQueryWithKind({}));
    return data(
      {
        errors,
        search: query,
        result: { ...empty, items: [], shown: 0, hasDemo: false },
        usdPerTry,
        rememberedFlat,
        title: t("packages.search.title"),
        seo: { title: t("packages.search.title"), description, index: false },
      },
      { status, headers: status === 503 ? { "Retry-After": "30" } : undefined },
    );
  };
  if (!parsed.success) return failed(toValidationErrors(parsed.error), 400);
  const search = parsed.data;
  let result: PackageSearchResult;
  try {
    result = await searchPackages(context.app, search, { rememberedCityCode: search.city ? null : (last?.il ?? null) });
  } catch (err) {
    // Only the flat filter can fail here: an unknown flat (404), or the infrastructure source down (503).
    if (!isAppError(err) || search.flat === undefined) throw err;
    return failed({ flat: err.messageKey }, err.status);
  }
  const kindName = search.kind ? t(`packages.kinds.${search.kind}`) : null;
  const title = result.city && search.city ? t("packages.search.titleCity", { city: result.city.name }) : kindName ? t("packages.search.titleKind", { kind: kindName }) : t("packages.search.title");
  const filtered = [...url.searchParams.keys()].some((k) => k !== "page");
  return {
    errors: {} as ValidationErrors,
    search,
    // The cards' HTML is the document's; their fields go to the browser only for a client-side
    // navigation, which renders them (decision 040).
    result: { ...result, items: renderedOnce(context, "packages", result.items.map(cardFields)), shown: result.items.length, hasDemo: result.items.some((p) => p.isDemo) },
    usdPerTry,
    rememberedFlat,
    title,
    // Filtered lists are not indexed: the plain /paketler is the canonical list.
    seo: { title: result.page > 1 ? `${title} (${result.page})` : title, description, index: !filtered },
  };
}
