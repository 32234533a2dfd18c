import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { BLOG_COMMENTS_PAGE_SIZE, BLOG_COMMENT_WAIT_MINUTES } from "../../common/blog/posts";
import { blogCommentSchema } from "../../common/forms/blog";
import type { AppContext } from "../core/app-context";
import type { Actor } from "../accounts";
import type { SessionUser } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit, type LimitRule } from "../security/rate-limit";
import { parseBlogPostId, postNotFound } from "./get-post";
import { blogComments, blogPosts } from "./schema";
import { publicPost } from "./visible-posts";

/** One comment per member every BLOG_COMMENT_WAIT_MINUTES (spec §8: "a new comment is possible after {minute} minutes"). */
export const BLOG_COMMENT_LIMIT: LimitRule = { name: "blog-comment", points: 1, durationSeconds: BLOG_COMMENT_WAIT_MINUTES * 60 };

/** A confirmed comment as a post shows it: plain text (line breaks kept by the page, links not made clickable). */
export interface BlogComment {
  id: number;
  /** Empty for an erased account (the page says "former member"). */
  name: string;
  body: string;
  createdAt: string;
}

export interface BlogCommentThread extends BlogComment {
  /** Its confirmed replies, oldest first. */
  replies: BlogComment[];
}

export interface BlogCommentList {
  /** Confirmed comments, newest first (one page), each with its confirmed replies. */
  comments: BlogCommentThread[];
  /** Confirmed comments in all, replies included (the "N comments" wording). */
  total: number;
  /** Confirmed comments that are not replies: what the pages count. */
  threads: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The signed-in member's own comments on this post still waiting for approval. */
  pending: (BlogComment & { parentId: number | null })[];
}

const toComment = (r: { id: number; name: string; body: string; createdAt: Date }): BlogComment => ({
  id: r.id,
  name: r.name,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
});

/** A comment is top-level, or a reply to a comment that is confirmed itself. */
const parentPublic = sql`(${blogComments.parentId} IS NULL OR EXISTS (SELECT 1 FROM ${blogComments} AS parent WHERE parent.id = ${blogComments.parentId} AND parent.state = 'confirmed'))`;

/** The id of a public post, or E_NOT_FOUND (a forged id, a draft, another's unpublished post). */
async function publicPostId(app: Pick<AppContext, "db">, raw: unknown, now: Date): Promise<number> {
  const id = parseBlogPostId(raw);
  if (id === null) throw postNotFound();
  const [row] = await app.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), publicPost(now)))
    .limit(1);
  if (!row) throw postNotFound();
  return row.id;
}

/** A page of a public post's confirmed comments with their replies, the count, and the member's own waiting ones. */
export async function listBlogComments(
  app: Pick<AppContext, "db">,
  opts: { postId: unknown; user: SessionUser | null; page?: number; now?: Date },
): Promise<BlogCommentList> {
  const now = opts.now ?? new Date();
  const page = opts.page ?? 1;
  if (!Number.isSafeInteger(page) || page < 1 || page > 10_000) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
  const postId = await publicPostId(app, opts.postId, now);
  const confirmed = and(eq(blogComments.postId, postId), eq(blogComments.state, "confirmed"));
  const topLevel = and(confirmed, isNull(blogComments.parentId));
  const columns = { id: blogComments.id, name: blogComments.name, body: blogComments.body, createdAt: blogComments.createdAt, parentId: blogComments.parentId };
  const [threads, [all], [tops], pending] = await Promise.all([
    app.db
      .select(columns)
      .from(blogComments)
      .where(topLevel)
      .orderBy(desc(blogComments.createdAt), desc(blogComments.id))
      .limit(BLOG_COMMENTS_PAGE_SIZE)
      .offset((page - 1) * BLOG_COMMENTS_PAGE_SIZE),
    // A reply counts while its comment is public: a removed comment takes its replies with it.
    app.db
      .select({ n: count() })
      .from(blogComments)
      .where(and(confirmed, parentPublic)),
    app.db.select({ n: count() }).from(blogComments).where(topLevel),
    opts.user
      ? app.db
          .select(columns)
          .from(blogComments)
          .where(and(eq(blogComments.postId, postId), eq(blogComments.userId, opts.user.id), eq(blogComments.state, "unconfirmed")))
          .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
          .limit(20)
      : Promise.resolve([]),
  ]);
  const replies = threads.length
    ? await app.db
        .select(columns)
        .from(blogComments)
        .where(and(confirmed, inArray(blogComments.parentId, threads.map((t) => t.id))))
        .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
        .limit(threads.length * 200)
    : [];
  const byParent = new Map<number, BlogComment[]>();
  for (const r of replies) byParent.set(r.parentId!, [...(byParent.get(r.parentId!) ?? []), toComment(r)]);
  const threadCount = tops?.n ?? 0;
  return {
    comments: threads.map((t) => ({ ...toComment(t), replies: byParent.get(t.id) ?? [] })),
    total: all?.n ?? 0,
    threads: threadCount,
    page,
    pageSize: BLOG_COMMENTS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(threadCount / BLOG_COMMENTS_PAGE_SIZE)),
    pending: pending.map((p) => ({ ...toComment(p), parentId: p.parentId })),
  };
}

/**
 * Writes a signed-in member's comment, or a reply to a confirmed comment (one level deep), on a
 * public post. It waits for an administrator (unconfirmed). A member writes one comment every
 * BLOG_COMMENT_WAIT_MINUTES: a second sooner is E_RATE_LIMITED with the minutes left. The form
 * is checked first, so a refused form spends nothing.
 */
export async function writeBlogComment(
  app: Pick<AppContext, "db" | "limits">,
  opts: { actor: Actor; postId: unknown; input: unknown; now?: Date },
): Promise<{ id: number; state: "unconfirmed" }> {
  const user = opts.actor.user;
  if (!user) throw new AppError("E_UNAUTHORIZED", "blog.errors.membershipRequired");
  const input = parseInput(blogCommentSchema, opts.input);
  const postId = await publicPostId(app, opts.postId, opts.now ?? new Date());
  if (input.parentId !== null) {
    const [parent] = await app.db
      .select({ id: blogComments.id, parentId: blogComments.parentId })
      .from(blogComments)
      .where(and(eq(blogComments.id, input.parentId), eq(blogComments.postId, postId), eq(blogComments.state, "confirmed")))
      .limit(1);
    if (!parent) throw new AppError("E_NOT_FOUND", "blog.errors.commentNotFound", { fieldErrors: { parentId: { key: "blog.errors.commentNotFound" } } });
    if (parent.parentId !== null) throw new AppError("E_CONFLICT", "blog.errors.replyDepth");
  }
  await consumeLimit(app.limits, BLOG_COMMENT_LIMIT, `user:${user.id}`, "blog.errors.commentWait");
  const [row] = await app.db
    .insert(blogComments)
    .values({ postId, userId: user.id, parentId: input.parentId, name: input.name, email: input.email, body: input.body, state: "unconfirmed" })
    .returning({ id: blogComments.id });
  return { id: row!.id, state: "unconfirmed" };
}
