import { breadcrumbListJsonLd } from "../../../common/json-ld";
import { Breadcrumbs } from "../../features/companies/breadcrumbs";
import { DemoNotice } from "../../features/companies/company-card";
import { OutageChart } from "../../features/outages/outage-chart";
import {
  OutageCities,
  OutageIncidents,
  OutageMethod,
  OutageProblems,
  OutageStatus,
} from "../../features/outages/outage-view";
import {
  OutageAlertForm,
  OutageReportForm,
} from "../../features/outages/report-form";
import { JsonLd } from "../../components/ui/json-ld";
import { useLocation } from "react-router";
import { passHeaders } from "../../lib/headers";
import { RenderedOnce } from "../../lib/rendered-once";
import { usePaths } from "../../lib/paths";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { outagesAction, outagesPage } from "./outages.server";
import type { Route } from "./+types/outages";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export const loader = (args: Route.LoaderArgs) => outagesPage(args);
export const action = (args: Route.ActionArgs) => outagesAction(args);

/** "Is it down?": a provider's outage reports, its incidents, and the form to report one. */
export default function CompanyOutagesRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  useNamespaces("companies", "outages");
  const { t } = useTranslation();
  const { company, crumbs, overview, initialCity, initialDistricts, signedIn } =
    loaderData;
  const paths = usePaths();
  const here = useLocation().pathname;
  const loginHref = `${paths.Login()}?redirectTo=${encodeURIComponent(here)}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <JsonLd
        data={breadcrumbListJsonLd(
          crumbs.map((c) => ({ name: c.name, url: c.url })),
        )}
      />
      <Breadcrumbs
        items={crumbs.map((c, i) =>
          i === crumbs.length - 1
            ? { name: c.name }
            : { name: c.name, to: "to" in c ? c.to : undefined },
        )}
      />
      {company.isDemo ? (
        <div className="mt-4">
          <DemoNotice />
        </div>
      ) : null}
      <h1 className="mt-4 text-3xl font-bold break-words">
        {t("outages.title", { name: company.name })}
      </h1>
      <p className="mt-2">{t("outages.lead", { name: company.name })}</p>
      <RenderedOnce name="outages" value={overview}>
        {(overview) => <OutageStatus overview={overview} />}
      </RenderedOnce>
      {/* The form first on a phone (what most visitors came to do), beside the figures on a wide screen. */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0 space-y-8 lg:col-start-2 lg:row-start-1">
          <OutageReportForm
            actionData={actionData}
            initialCity={initialCity}
            initialDistricts={initialDistricts}
          />
          <OutageAlertForm
            actionData={actionData}
            signedIn={signedIn}
            loginHref={loginHref}
            initialCity={initialCity}
            initialDistricts={initialDistricts}
          />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <RenderedOnce name="outages" value={overview}>
            {(overview) => (
              <>
                <OutageChart buckets={overview.buckets} />
                <OutageProblems overview={overview} />
                <OutageCities overview={overview} />
              </>
            )}
          </RenderedOnce>
        </div>
      </div>
      <RenderedOnce name="outages" value={overview}>
        {(overview) => (
          <>
            <OutageIncidents overview={overview} />
            <OutageMethod overview={overview} />
          </>
        )}
      </RenderedOnce>
    </div>
  );
}
