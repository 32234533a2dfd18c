import { localizePath } from "../../common/paths";
import { routedEntries } from "../../common/routes/registry";
import type { AppContext } from "../core/app-context";
import type { SitemapSource } from "../core/app-context";

/** The pages the route registry marks for the sitemap; the area modules add theirs (profiles, packages, cities …). */
const registeredPages: SitemapSource = () =>
  routedEntries().flatMap((e) => (e.sitemap ? [{ path: `/${e.path}`, changeFrequency: e.sitemap }] : []));

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Both language versions of each page, each naming the other and the default (Turkish) one. */
export async function renderSitemap(app: AppContext): Promise<string> {
  const sources = [registeredPages, ...app.modules.flatMap((m) => m.sitemap ?? [])];
  const entries = (await Promise.all(sources.map((s) => s(app)))).flat();
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
