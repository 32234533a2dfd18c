import { provincesByCode } from "../../common/provinces";
import { Gauge, MapPin, MessageSquareText, Scale } from "../components/ui/icons";
import { PageLink } from "../components/ui/page-link";
import { useNamespaces, useTranslation } from "../lib/i18n";
import { paths } from "../../common/paths";
import { useRootData } from "../lib/root-data";
import { pageMeta } from "../lib/seo";
import { listPath } from "../../common/companies";
import { PopularPackages } from "../features/packages/popular-packages";
import { HomeQueryBox } from "../features/infrastructure/home-query-box";
import { OverviewSection } from "../features/speedtest/overview-section";
import { CompanyCardView, DemoNotice } from "../features/companies/company-card";
import { PostGrid } from "../features/blog/post-card";
import { StoreBadges } from "../components/ui/store-badges";
import { RenderedOnce } from "../lib/rendered-once";
import { homePage } from "./home.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The query box's provinces and the directory's home sections, all from the short page cache (home.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return homePage(args);
}

const FEATURES = [
  { icon: MapPin, text: "home.featureInfra", to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
  { icon: Gauge, text: "home.featureSpeed", to: paths.speedTest(), label: "nav.speedTest" },
  { icon: Scale, text: "home.featureCompare", to: paths.searchPackages(), label: "nav.packages" },
  { icon: MessageSquareText, text: "home.featureReviews", to: paths.searchCorporates(), label: "nav.corporates" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  useNamespaces("auth", "blog", "companies", "infrastructure", "packages", "speedtest");
  const { t } = useTranslation();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 muted">{t("home.lead")}</p>
          <HomeQueryBox provinces={provincesByCode()} />
          <div className="mt-6 flex flex-wrap gap-3">
            <PageLink to={paths.speedTest()} className="btn-ghost border border-slate-300 dark:border-slate-600">
              {t("home.speedCta")}
            </PageLink>
          </div>
        </div>
      </section>
      {/* Below the query box: links and figures, sent once as HTML and not hydrated (decision 040). */}
      <RenderedOnce name="home" value={loaderData.sections}>
        {(sections) => <HomeSections sections={sections} />}
      </RenderedOnce>
    </>
  );
}

type Sections = NonNullable<Route.ComponentProps["loaderData"]["sections"]>;

/** The figures, the site's features, the provinces, measured speeds, popular companies and packages, the blog and the apps. */
function HomeSections({ sections: loaderData }: { sections: Sections }) {
  const { t } = useTranslation();
  const { popular, stats, typeNames } = loaderData;
  // The same provinces as the footer's: the root loader sends them once.
  const { cities } = useRootData().footer;
  return (
    <>
      <section aria-labelledby="figures-title" className="mx-auto max-w-6xl px-4 pt-12" data-testid="home-figures">
        <h2 id="figures-title" className="text-2xl font-bold">
          {t("home.figures")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {(
            [
              ["home.figureQueries", loaderData.figures.queries],
              ["home.figureTests", loaderData.figures.speedTests],
              ["home.figureProviders", loaderData.figures.providers],
            ] as const
          ).map(([key, count]) => (
            <li key={key} className="rounded-xl border border-slate-200 p-4 text-lg font-semibold dark:border-slate-700">
              {t(key, { count })}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm muted">{t("home.figuresNote")}</p>
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
              <p className="mt-2 text-sm muted">{t(text)}</p>
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
      {loaderData.blog.recent.length ? (
        <section aria-labelledby="home-blog-title" className="mx-auto max-w-6xl px-4 py-12" data-testid="home-blog">
          <h2 id="home-blog-title" className="text-2xl font-bold">
            {t("home.blogRecent")}
          </h2>
          <PostGrid posts={loaderData.blog.recent} />
          {loaderData.blog.trending.length ? (
            <>
              <h2 className="mt-8 text-2xl font-bold">{t("home.blogTrending")}</h2>
              <PostGrid posts={loaderData.blog.trending} />
            </>
          ) : null}
          <p className="mt-4">
            <PageLink to={paths.blogs()}>{t("home.blogAll")}</PageLink>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="home-apps-title" className="mx-auto max-w-6xl px-4 pb-16" data-testid="home-apps">
        <h2 id="home-apps-title" className="text-2xl font-bold">
          {t("home.appsTitle")}
        </h2>
        <p className="mt-2 muted">{t("home.appsText")}</p>
        <StoreBadges />
      </section>
    </>
  );
}
