import { Gauge, MapPin, MessageSquareText, Scale } from "../components/ui/icons";
import { listProvinces } from "../../server/reference/cities";
import { PageLink } from "../components/ui/page-link";
import { useTranslation } from "../lib/i18n";
import { paths } from "../../common/paths";
import { useRootData } from "../lib/root-data";
import { pageMeta } from "../lib/seo";
import { listPath } from "../../common/companies";
import { companyCategoryStats, popularCompanies } from "../../server/companies/home-sections";
import { categorySegments } from "../../server/companies/segments";
import { popularPackages, popularTab } from "../../server/packages/popular-packages";
import { PopularPackages } from "../features/packages/popular-packages";
import { HomeQueryBox } from "../features/infrastructure/home-query-box";
import { speedtestOverview } from "../../server/speedtest/overview";
import { OverviewSection } from "../features/speedtest/overview-section";
import { CompanyCardView, DemoNotice } from "../features/companies/company-card";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** Providers and provinces in the home page's measured-speeds section. */
const HOME_SPEEDS_SHOWN = 5;

/**
 * The provinces of the query box (the start of the infrastructure query's cascade; the levels
 * below load in the browser or on the query page, never here: the page is kept for guests,
 * decision 018) and the
 * directory's home sections: popular companies, the count per category and the popular packages
 * of the tab in `?paket=` (internet, hosting, server, TV: links, so they work without JavaScript),
 * and the speed test's measured medians per provider and per province. Every section comes from
 * the short page cache (decision 016) and nothing here reads the request but its language (and
 * `?paket=`, which a kept guest page never has): the page is kept for guests (decision 018).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = context.locale;
  const packageTab = popularTab(new URL(request.url).searchParams.get("paket"));
  const { app } = context;
  const [popular, stats, popularPackageCards, speeds] = await Promise.all([
    app.pageCache.get("home:popular-companies", () => popularCompanies(app)),
    app.pageCache.get("home:category-stats", () => companyCategoryStats(app)),
    app.pageCache.get(`home:popular-packages:${packageTab}`, () => popularPackages(app, { kind: packageTab })),
    speedtestOverview(app),
  ]);
  const names = Object.fromEntries(categorySegments().map((s) => [s.url, (s.subType ?? s.type).name[locale]]));
  return {
    provinces: listProvinces().map(({ code, value }) => ({ code, value })),
    popular,
    stats: stats.map((s) => ({ url: s.url, count: s.count, name: names[s.url] ?? s.url })),
    typeNames: names,
    packageTab,
    popularPackageCards,
    usdPerTry: context.app.config.USD_PER_TRY,
    speeds: { ...speeds, providers: speeds.providers.slice(0, HOME_SPEEDS_SHOWN), cities: speeds.cities.slice(0, HOME_SPEEDS_SHOWN) },
  };
}

const FEATURES = [
  { icon: MapPin, text: "home.featureInfra", to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
  { icon: Gauge, text: "home.featureSpeed", to: paths.speedTest(), label: "nav.speedTest" },
  { icon: Scale, text: "home.featureCompare", to: paths.searchPackages(), label: "nav.packages" },
  { icon: MessageSquareText, text: "home.featureReviews", to: paths.searchCorporates(), label: "nav.corporates" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { popular, stats, typeNames } = loaderData;
  // The same provinces as the footer's: the root loader sends them once.
  const { cities } = useRootData().footer;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-700 dark:text-slate-300">{t("home.lead")}</p>
          <HomeQueryBox provinces={loaderData.provinces} />
          <div className="mt-6 flex flex-wrap gap-3">
            <PageLink to={paths.speedTest()} className="btn-ghost border border-slate-300 dark:border-slate-600">
              {t("home.speedCta")}
            </PageLink>
          </div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-title" className="text-2xl font-bold">
          {t("home.features")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, text, to, label }) => (
            <li key={to} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
              <Icon aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
              <h3 className="mt-3 font-semibold">
                <PageLink to={to}>{t(label)}</PageLink>
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cities-title" className="mx-auto max-w-6xl px-4 pb-4">
        <h2 id="cities-title" className="text-2xl font-bold">
          {t("home.provinceTitle")}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {cities.map((c) => (
            <li key={c.url}>
              <PageLink
                to={paths.altyapiSorgulamaIl(c.url)}
                className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-800 no-underline hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {c.value}
              </PageLink>
            </li>
          ))}
        </ul>
      </section>
      <OverviewSection overview={loaderData.speeds} home />
      <section aria-labelledby="popular-companies-title" className="mx-auto max-w-6xl px-4 py-12" data-testid="popular-companies">
        <h2 id="popular-companies-title" className="text-2xl font-bold">
          {t("companies.home.popular")}
        </h2>
        {popular.some((c) => c.isDemo) ? (
          <div className="mt-4">
            <DemoNotice />
          </div>
        ) : null}
        {popular.length ? (
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {popular.map((c) => (
              <li key={c.id}>
                <CompanyCardView company={c} typeName={typeNames[c.profileSegment] ?? ""} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4">{t("companies.home.popularEmpty")}</p>
        )}
        <p className="mt-4">
          <PageLink to={paths.searchCorporates()}>{t("companies.home.all")}</PageLink>
        </p>
      </section>
      <section aria-labelledby="company-stats-title" className="mx-auto max-w-6xl px-4 pb-12" data-testid="company-stats">
        <h2 id="company-stats-title" className="text-2xl font-bold">
          {t("companies.home.stats")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((s) => (
            <li key={s.url} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <h3 className="font-semibold">
                <PageLink to={listPath(s.url)}>{s.name}</PageLink>
              </h3>
              <p className="mt-1 text-sm">{s.count > 0 ? t("companies.home.statCount", { count: s.count }) : t("companies.home.noProvider", { category: s.name })}</p>
            </li>
          ))}
        </ul>
      </section>
      <PopularPackages active={loaderData.packageTab} items={loaderData.popularPackageCards} usdPerTry={loaderData.usdPerTry} />
    </>
  );
}
