import { Link } from "react-router";
import type { ValidationMessage } from "../../../common/validation/messages";
import { AddressCascade } from "../../features/infrastructure/address-cascade";
import { JsonLd } from "../../components/ui/json-ld";
import { CityContent } from "../../features/infrastructure/city-content";
import { MeasuredSpeeds } from "../../features/speedtest/measured-speeds";
import { LookupForm } from "../../features/infrastructure/lookup-form";
import { QueryTabs } from "../../features/infrastructure/query-tabs";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { queryPage } from "./query.server";
import type { Route } from "./+types/query";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

/**
 * /internet-altyapi-hiz-sorgulama and /internet-altyapi-hiz-sorgulama/:il. Everything is a GET:
 * the tab (?sekme=), the cascade's choices (?il=…&ilce=…), a landline (?telefon=) or an address
 * code (?uavt=); a found flat redirects to its answer page. The city pages start at their
 * province and add its districts and query statistics; an unknown il is a 404.
 */
export function loader(args: Route.LoaderArgs) {
  return queryPage(args);
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
  useNamespaces("auth", "infrastructure", "speedtest");
  const { t } = useTranslation();
  const paths = usePaths();
  const { tab, cascade, sourceError, landline, uavt, city, demo, last, jsonLd } = loaderData;
  const base = paths.altyapiSorgulama();
  const here = city ? paths.altyapiSorgulamaIl(city.url) : base;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold">{city ? t("infrastructure.query.cityTitle", { city: city.name }) : t("infrastructure.query.title")}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 muted">{t("infrastructure.query.lead")}</p>
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
