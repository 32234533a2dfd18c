import { blogFeed } from "./feed.server";
import type { Route } from "./+types/feed";

/** The blog's feeds: /blog-yazilari/rss, /atom and the same under each category, both languages. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return blogFeed({ request, params: params as { categoryUrl?: string }, context });
}
