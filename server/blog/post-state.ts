import { and, eq, lte, sql } from "drizzle-orm";
import { BLOG_STATE_TRANSITIONS, type BlogPostState } from "../../common/blog/posts";
import { blogStateChangeSchema } from "../../common/forms/blog";
import type { AppContext, JobDeps } from "../core/app-context";
import { requireAdmin, requireCorporate, type Actor } from "../accounts";
import type { Database } from "../db/client";
import { bookNextRun, scheduleRecurring } from "../jobs/recurring";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { managedBy, parseBlogPostId, postNotFound } from "./get-post";
import { blogPosts } from "./schema";
import { forgetPublicCopies } from "./write-post";

/**
 * Moves a post the user manages to another state (BLOG_STATE_TRANSITIONS; anything else is
 * E_CONFLICT):
 * - scheduled: for `publishAt`, a time in the future; the post is public from then on (the job
 *   marks it published);
 * - published: now; a post published before keeps its first publication time (its date);
 * - unpublished: taken down, kept;
 * - draft: back to writing (its first publication time, if any, kept).
 * A post to schedule or publish must have a body. The guest pages and kept lists are cleared.
 */
export async function changeBlogPostState(
  app: Pick<AppContext, "db" | "pageCache" | "guestPages">,
  opts: { actor: Actor; id: unknown; input: unknown; now?: Date },
): Promise<{ id: number; state: BlogPostState; publishAt: Date | null }> {
  const user = requireCorporate(opts.actor);
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  const change = parseInput(blogStateChangeSchema, opts.input);
  const now = opts.now ?? new Date();
  const result = await app.db.transaction(async (tx) => {
    const [post] = await tx
      .select({ state: blogPosts.state, publishAt: blogPosts.publishAt, publishedAt: blogPosts.publishedAt, contentText: blogPosts.contentText })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), managedBy(user)))
      .for("update")
      .limit(1);
    if (!post) throw postNotFound();
    if (!BLOG_STATE_TRANSITIONS[post.state].includes(change.state)) throw new AppError("E_CONFLICT", "blog.errors.stateConflict");
    const wasPublished = post.publishedAt !== null;
    let publishAt: Date | null;
    let publishedAt = post.publishedAt;
    switch (change.state) {
      case "scheduled":
        if (!change.publishAt) throw new AppError("E_VALIDATION", "blog.errors.publishAtMissing", { fieldErrors: { publishAt: { key: "blog.errors.publishAtMissing" } } });
        if (change.publishAt.getTime() <= now.getTime()) throw new AppError("E_VALIDATION", "blog.errors.publishAtPast", { fieldErrors: { publishAt: { key: "blog.errors.publishAtPast" } } });
        publishAt = change.publishAt;
        break;
      case "published":
        publishAt = wasPublished && post.state === "unpublished" ? post.publishAt : now;
        publishedAt = now;
        break;
      case "unpublished":
        publishAt = post.publishAt;
        break;
      case "draft":
        publishAt = wasPublished ? post.publishAt : null;
        break;
    }
    if ((change.state === "scheduled" || change.state === "published") && !post.contentText.trim()) {
      throw new AppError("E_VALIDATION", "blog.errors.contentRequired", { fieldErrors: { content: { key: "blog.errors.contentRequired" } } });
    }
    await tx.update(blogPosts).set({ state: change.state, publishAt, publishedAt, updatedAt: now }).where(eq(blogPosts.id, id));
    return { id, state: change.state, publishAt };
  });
  forgetPublicCopies(app);
  return result;
}

/** An administrator marks a post featured (the blog's main page shows the newest featured ones) or not. */
export async function setBlogPostFeatured(
  app: Pick<AppContext, "db" | "pageCache" | "guestPages">,
  opts: { actor: Actor; id: unknown; featured: unknown },
): Promise<{ id: number; featured: boolean }> {
  requireAdmin(opts.actor);
  const id = parseBlogPostId(opts.id);
  if (id === null) throw postNotFound();
  if (typeof opts.featured !== "boolean") throw new AppError("E_VALIDATION", "blog.validation.featured", { fieldErrors: { featured: { key: "blog.validation.featured" } } });
  const rows = await app.db.update(blogPosts).set({ featured: opts.featured }).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (!rows.length) throw postNotFound();
  forgetPublicCopies(app);
  return { id, featured: opts.featured };
}

export const BLOG_PUBLISH_JOB = "blog.publish-scheduled";
/** How often scheduled posts whose time has come are marked published. */
export const BLOG_PUBLISH_EVERY_MS = 60_000;

/**
 * Marks the scheduled posts whose time has come as published. They are public from their time on
 * whatever this job does (server/blog/visible-posts.ts); this keeps the dashboard's state and the
 * publication time true. Returns how many it marked.
 */
export async function publishDueBlogPosts(db: Pick<Database, "update">, now: Date): Promise<number> {
  const rows = await db
    .update(blogPosts)
    .set({ state: "published", publishedAt: sql`${blogPosts.publishAt}`, updatedAt: now })
    .where(and(sql`${blogPosts.state} = 'scheduled'`, lte(blogPosts.publishAt, now)))
    .returning({ id: blogPosts.id });
  return rows.length;
}

export async function schedulePublishRuns(db: Pick<Database, "insert">, runAt: Date): Promise<void> {
  await scheduleRecurring(db, BLOG_PUBLISH_JOB, runAt);
}

/** The recurring job: a run (the guest pages and kept lists forgotten when it published any), then the next one booked. */
export async function runPublishJob(deps: Pick<JobDeps, "db" | "log" | "pageCache" | "guestPages">): Promise<void> {
  const published = await publishDueBlogPosts(deps.db, new Date());
  if (published) {
    deps.log.info({ published }, "scheduled blog posts published");
    forgetPublicCopies(deps);
  }
  await bookNextRun(deps.db, BLOG_PUBLISH_JOB, BLOG_PUBLISH_EVERY_MS);
}
