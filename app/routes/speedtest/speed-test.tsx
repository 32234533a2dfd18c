import { listProvinces } from "../../../server/reference/cities";
import { getT } from "../../../server/i18n";
import { listOwnResults } from "../../../server/speedtest/read-results";
import { speedtestOverview } from "../../../server/speedtest/overview";
import { SpeedTestPanel } from "../../features/speedtest/speed-test-panel";
import { HistoryTable, LocalHistory } from "../../features/speedtest/history";
import { choiceLabel } from "../../features/speedtest/format";
import { OverviewSection } from "../../features/speedtest/overview-section";
import { PageLink } from "../../components/ui/page-link";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { privatePageHeaders } from "../../lib/headers";
import { JsonLd } from "../../components/ui/json-ld";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/speed-test";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const [history, overview] = await Promise.all([
    context.user ? listOwnResults(context.app, { user: context.user, limit: 20 }) : Promise.resolve(null),
    speedtestOverview(context.app),
  ]);
  return {
    seo: { title: t("speedtest.seoTitle"), description: t("speedtest.description") },
    // Where the browser reaches the streams: a test server of its own, or this site's forwarded paths.
    streamBase: context.app.config.SPEEDTEST_PUBLIC_URL ?? "/api/v1/speedtest",
    signedIn: context.user !== null,
    provinces: listProvinces().map(({ code, value }) => ({ code, value })),
    history:
      history?.map((r) => ({
        id: r.id,
        at: r.createdAt,
        download: r.download,
        upload: r.upload,
        ping: r.ping,
        grade: r.grade,
        packageLabel: choiceLabel(r.provider, r.package?.title ?? null),
        shareDown: r.share.download,
        shareUp: r.share.upload,
        shared: r.shared,
      })) ?? null,
    overview,
    // schema.org WebApplication, in the page's language, at the page's canonical URL.
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "WebApplication",
      name: t("speedtest.title"),
      url: `${context.app.config.SITE_URL.replace(/\/+$/, "")}${new URL(request.url).pathname}`,
      description: t("speedtest.description"),
      applicationCategory: "UtilitiesApplication",
      operatingSystem: "Any",
      browserRequirements: "Requires JavaScript",
      inLanguage: context.locale,
      offers: { "@type": "Offer", price: "0", priceCurrency: "TRY" },
    },
  };
}

export default function SpeedTestRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("infrastructure", "speedtest");
  const { t } = useTranslation();
  const paths = usePaths();
  const { streamBase, signedIn, provinces, history, overview, jsonLd } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold">{t("speedtest.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg leading-8">{t("speedtest.lead")}</p>
      <noscript>
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="speedtest-noscript">
          {t("speedtest.noScript")}
        </p>
      </noscript>
      <SpeedTestPanel streamBase={streamBase} signedIn={signedIn} provinces={provinces} />

      <section aria-labelledby="speedtest-history-title" className="mt-12">
        <h2 id="speedtest-history-title" className="text-2xl font-bold">
          {t("speedtest.history.title")}
        </h2>
        {history ? (
          <>
            <p className="mt-1 text-sm">{t("speedtest.history.signedIn")}</p>
            <HistoryTable entries={history} />
          </>
        ) : (
          <LocalHistory />
        )}
        <h3 className="mt-6 text-lg font-semibold">{t("speedtest.evidence.title")}</h3>
        <p className="mt-1">{signedIn ? t("speedtest.evidence.help") : t("speedtest.evidence.loginFirst")}</p>
        {signedIn && (
          <PageLink to={paths.speedTestReport()} className="btn-ghost mt-3 inline-block border border-slate-300 dark:border-slate-600">
            {t("speedtest.evidence.title")}
          </PageLink>
        )}
      </section>

      <OverviewSection overview={overview} />
    </article>
  );
}
