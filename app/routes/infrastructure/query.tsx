import { withSiteName } from "../../../common/site";
import { data, Link, redirect } from "react-router";
import { readLastQuery } from "../../../common/infrastructure/last-query";
import { pathsFor } from "../../../common/paths";
import type { ValidationMessage } from "../../../common/validation/messages";
import { buildCascade } from "../../../server/infrastructure/cascade";
import { cityStats } from "../../../server/infrastructure/city-stats";
import { findFlat, type FlatLookup } from "../../../server/infrastructure/lookups";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { findProvinceByUrl, listDistricts } from "../../../server/reference/cities";
import { areaSpeeds } from "../../../server/speedtest/area-speeds";
import { toUpperTr } from "../../../common/text";
import { AddressCascade } from "../../features/infrastructure/address-cascade";
import { breadcrumbs } from "../../features/infrastructure/breadcrumbs";
import { JsonLd } from "../../components/ui/json-ld";
import { CityContent } from "../../features/infrastructure/city-content";
import { MeasuredSpeeds } from "../../features/speedtest/measured-speeds";
import { LookupForm, type LookupState } from "../../features/infrastructure/lookup-form";
import { parseTab, QueryTabs } from "../../features/infrastructure/query-tabs";
import { passHeaders } from "../../lib/headers";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/query";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

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
export async function loader({ request, params, context }: Route.LoaderArgs) {
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

function ErrorNote({ message }: { message: ValidationMessage }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {t(message.key, message.params)}
    </p>
  );
}

export default function QueryRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { tab, cascade, sourceError, landline, uavt, city, demo, last, jsonLd } = loaderData;
  const base = paths.altyapiSorgulama();
  const here = city ? paths.altyapiSorgulamaIl(city.url) : base;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold">{city ? t("infrastructure.query.cityTitle", { city: city.name }) : t("infrastructure.query.title")}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{t("infrastructure.query.lead")}</p>
      {demo ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("infrastructure.query.demo")}
        </p>
      ) : null}
      {last ? (
        <p className="mt-4 text-sm">
          {t("infrastructure.query.lastQuery", { address: last.address })}{" "}
          <Link to={paths.altyapiSonuc(String(last.bbk))}>{t("infrastructure.query.lastQueryOpen")}</Link>
        </p>
      ) : null}
      <section aria-labelledby="query-form-title" className="mt-6">
        <h2 id="query-form-title" className="sr-only">
          {t("infrastructure.query.tabs")}
        </h2>
        <QueryTabs base={here} current={tab} />
        {tab === "adres" ? (
          <>
            {sourceError ? <ErrorNote message={sourceError} /> : null}
            {cascade ? <AddressCascade action={base} levels={cascade} /> : null}
          </>
        ) : null}
        {tab === "telefon" ? (
          <>
            {landline.error && !landline.error.key.startsWith("infrastructure.validation") ? <ErrorNote message={landline.error} /> : null}
            <LookupForm action={base} way="telefon" state={landline.error?.key.startsWith("infrastructure.validation") ? landline : { value: landline.value }} />
          </>
        ) : null}
        {tab === "uavt" ? (
          <>
            {uavt.error && !uavt.error.key.startsWith("infrastructure.validation") ? <ErrorNote message={uavt.error} /> : null}
            <LookupForm action={base} way="uavt" state={uavt.error?.key.startsWith("infrastructure.validation") ? uavt : { value: uavt.value }} />
          </>
        ) : null}
      </section>
      {city ? <CityContent city={city} /> : null}
      {city?.measured ? <MeasuredSpeeds view={city.measured} /> : null}
    </div>
  );
}
