import { cardFields } from "../../common/package-types";
import type { RequestContext } from "../../server/http/request-context";
import { companyCategoryStats, popularCompanies } from "../../server/companies/home-sections";
import { categorySegments } from "../../server/companies/segments";
import { popularPackages, popularTab } from "../../server/packages/popular-packages";
import { countCountedTests, speedtestOverview } from "../../server/speedtest/overview";
import { countAnsweredQueries } from "../../server/infrastructure/city-stats";
import { homeBlogPosts } from "../../server/blog/list-posts";
import { renderedOnce } from "../../server/http/pages/rendered-once";

/** Providers and provinces in the home page's measured-speeds section. */
const HOME_SPEEDS_SHOWN = 5;

/**
 * The provinces of the query box (the start of the infrastructure query's cascade; the levels
 * below load in the browser or on the query page, never here: the page is kept for guests,
 * decision 018) and the
 * directory's home sections: popular companies, the count per category and the popular packages
 * of the tab in `?paket=` (internet, hosting, server, TV: links, so they work without JavaScript),
 * the speed test's measured medians per provider and per province, the site's figures (queries
 * answered, speed tests counted, providers listed), and the blog's newest and most read posts.
 * Every section comes from
 * the short page cache (decision 016) and nothing here reads the request but its language (and
 * `?paket=`, which a kept guest page never has): the page is kept for guests (decision 018).
 */
export async function homePage({ context, request }: { request: Request; context: RequestContext }) {
  const locale = context.locale;
  const packageTab = popularTab(new URL(request.url).searchParams.get("paket"));
  const { app } = context;
  const [popular, stats, popularPackageCards, speeds, figures, blog] = await Promise.all([
    app.pageCache.get("home:popular-companies", () => popularCompanies(app)),
    app.pageCache.get("home:category-stats", () => companyCategoryStats(app)),
    app.pageCache.get(`home:popular-packages:${packageTab}`, () => popularPackages(app, { kind: packageTab })),
    speedtestOverview(app),
    app.pageCache.get("home:figures", async () => ({ queries: await countAnsweredQueries(app), speedTests: await countCountedTests(app) })),
    homeBlogPosts(app, { locale }),
  ]);
  const names = Object.fromEntries(categorySegments().map((s) => [s.url, (s.subType ?? s.type).name[locale]]));
  // Everything below the query box is links and figures: the document carries it as HTML, and its
  // fields go to the browser only for a client-side navigation, which renders them (decision 040).
  return {
    sections: renderedOnce(context, "home", {
      popular,
      stats: stats.map((s) => ({ url: s.url, count: s.count, name: names[s.url] ?? s.url })),
      typeNames: names,
      packageTab,
      popularPackageCards: popularPackageCards.map(cardFields),
      usdPerTry: context.app.config.USD_PER_TRY,
      speeds: { ...speeds, providers: speeds.providers.slice(0, HOME_SPEEDS_SHOWN), cities: speeds.cities.slice(0, HOME_SPEEDS_SHOWN) },
      figures: { ...figures, providers: stats.reduce((n, s) => n + s.count, 0) },
      blog,
    }),
  };
}
