import { renderSitemap } from "../../server/seo/sitemap";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await renderSitemap(context.app), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
