import { Link } from "react-router";
import { AlertForm, ReportForm, type AnswerActionData } from "../../features/infrastructure/answer-forms";
import { AnswerView } from "../../features/infrastructure/answer-view";
import { JsonLd } from "../../components/ui/json-ld";
import { PackagesForFlat } from "../../features/packages/flat-packages";
import { MeasuredSpeeds } from "../../features/speedtest/measured-speeds";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import { answerAction, answerPage } from "./answer.server";
import type { Route } from "./+types/answer";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

/**
 * /internet-altyapi-hiz-sorgulama/daire/:bbk: the answer for one flat, server-rendered, shareable
 * by its URL. An unknown or malformed code is a 404; a source that is down a 503 with "try
 * again". The query is counted for the city pages, and remembered on the device (cookie).
 */
export function loader(args: Route.LoaderArgs) {
  return answerPage(args);
}

/** The answer page's two forms, by `intent`: report wrong data, and alert me. The flat is the page's. */
export function action(args: Route.ActionArgs) {
  return answerAction(args);
}

export default function AnswerRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth", "infrastructure", "packages", "settings", "speedtest");
  const { t } = useTranslation();
  const paths = usePaths();
  if (loaderData.kind === "unavailable") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t("infrastructure.answer.heading")}</h1>
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t(loaderData.message.key, loaderData.message.params)}
        </p>
        <p className="mt-6">
          <Link to={paths.altyapiSorgulama()}>{t("infrastructure.answer.newQuery")}</Link>
        </p>
      </div>
    );
  }
  const { answer, address, fetchedAt, jsonLd, reports, alertWaitsFor, packages, measured } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold">{t("infrastructure.answer.heading")}</h1>
      <p className="mt-3 text-lg">{address}</p>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm muted">
        <div className="flex gap-1">
          <dt>{t("infrastructure.answer.bbk")}:</dt>
          <dd>{answer.bbk}</dd>
        </div>
        {answer.uavt !== null ? (
          <div className="flex gap-1">
            <dt>{t("infrastructure.answer.uavt")}:</dt>
            <dd>{answer.uavt}</dd>
          </div>
        ) : null}
      </dl>
      {answer.source === "demo" ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("infrastructure.answer.demoLabel")}
        </p>
      ) : null}
      <AnswerView answer={answer} fetchedAt={fetchedAt} />
      <PackagesForFlat answer={answer} packages={packages} />
      {/* The measured speeds of the flat's district (or its province, when the district has too few tests). */}
      {measured ? <MeasuredSpeeds view={measured} forFlat /> : null}
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {alertWaitsFor ? <AlertForm bbk={answer.bbk} waitsFor={alertWaitsFor} actionData={actionData as AnswerActionData | undefined} /> : null}
        <ReportForm bbk={answer.bbk} others={reports} actionData={actionData as AnswerActionData | undefined} />
      </div>
      <p className="mt-8">
        <Link to={paths.altyapiSorgulama()} className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("infrastructure.answer.newQuery")}
        </Link>
      </p>
    </div>
  );
}
