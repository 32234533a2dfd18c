import { and, eq, lt, sql } from "drizzle-orm";
import { BLOG_TRENDING_DAYS } from "../../common/blog/posts";
import type { Database } from "../db/client";
import { dayInTurkey } from "../../common/reminders";
import type { AppContext } from "../core/app-context";
import { countOnce } from "../platform/count-once";
import { parseBlogPostId, postNotFound } from "./get-post";
import { blogPosts, blogPostViews } from "./schema";
import { publicPost } from "./visible-posts";

/**
 * Counts a reader's view of a public post for today (in Turkey), at most once per (hashed)
 * address, post and day: the trending list ranks by these, so reloads and scripts must not move
 * them. Nothing about the reader is stored (count-once.ts keeps only a keyed hash for two days).
 * Returns whether this view counted. A post that is not public is E_NOT_FOUND, so a script
 * cannot fill the marks with made-up ids.
 */
export async function countBlogPostView(app: Pick<AppContext, "db">, opts: { postId: unknown; ipHash: string | null; now?: Date }): Promise<boolean> {
  const now = opts.now ?? new Date();
  const id = parseBlogPostId(opts.postId);
  if (id === null) throw postNotFound();
  const [post] = await app.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), publicPost(now)))
    .limit(1);
  if (!post) throw postNotFound();
  if (!(await countOnce(app.db, { ipHash: opts.ipHash, subject: `blog-post:${id}`, now }))) return false;
  await app.db
    .insert(blogPostViews)
    .values({ postId: id, day: dayInTurkey(now), views: 1 })
    .onConflictDoUpdate({ target: [blogPostViews.postId, blogPostViews.day], set: { views: sql`${blogPostViews.views} + 1` } });
  return true;
}

/** Days of views kept: the trending window, and room to spare for a longer one. */
export const BLOG_VIEWS_KEEP_DAYS = 5 * BLOG_TRENDING_DAYS;

/** Erases the daily view counts older than BLOG_VIEWS_KEEP_DAYS (the clean-up job); returns rows erased. */
export async function eraseOldBlogViews(db: Pick<Database, "delete">, now: Date): Promise<number> {
  const oldest = dayInTurkey(new Date(now.getTime() - BLOG_VIEWS_KEEP_DAYS * 86_400_000));
  const rows = await db.delete(blogPostViews).where(lt(blogPostViews.day, oldest)).returning({ postId: blogPostViews.postId });
  return rows.length;
}
