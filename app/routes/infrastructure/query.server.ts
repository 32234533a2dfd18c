import { withSiteName } from "../../../common/site";
import { data, redirect } from "react-router";
import { readLastQuery } from "../../../common/infrastructure/last-query";
import { pathsFor } from "../../../common/paths";
import type { ValidationMessage } from "../../../common/validation/messages";
import { buildCascade } from "../../../server/infrastructure/cascade";
import { cityStats } from "../../../server/infrastructure/city-stats";
import { findFlat, type FlatLookup } from "../../../server/infrastructure/lookups";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { findProvinceByUrl, listDistricts } from "../../../server/reference/cities";
import { areaSpeeds } from "../../../server/speedtest/area-speeds";
import { toUpperTr } from "../../../common/text";
import { breadcrumbs } from "../../features/infrastructure/breadcrumbs";
import type { LookupState } from "../../features/infrastructure/lookup-form";
import { parseTab } from "../../features/infrastructure/query-tabs";

/** A city page's title with the site name, when that stays within about 60 characters. */
function cityTitle(title: string): string {
  return withSiteName(title).length <= 60 ? withSiteName(title) : title;
}

/**
 * /internet-altyapi-hiz-sorgulama and /internet-altyapi-hiz-sorgulama/:il. Everything is a GET:
 * the tab (?sekme=), the cascade's choices (?il=…&ilce=…), a landline (?telefon=) or an address
 * code (?uavt=); a found flat redirects to its answer page. The city pages start at their
 * province and add its districts and query statistics; an unknown il is a 404.
 */
export async function queryPage({ request, params, context }: { request: Request; params: { il?: string }; context: RequestContext }) {
  const t = getT(context.locale);
  const paths = pathsFor(context.locale);
  const url = new URL(request.url);
  const province = params.il === undefined ? undefined : findProvinceByUrl(params.il);
  if (params.il !== undefined && !province) throw data(null, { status: 404 });
  const tab = parseTab(url.searchParams.get("sekme"));
  let status = 200;
  let sourceError: ValidationMessage | undefined;

  const lookup = async (by: FlatLookup, param: string, field: string): Promise<LookupState> => {
    const value = (url.searchParams.get(param) ?? "").slice(0, 200);
    if (!url.searchParams.has(param)) return { value: "" };
    try {
      const flat = await findFlat(context.app, { by, input: { [field]: value } });
      throw redirect(paths.altyapiSonuc(String(flat.bbk)));
    } catch (err) {
      if (!isAppError(err)) throw err;
      status = err.status;
      return { value, error: err.fieldErrors?.[field] ?? err.messageKey };
    }
  };
  const landline = tab === "telefon" ? await lookup("landline", "telefon", "phone") : { value: "" };
  const uavt = tab === "uavt" ? await lookup("uavt", "uavt", "uavt") : { value: "" };

  let cascade = null;
  if (tab === "adres") {
    try {
      cascade = await buildCascade(context.app, { params: url.searchParams, province: province?.code });
      if (cascade.flat !== null) throw redirect(paths.altyapiSonuc(String(cascade.flat)));
    } catch (err) {
      if (!isAppError(err)) throw err;
      status = err.status;
      sourceError = err.messageKey;
    }
  }

  const city = province
    ? {
        code: province.code,
        name: province.name,
        url: province.url,
        districts: listDistricts(province.code).map(toUpperTr),
        stats: await cityStats(context.app, { province: province.code }),
        measured: await areaSpeeds(context.app, { province: province.code }),
      }
    : null;
  const seo = city
    ? { title: cityTitle(t("infrastructure.query.cityPageTitle", { city: city.name })), siteName: false as const, description: t("infrastructure.query.cityDescription", { city: city.name }) }
    : { title: t("infrastructure.query.title"), description: t("infrastructure.query.description") };
  const crumbs = [
    { name: t("nav.home"), path: paths.Home() },
    { name: t("infrastructure.query.title"), path: paths.altyapiSorgulama() },
    ...(city ? [{ name: city.name, path: paths.altyapiSorgulamaIl(city.url) }] : []),
  ];
  return data(
    {
      seo,
      tab,
      cascade: cascade?.levels ?? null,
      sourceError,
      landline,
      uavt,
      city,
      demo: context.app.infrastructure.kind === "demo",
      last: readLastQuery(request.headers.get("cookie")),
      jsonLd: breadcrumbs(context.app.config.SITE_URL, crumbs),
    },
    { status, headers: status === 503 ? { "Retry-After": "30", "Cache-Control": "no-store" } : { "Cache-Control": "no-store" } },
  );
}
