import { count, eq, or, sql } from "drizzle-orm";
import type { SummaryCounter } from "../core/app-context";
import { ownedCompanyColumn } from "../companies";
import { blogComments, blogPosts } from "./schema";

/** The user's posts: those they wrote and those of the companies they own, each once (every post for an administrator). */
export const countBlogPosts: SummaryCounter = async (db, scope) => {
  const [row] = await db
    .select({ n: count() })
    .from(blogPosts)
    .where(scope.all ? undefined : or(eq(blogPosts.authorId, scope.userId), ownedCompanyColumn(scope, blogPosts.companyId)));
  return row?.n ?? 0;
};

/**
 * The user's blog comments, counted with the reviews under "comments": those they wrote and
 * those on the posts they wrote or their companies' posts, each once (every one for an administrator).
 */
export const countBlogComments: SummaryCounter = async (db, scope) => {
  const theirPosts = sql`(SELECT ${blogPosts.id} FROM ${blogPosts} WHERE ${or(eq(blogPosts.authorId, scope.userId), ownedCompanyColumn(scope, blogPosts.companyId))})`;
  const [row] = await db
    .select({ n: count() })
    .from(blogComments)
    .where(scope.all ? undefined : or(eq(blogComments.userId, scope.userId), sql`${blogComments.postId} IN ${theirPosts}`));
  return row?.n ?? 0;
};
