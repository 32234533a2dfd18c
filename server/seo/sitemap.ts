import { localizePath, paths } from "../../common/paths";
import { routedEntries, type ChangeFrequency } from "../../common/routes/registry";
import type { AppContext } from "../app-context";
import { companySitemapEntries } from "../companies/sitemap";
import { listProvinces } from "../reference/cities";
import { packageSitemapEntries } from "../packages/sitemap";

export interface SitemapEntry {
  /** The Turkish path; the English twin is listed with it. */
  path: string;
  lastModified?: string;
  changeFrequency?: ChangeFrequency;
}

export type SitemapSource = (app: AppContext) => Promise<SitemapEntry[]> | SitemapEntry[];

/** The pages the route registry marks for the sitemap. */
const registeredPages: SitemapSource = () =>
  routedEntries().flatMap((e) => (e.sitemap ? [{ path: `/${e.path}`, changeFrequency: e.sitemap }] : []));

/** The 81 infrastructure query pages of the provinces (issue 12). */
const infrastructureCityPages: SitemapSource = () =>
  listProvinces().map((p) => ({ path: `/${paths.altyapiSorgulamaIl(p.url).replace(/^\/+/, "")}`, changeFrequency: "weekly" as const }));

/** Each feature adds its source here (corporates, packages, blog posts …) as it lands. */
export const sitemapSources: SitemapSource[] = [registeredPages, infrastructureCityPages, companySitemapEntries, packageSitemapEntries];

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Both language versions of each page, each naming the other and the default (Turkish) one. */
export async function renderSitemap(app: AppContext): Promise<string> {
  const entries = (await Promise.all(sitemapSources.map((s) => s(app)))).flat();
  const base = app.config.SITE_URL.replace(/\/$/, "");
  const urls = entries.flatMap((e) => {
    const tr = escapeXml(base + e.path);
    const en = escapeXml(base + localizePath("en", e.path));
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="tr" href="${tr}"/>`,
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${tr}"/>`,
    ].join("");
    const rest = (e.lastModified ? `<lastmod>${e.lastModified}</lastmod>` : "") + (e.changeFrequency ? `<changefreq>${e.changeFrequency}</changefreq>` : "");
    // The sitemap schema takes other namespaces (the alternates) after its own elements.
    return [tr, en].map((loc) => `<url><loc>${loc}</loc>${rest}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
