import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const base = context.app.config.SITE_URL.replace(/\/$/, "");
  const body = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /tercih", "Disallow: /bulten", "Disallow: /en/tercih", "Disallow: /en/bulten", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
