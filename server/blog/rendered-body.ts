import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { renderBlogDocument } from "./content/render";

/** Bodies kept: the posts read most at a time; each is a few kilobytes of HTML. */
const KEPT = 200;

// A post's HTML is the same until it is saved again: kept per id, change time and language (the
// renderer's labels), so a page view does not rebuild it (a render costs about a millisecond).
const kept = new Map<string, string>();

/**
 * A public post's body as HTML through the content allow-list (server/blog/content/render.ts),
 * rendered once per id and `updatedAt`. The oldest kept body goes first when full.
 */
export function renderedPostBody(
  app: Pick<AppContext, "config" | "log">,
  post: { id: number; updatedAt: string; content: unknown },
  locale: Locale,
): string {
  const key = `${post.id}\n${post.updatedAt}\n${locale}`;
  const hit = kept.get(key);
  if (hit !== undefined) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const html = renderBlogDocument(post.content, {
    locale,
    siteUrl: app.config.SITE_URL,
    onInvalid: (reason) => app.log.warn({ postId: post.id, reason }, "blog post body failed its check; shown as plain text"),
  });
  kept.set(key, html);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return html;
}
