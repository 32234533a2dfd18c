import { data } from "react-router";
import { formatDateTime } from "../../../common/format";
import { getT } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { getSpeedtestResult } from "../../../server/speedtest/read-results";
import { ResultView } from "../../features/speedtest/result-view";
import { formatDecimal } from "../../features/speedtest/format";
import { PageLink } from "../../components/ui/page-link";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/result";

export const meta: Route.MetaFunction = (args) => pageMeta(args);


/** A stored result's share page: public to whoever has the link, never indexed. Works without JavaScript. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const t = getT(context.locale);
  try {
    const result = await getSpeedtestResult(context.app, { id: params.id, viewer: context.user });
    const mbps = (v: number) => t("speedtest.value.mbps", { value: formatDecimal(v, context.locale) });
    const values = { download: mbps(result.download), upload: mbps(result.upload), ping: t("speedtest.value.ms", { value: formatDecimal(result.ping, context.locale) }), date: formatDateTime(result.createdAt) };
    return {
      result,
      seo: { title: t("speedtest.result.seoTitle", values), description: t("speedtest.result.description", values), index: false },
    };
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND") {
      throw data({ seo: { title: t("notFound.title"), description: t("notFound.text"), index: false } }, { status: 404 });
    }
    throw err;
  }
}

export default function SpeedTestResultRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("speedtest");
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { result } = loaderData;
  const mbps = (v: number) => t("speedtest.value.mbps", { value: formatDecimal(v, locale) });
  const pkg = result.package;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("speedtest.result.title")}</h1>
      <p className="mt-2">{t("speedtest.result.takenAt", { date: formatDateTime(result.createdAt) })}</p>
      {result.provider && <p data-testid="result-provider">{t("speedtest.result.provider", { provider: result.provider })}</p>}
      {pkg && (
        <p data-testid="result-package">
          {t("speedtest.result.package")}: {pkg.path ? <PageLink to={pkg.path}>{pkg.title}</PageLink> : pkg.title}
        </p>
      )}
      {result.promisedDown !== null && (
        <p data-testid="result-promised">
          {result.promisedUp !== null
            ? t("speedtest.result.promised", { down: mbps(result.promisedDown), up: mbps(result.promisedUp) })
            : t("speedtest.result.promisedDown", { down: mbps(result.promisedDown) })}
        </p>
      )}
      {result.city && <p>{t("speedtest.result.city", { city: result.city.name })}</p>}
      {result.district && <p>{t("speedtest.result.district", { district: result.district })}</p>}
      {result.company?.isDemo || pkg?.isDemo ? <p className="mt-2 rounded border border-slate-400 p-2 text-sm">{t("speedtest.compare.demoNotice")}</p> : null}
      <div className="mt-6">
        <ResultView result={result} promisedDown={result.promisedDown} />
      </div>
      <div data-testid="result-share">
        {result.share.download !== null && <p className="mt-4 font-semibold">{t("speedtest.compare.share", { share: formatDecimal(result.share.download * 100, locale, 0) })}</p>}
        {result.share.upload !== null && <p className="mt-1">{t("speedtest.compare.shareUp", { share: formatDecimal(result.share.upload * 100, locale, 0) })}</p>}
      </div>
      <PageLink to={paths.speedTest()} className="btn-primary mt-8 inline-block">
        {t("speedtest.result.yourOwn")}
      </PageLink>
    </article>
  );
}
