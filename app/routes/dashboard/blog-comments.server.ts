import { blogPostPath } from "../../../common/blog/post-url";
import type { BlogCommentState } from "../../../common/blog/posts";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { listBlogCommentsForModeration } from "../../../server/blog/moderate-comments";
import type { RequestContext } from "../../../server/http/request-context";
import { usersHref } from "../../features/dashboard/users-query";

/** The moderation page's blog tab (yorumlar?sekme=blog): blog comments in a state, newest first. */
export async function loadBlogModeration(context: RequestContext, opts: { state: BlogCommentState | null; page: number }) {
  const list = await listBlogCommentsForModeration(context.app, { actor: context, state: opts.state, page: opts.page });
  const paths = pathsFor(context.locale);
  return {
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map(({ id, name, email, body, state, isDemo, ...r }) => ({
      ...{ id, name, email, body, state, isDemo },
      isReply: r.parentId !== null,
      date: formatDate(r.createdAt),
      postTitle: r.post.title,
      postPath: r.post.public ? blogPostPath(context.locale, r.post.categoryUrl, r.post.url) : null,
      author: r.author ? { name: r.author.fullName, email: r.author.email, path: usersHref(paths.dashboardUsers(), { userId: String(r.author.id) }) } : null,
    })),
  };
}
