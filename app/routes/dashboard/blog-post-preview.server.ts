import { blogImagePath } from "../../../common/blog/posts";
import { findBlogCategoryById } from "../../../common/blog-categories";
import { formatDate } from "../../../common/format";
import { renderBlogDocument } from "../../../server/blog/content/render";
import { previewBlogPost } from "../../../server/blog/get-post";
import { pageError } from "../../../server/http/pages/page-errors";
import type { RequestContext } from "../../../server/http/request-context";

/**
 * The edit page's preview (?onizleme=1): the saved post as its page will show it, the body
 * rendered by the same allow-list renderer as a reader's page.
 */
export async function loadPostPreview(context: RequestContext, id: number) {
  const page = await previewBlogPost(context.app, { actor: context, id, locale: context.locale }).catch(pageError);
  const p = page.post;
  const html = renderBlogDocument(p.content, {
    locale: context.locale,
    siteUrl: context.app.config.SITE_URL,
    onInvalid: (reason) => context.app.log.warn({ postId: p.id, reason }, "a stored blog post failed the content check; its text was shown"),
  });
  return {
    title: p.title,
    subtitle: p.subtitle,
    category: findBlogCategoryById(p.categoryId)?.name[context.locale] ?? "",
    date: p.publishedAt ? formatDate(p.publishedAt) : null,
    readingMinutes: p.readingMinutes,
    tags: p.tags,
    image: p.image ? { src: blogImagePath(p.image.name), width: p.image.width, height: p.image.height } : null,
    writer: p.company?.name ?? p.author?.fullName ?? null,
    html,
    faq: p.faq,
  };
}
