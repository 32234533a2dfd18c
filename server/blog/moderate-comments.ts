import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { BLOG_COMMENT_STATES, type BlogCommentState } from "../../common/blog/posts";
import { MODERATION_INTENTS, type ModerationIntent } from "../../common/forms/company-edit";
import type { AppContext } from "../core/app-context";
import { writeAudit } from "../accounts";
import { requireAdmin, type Actor } from "../accounts";
import { users } from "../accounts/schema";
import { AppError } from "../platform/app-error";
import { blogComments, blogPosts } from "./schema";
import { tellPostAuthor } from "./comment-mail";
import { categoryUrlOf, postUrl, publicPost } from "./visible-posts";
import { forgetPublicCopies } from "./write-post";

export const BLOG_MODERATION_PAGE_SIZE = 20;

/** The audit log's actions (admin page: admin.audit.actions.blog_comment_confirm …). */
export const BLOG_COMMENT_AUDIT: Readonly<Record<ModerationIntent, string>> = {
  confirm: "blog_comment.confirm",
  remove: "blog_comment.remove",
  restore: "blog_comment.restore",
};

export function parseBlogCommentState(v: unknown): BlogCommentState | null {
  return typeof v === "string" && (BLOG_COMMENT_STATES as readonly string[]).includes(v) ? (v as BlogCommentState) : null;
}

/** A comment id from a form or a path: 1 to 999,999,999 in plain digits; anything else is null (not found). */
export function parseBlogCommentId(raw: unknown): number | null {
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : typeof raw === "string" ? raw : "";
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

export interface BlogModerationRow {
  id: number;
  name: string;
  email: string;
  body: string;
  state: BlogCommentState;
  isDemo: boolean;
  createdAt: Date;
  /** The comment a reply answers. */
  parentId: number | null;
  post: { id: number; title: string; url: string; categoryUrl: string; public: boolean };
  /** The account that wrote it; null once erased (or for a demo comment). */
  author: { id: number; fullName: string; email: string } | null;
}

/** The moderation page's blog tab and its API: comments in a state (all when null), newest first. */
export async function listBlogCommentsForModeration(
  app: Pick<AppContext, "db">,
  opts: { actor: Actor; state: BlogCommentState | null; page: number; now?: Date },
): Promise<{ rows: BlogModerationRow[]; total: number; page: number; pageCount: number }> {
  requireAdmin(opts.actor);
  const now = opts.now ?? new Date();
  const where = opts.state ? eq(blogComments.state, opts.state) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(blogComments).where(where);
  const pageCount = Math.max(1, Math.ceil(total / BLOG_MODERATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page), pageCount);
  const rows = await app.db
    .select({
      id: blogComments.id,
      name: blogComments.name,
      email: blogComments.email,
      body: blogComments.body,
      state: blogComments.state,
      isDemo: blogComments.isDemo,
      createdAt: blogComments.createdAt,
      parentId: blogComments.parentId,
      userId: blogComments.userId,
      postId: blogPosts.id,
      postTitle: blogPosts.title,
      postSlug: blogPosts.slug,
      postCategoryId: blogPosts.categoryId,
      postPublic: sql<boolean>`${publicPost(now)}`,
    })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(where)
    .orderBy(desc(blogComments.createdAt), desc(blogComments.id))
    .limit(BLOG_MODERATION_PAGE_SIZE)
    .offset((page - 1) * BLOG_MODERATION_PAGE_SIZE);
  const authorIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const authors = new Map(
    (authorIds.length ? await app.db.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, authorIds)) : []).map((u) => [u.id, u]),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      body: r.body,
      state: r.state,
      isDemo: r.isDemo,
      createdAt: r.createdAt,
      parentId: r.parentId,
      post: { id: r.postId, title: r.postTitle, url: postUrl(r.postSlug, r.postId), categoryUrl: categoryUrlOf(r.postCategoryId), public: Boolean(r.postPublic) },
      author: (r.userId !== null && authors.get(r.userId)) || null,
    })),
    total,
    page,
    pageCount,
  };
}

/**
 * Confirm, remove or restore one blog comment; the audit log records who did it. The kept guest
 * pages are cleared. A first confirmation mails the post's author (comment-mail.ts).
 */
export async function moderateBlogComment(
  app: Pick<AppContext, "db" | "pageCache" | "guestPages"> & { config: Pick<AppContext["config"], "SITE_URL"> },
  opts: { actor: Actor; intent: unknown; commentId: unknown },
): Promise<{ intent: ModerationIntent; state: BlogCommentState }> {
  const admin = requireAdmin(opts.actor);
  if (typeof opts.intent !== "string" || !Object.hasOwn(MODERATION_INTENTS, opts.intent)) throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
  const intent = opts.intent as ModerationIntent;
  const commentId = parseBlogCommentId(opts.commentId);
  if (commentId === null) throw new AppError("E_NOT_FOUND", "blog.errors.commentNotFound");
  const rule = MODERATION_INTENTS[intent];
  const result = await app.db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: blogComments.id, state: blogComments.state, postId: blogComments.postId, userId: blogComments.userId })
      .from(blogComments)
      .where(eq(blogComments.id, commentId))
      .for("update")
      .limit(1);
    if (!comment) throw new AppError("E_NOT_FOUND", "blog.errors.commentNotFound");
    if (!(rule.from as readonly BlogCommentState[]).includes(comment.state)) throw new AppError("E_CONFLICT", "blog.errors.commentState");
    await tx.update(blogComments).set({ state: rule.to, moderatedBy: admin.id, moderatedAt: sql`now()` }).where(eq(blogComments.id, commentId));
    await writeAudit(tx, {
      actorId: admin.id,
      action: BLOG_COMMENT_AUDIT[intent],
      targetUserId: comment.userId,
      details: { commentId, postId: comment.postId, from: comment.state, to: rule.to },
    });
    // Its first approval tells the post's author (or company's owner), with the change or not at all.
    if (rule.to === "confirmed") await tellPostAuthor(tx, app, commentId);
    return { intent, state: rule.to };
  });
  // The post's page shows its confirmed comments: a guest's kept copy must show the change.
  forgetPublicCopies(app);
  return result;
}
