import type { AppContext } from "../app-context";

export interface SitemapEntry {
  path: string;
  lastModified?: string;
  changeFrequency?: "daily" | "weekly" | "monthly" | "yearly";
}

export type SitemapSource = (app: AppContext) => Promise<SitemapEntry[]> | SitemapEntry[];

const staticPages: SitemapSource = () => [
  { path: "/", changeFrequency: "daily" },
  { path: "/iletisim", changeFrequency: "yearly" },
  { path: "/sikca-sorulan-sorular", changeFrequency: "monthly" },
  { path: "/hakkimizda", changeFrequency: "yearly" },
  { path: "/reklam", changeFrequency: "yearly" },
  { path: "/cerez", changeFrequency: "yearly" },
  { path: "/gizlilik", changeFrequency: "yearly" },
  { path: "/kisisel-verilerin-korunmasi", changeFrequency: "yearly" },
];

/** Each feature adds its source here (corporates, packages, blog posts …) as it lands. */
export const sitemapSources: SitemapSource[] = [staticPages];

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export async function renderSitemap(app: AppContext): Promise<string> {
  const entries = (await Promise.all(sitemapSources.map((s) => s(app)))).flat();
  const base = app.config.SITE_URL.replace(/\/$/, "");
  const urls = entries.map((e) => {
    const parts = [`<loc>${escapeXml(base + e.path)}</loc>`];
    if (e.lastModified) parts.push(`<lastmod>${e.lastModified}</lastmod>`);
    if (e.changeFrequency) parts.push(`<changefreq>${e.changeFrequency}</changefreq>`);
    return `<url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
