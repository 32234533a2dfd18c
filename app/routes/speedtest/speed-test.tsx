import { listProvinces } from "../../../server/reference/cities";
import { getT } from "../../../server/i18n";
import { listOwnResults, speedtestStats } from "../../../server/speedtest/read-results";
import { SpeedTestPanel } from "../../features/speedtest/speed-test-panel";
import { HistoryTable, LocalHistory } from "../../features/speedtest/history";
import { formatDecimal } from "../../features/speedtest/format";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/speed-test";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

/** JSON inside <script> must not be able to close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const [history, stats] = await Promise.all([
    context.user ? listOwnResults(context.app, { user: context.user, limit: 20 }) : Promise.resolve(null),
    speedtestStats(context.app, { by: "city", limit: 10 }),
  ]);
  return {
    seo: { title: t("speedtest.seoTitle"), description: t("speedtest.description") },
    // Where the browser reaches the streams: a test server of its own, or this site's forwarded paths.
    streamBase: context.app.config.SPEEDTEST_PUBLIC_URL ?? "/api/v1/speedtest",
    signedIn: context.user !== null,
    provinces: listProvinces().map(({ code, value }) => ({ code, value })),
    history: history?.map((r) => ({ id: r.id, at: r.createdAt, download: r.download, upload: r.upload, ping: r.ping, grade: r.grade })) ?? null,
    stats,
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
  const { t, locale } = useTranslation();
  const paths = usePaths();
  const { streamBase, signedIn, provinces, history, stats, jsonLd } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(jsonLd) }} />
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
        {history ? <HistoryTable entries={history} /> : <LocalHistory />}
        <h3 className="mt-6 text-lg font-semibold">{t("speedtest.evidence.title")}</h3>
        <p className="mt-1">{signedIn ? t("speedtest.evidence.help") : t("speedtest.evidence.loginFirst")}</p>
        {signedIn && (
          <PageLink to={paths.speedTestReport()} className="btn-ghost mt-3 inline-block border border-slate-300 dark:border-slate-600">
            {t("speedtest.evidence.title")}
          </PageLink>
        )}
      </section>

      {stats.length > 0 && (
        <section aria-labelledby="speedtest-stats-title" className="mt-12">
          <h2 id="speedtest-stats-title" className="text-2xl font-bold">
            {t("speedtest.stats.title")}
          </h2>
          <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("speedtest.stats.title")}>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">{t("speedtest.compare.city")}</th>
                  <th scope="col" className="py-2 pr-3">{t("speedtest.figure.download")} ({t("speedtest.stats.median")})</th>
                  <th scope="col" className="py-2 pr-3">{t("speedtest.figure.upload")} ({t("speedtest.stats.median")})</th>
                  <th scope="col" className="py-2 pr-3">{t("speedtest.figure.ping")} ({t("speedtest.stats.median")})</th>
                  <th scope="col" className="py-2">{t("speedtest.stats.countHeader")}</th>
                </tr>
              </thead>
              <tbody>
                {stats.map((s) => (
                  <tr key={s.key} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-3">{s.name}</td>
                    <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.mbps", { value: formatDecimal(s.download, locale) })}</td>
                    <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.mbps", { value: formatDecimal(s.upload, locale) })}</td>
                    <td className="py-2 pr-3 tabular-nums">{t("speedtest.value.ms", { value: formatDecimal(s.ping, locale) })}</td>
                    <td className="py-2">{t("speedtest.stats.count", { count: s.count })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </article>
  );
}
