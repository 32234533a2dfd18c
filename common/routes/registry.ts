/**
 * Every route of the site, written once. Each entry is the one place its Turkish path is written;
 * app/routes.ts (the React Router route config), common/paths.ts (the links), the sitemap's static
 * entries and the static-page table are all derived from it. The English twin of a page is the
 * same path under /en (decision 008). Adding a page is adding one entry here.
 *
 * Isomorphic: no server imports (the browser bundle reads it through common/paths.ts).
 */

export type ChangeFrequency = "daily" | "weekly" | "monthly" | "yearly";

export interface RouteEntry {
  /** The spec's navigation name (§2) where it has one; also the React Router route id. */
  readonly name: string;
  /** The Turkish path pattern, without the leading slash: "" is home, ":x" a parameter, "*" anything. */
  readonly path: string;
  /** The route module under app/; absent while the page is only linked to (its feature has not landed). */
  readonly module?: string;
  /** Listed in the sitemap (both languages) with this change frequency; only for paths without parameters. */
  readonly sitemap?: ChangeFrequency;
  /**
   * The English twin: the same route under /en ("en/" + path). false for what is one resource for
   * both languages (files, the catch-all, which already answers /en/… in English).
   */
  readonly twin?: false;
  /**
   * The page is the same for every guest with the same preferences: it is rendered once and kept
   * PAGE_CACHE_SECONDS for them (server/http/guest-pages.ts, decision 018). Only for pages whose
   * loader reads nothing of the request but its language, theme and consent.
   */
  readonly guestCache?: true;
  /**
   * How the page's action reads its body: urlencoded forms by default (256 KB at most); "multipart"
   * for a form with files, streamed to disk (server/http/body-limits.ts reads this).
   */
  readonly body?: "multipart";
}

export const routeRegistry = [
  { name: "Home", path: "", module: "routes/home.tsx", sitemap: "daily", guestCache: true },
  // Planned pages: linked from the shell, their routes come with their features.
  // Infrastructure query; the 81 city pages reach the sitemap through server/seo/sitemap.ts.
  { name: "altyapiSorgulama", path: "internet-altyapi-hiz-sorgulama", module: "routes/infrastructure/query.tsx", sitemap: "weekly" },
  { name: "altyapiSorgulamaIl", path: "internet-altyapi-hiz-sorgulama/:il", module: "routes/infrastructure/query.tsx" },
  { name: "altyapiSonuc", path: "internet-altyapi-hiz-sorgulama/daire/:bbk", module: "routes/infrastructure/answer.tsx" },
  { name: "altyapiUyari", path: "altyapi-uyari/:token", module: "routes/infrastructure/alert.tsx" },
  // The blog: its lists (all, a category's, a company's), their feeds (RSS 2.0 and Atom, each list's
  // language its site's: one route per language, the twin) and the posts. Paths without an
  // extension, so each has its /en twin (common/paths.ts reads a dot as a file).
  { name: "blogs", path: "blog-yazilari", module: "routes/blog/list.tsx", sitemap: "daily", guestCache: true },
  { name: "blogsWithCategory", path: "blog-yazilari/kategori/:categoryUrl", module: "routes/blog/list.tsx", guestCache: true },
  { name: "blogsWithCorporate", path: "blog-yazilari/isletme/:corporateUrl", module: "routes/blog/list.tsx", guestCache: true },
  { name: "blogsRss", path: "blog-yazilari/rss", module: "routes/blog/feed.ts" },
  { name: "blogsAtom", path: "blog-yazilari/atom", module: "routes/blog/feed.ts" },
  { name: "blogsWithCategoryRss", path: "blog-yazilari/kategori/:categoryUrl/rss", module: "routes/blog/feed.ts" },
  { name: "blogsWithCategoryAtom", path: "blog-yazilari/kategori/:categoryUrl/atom", module: "routes/blog/feed.ts" },
  // One form only (spec §2 "strict"): a trailing slash is redirected away, as on the profiles.
  { name: "blogPost", path: "blog/:categoryUrl/:blogUrl", module: "routes/blog/post.tsx", guestCache: true },
  // Speed test
  { name: "speedTest", path: "internet-hiz-testi", module: "routes/speedtest/speed-test.tsx", sitemap: "weekly" },
  { name: "speedTestResult", path: "internet-hiz-testi/sonuc/:id", module: "routes/speedtest/result.tsx" },
  { name: "speedTestReport", path: "internet-hiz-testi/rapor", module: "routes/speedtest/report.tsx" },
  { name: "speedTestReportCsv", path: "internet-hiz-testi/rapor/csv", module: "routes/speedtest/report-csv.ts" },
  // The site search: the overlay (and the form on the page, without JavaScript) go to "arama?q=",
  // which sends on to the results at "arama/<slug of the words>". Not indexed, never kept.
  { name: "searchForm", path: "arama", module: "routes/search/results.tsx" },
  { name: "search", path: "arama/:searchValue", module: "routes/search/results.tsx" },
  // Content pages
  { name: "contact", path: "iletisim", module: "routes/contact.tsx", sitemap: "yearly", body: "multipart" },
  { name: "sss", path: "sikca-sorulan-sorular", module: "routes/faq.tsx", sitemap: "monthly", guestCache: true },
  { name: "about", path: "hakkimizda", module: "routes/static-page.tsx", sitemap: "yearly", guestCache: true },
  { name: "advertisement", path: "reklam", module: "routes/static-page.tsx", sitemap: "yearly", guestCache: true },
  { name: "cookie", path: "cerez", module: "routes/static-page.tsx", sitemap: "yearly", guestCache: true },
  { name: "privacy", path: "gizlilik", module: "routes/static-page.tsx", sitemap: "yearly", guestCache: true },
  { name: "kvkk", path: "kisisel-verilerin-korunmasi", module: "routes/static-page.tsx", sitemap: "yearly", guestCache: true },
  { name: "newsletter", path: "bulten", module: "routes/newsletter.tsx" },
  // Endpoints of the shell's forms
  { name: "preferences", path: "tercih", module: "routes/preferences.ts" },
  { name: "logout", path: "cikis", module: "routes/logout.ts" },
  // Accounts
  { name: "Register", path: "hesap-olustur", module: "routes/auth/register.tsx" },
  { name: "Login", path: "giris", module: "routes/auth/login.tsx" },
  { name: "forgotPassword", path: "sifirla/sifre", module: "routes/auth/forgot-password.tsx" },
  { name: "resetPassword", path: "sifirla/sifre/:code", module: "routes/auth/reset-password.tsx" },
  { name: "verifyEmail", path: "dogrula/mail/:code", module: "routes/auth/verify-email.tsx" },
  { name: "userProfile", path: "kullanici/profil", module: "routes/account/profile.tsx" },
  { name: "supportProfile", path: "teknik-destek/profil", module: "routes/account/support-profile.tsx" },
  // Dashboard
  { name: "dashboardSettings", path: "ayarlar", module: "routes/account/settings.tsx", body: "multipart" },
  { name: "dashboardStart", path: "baslangic", module: "routes/dashboard/start.ts" },
  { name: "dashboardHome", path: "ozet", module: "routes/dashboard/summary.tsx" },
  { name: "dashboardUsers", path: "kullanicilar", module: "routes/dashboard/users.tsx" },
  // Company directory, dashboard side
  { name: "companyDashboardList", path: "isletme/liste", module: "routes/dashboard/companies.tsx" },
  { name: "companyDashboardNew", path: "isletme/yeni-isletme", module: "routes/dashboard/company-edit.tsx", body: "multipart" },
  { name: "companyDashboardEdit", path: "isletme/duzenle/:id", module: "routes/dashboard/company-edit.tsx", body: "multipart" },
  { name: "companyApprovals", path: "isletme/onay", module: "routes/dashboard/company-approvals.tsx" },
  { name: "dashboardComments", path: "yorumlar", module: "routes/dashboard/comments.tsx" },
  // Company directory, public side. The profile's two dynamic segments rank below
  // every path with a static segment; its loader answers 404 for a first segment that is not a
  // sub type (tests/integration/companies-routing.test.ts checks every registry path).
  { name: "searchCorporates", path: "isletmeler", module: "routes/companies/list.tsx", sitemap: "daily" },
  { name: "companyRanking", path: "isletmeler/siralama-ve-gelir", module: "routes/companies/ranking.tsx", sitemap: "yearly" },
  { name: "scorecardMethod", path: "isletmeler/karne-yontemi", module: "routes/companies/scorecard-method.tsx", sitemap: "yearly" },
  { name: "corporatesByCity", path: "isletmeler/sehir/:state", module: "routes/companies/list.tsx" },
  { name: "corporatesBySubType", path: "isletmeler/:subType", module: "routes/companies/list.tsx" },
  { name: "corporatesBySubTypeCity", path: "isletmeler/:subType/:state", module: "routes/companies/list.tsx" },
  { name: "companyProfile", path: ":subType/:company", module: "routes/companies/profile.tsx" },
  { name: "companyPackages", path: ":subType/:company/paketler", module: "routes/companies/packages.tsx" },
  // An internet provider's or TV platform's outage reports ("is it down?"): server/outages.
  { name: "companyOutages", path: ":subType/:company/kesinti", module: "routes/companies/outages.tsx" },
  // The outage alert's mailed link (confirm, unsubscribe).
  { name: "outageAlert", path: "kesinti-uyari/:token", module: "routes/companies/outage-alert.tsx" },
  { name: "dashboardInfraReports", path: "altyapi-bildirimleri", module: "routes/dashboard/infrastructure-reports.tsx" },
  // Packages. The package page's two dynamic segments rank below every path with a
  // static segment; its loader answers 404 for a first segment that is not a company category.
  { name: "searchPackages", path: "paketler", module: "routes/packages/search.tsx", sitemap: "daily" },
  { name: "comparePackages", path: "paketler/karsilastir", module: "routes/packages/compare.tsx" },
  { name: "packageDetail", path: ":subType/:company/paket/:packageUrl", module: "routes/packages/detail.tsx" },
  // The commitment reminder's mailed link (confirm, unsubscribe).
  { name: "taahhutHatirlatma", path: "taahhut-hatirlatma/:token", module: "routes/packages/reminder.tsx" },
  // Packages and requests, dashboard side: a company's owner or an administrator.
  { name: "packageDashboardCompanies", path: "isletme/paketler", module: "routes/dashboard/company-picker.tsx" },
  { name: "packageDashboardList", path: "isletme/paketler/liste/:id", module: "routes/dashboard/packages.tsx" },
  { name: "packageDashboardNew", path: "isletme/paketler/yeni-paket/:id", module: "routes/dashboard/package-edit.tsx", body: "multipart" },
  { name: "packageDashboardEdit", path: "isletme/paketler/duzenle/:id/:packageId", module: "routes/dashboard/package-edit.tsx", body: "multipart" },
  { name: "leadInboxCompanies", path: "isletme/talepler", module: "routes/dashboard/company-picker.tsx" },
  { name: "leadInbox", path: "isletme/talepler/:id", module: "routes/dashboard/leads.tsx" },
  // Blog posts, dashboard side: a company's owner for their companies, an administrator for any and for the site.
  { name: "blogDashboardList", path: "blog/liste", module: "routes/dashboard/blog-posts.tsx" },
  { name: "blogDashboardCompanyList", path: "blog/liste/:corporateId", module: "routes/dashboard/blog-posts.tsx" },
  { name: "blogDashboardNew", path: "blog/yeni", module: "routes/dashboard/blog-post-edit.tsx", body: "multipart" },
  { name: "blogDashboardCompanyNew", path: "blog/yeni/:corporateId", module: "routes/dashboard/blog-post-edit.tsx", body: "multipart" },
  { name: "blogDashboardEdit", path: "blog/duzenle/:id", module: "routes/dashboard/blog-post-edit.tsx", body: "multipart" },
  { name: "blogDashboardCompanyEdit", path: "blog/duzenle/:id/:corporateId", module: "routes/dashboard/blog-post-edit.tsx", body: "multipart" },
  // Files and the not-found page
  { name: "robots", path: "robots.txt", module: "routes/robots.ts", twin: false },
  { name: "sitemap", path: "sitemap.xml", module: "routes/sitemap.ts", twin: false },
  { name: "notFound", path: "404", module: "routes/not-found.tsx" },
  { name: "catchAll", path: "*", module: "routes/not-found.tsx", twin: false },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routeRegistry)[number]["name"];

/** The prefix of the English site. */
export const EN_PREFIX = "/en";

/** React Router route id of an entry in a language (the Turkish route keeps the plain name). */
export function routeId(entry: RouteEntry, locale: "tr" | "en"): string {
  return locale === "en" ? `en.${entry.name}` : entry.name;
}

/** The route pattern of an entry in a language, without the leading slash ("" is home). */
export function routePattern(entry: RouteEntry, locale: "tr" | "en"): string | null {
  if (locale === "tr") return entry.path;
  if (entry.twin === false) return null;
  return entry.path ? `en/${entry.path}` : "en";
}

/** Entries with a route module, i.e. the routes the build has. */
export function routedEntries(): RouteEntry[] {
  return routeRegistry.filter((e: RouteEntry) => e.module !== undefined);
}

export interface RegisteredRoute {
  entry: RouteEntry;
  locale: "tr" | "en";
  /** React Router route id. */
  id: string;
  /** Route pattern without the leading slash ("" is the Turkish home, "en" the English one). */
  pattern: string;
}

/**
 * Every route the build has, in both languages: what app/routes.ts hands React Router, and what
 * a test iterates to reach every page path in both languages.
 */
export function registeredRoutes(): RegisteredRoute[] {
  return routedEntries().flatMap((entry) =>
    (["tr", "en"] as const).flatMap((locale) => {
      const pattern = routePattern(entry, locale);
      return pattern === null ? [] : [{ entry, locale, id: routeId(entry, locale), pattern }];
    }),
  );
}

/** The entry whose Turkish path (without parameters) is exactly this pathname ("/x"), if any. */
/** Patterns of the pages whose actions take files. */
const MULTIPART_PAGES = (routeRegistry as readonly RouteEntry[])
  .filter((e) => e.body === "multipart")
  .map((e) => new RegExp(`^/${e.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`));

/** The page at this Turkish path (no /en, no trailing slash) takes its form as multipart (files). */
export function takesFiles(pathname: string): boolean {
  return MULTIPART_PAGES.some((re) => re.test(pathname));
}

export function entryForPath(pathname: string): RouteEntry | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  return (routeRegistry as readonly RouteEntry[]).find((e) => e.path === path);
}

/** Patterns of the pages with parameters kept for guests (`guestCache`). */
const GUEST_PATTERN_PAGES = (routeRegistry as readonly RouteEntry[])
  .filter((e) => e.guestCache && e.path.includes(":"))
  .map((e) => new RegExp(`^/${e.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`));

/**
 * The page at this Turkish path (no /en) is kept for guests: an entry's own path, or one with
 * parameters (a blog post) whose pattern it matches exactly (a trailing slash does not: it redirects).
 */
export function isGuestCachedPath(pathname: string): boolean {
  if (entryForPath(pathname)?.guestCache) return true;
  return GUEST_PATTERN_PAGES.some((re) => re.test(pathname));
}
