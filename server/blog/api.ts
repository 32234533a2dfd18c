import type { Request } from "express";
import { blogCommentSchema } from "../../common/forms/blog";
import { MODERATION_INTENT_NAMES, type ModerationIntent } from "../../common/forms/company-edit";
import type { ApiCall, ApiContext } from "../core/app-context";
import { pageQuery } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { dashboardCalls } from "./api-dashboard";
import {
  blogCommentModeratedResponse,
  blogCommentsResponse,
  blogCommentWrittenResponse,
  blogHighlightsResponse,
  blogModerationListResponse,
  blogPostListResponse,
  blogPostPageResponse,
  blogViewResponse,
  postFeaturedResponse,
} from "./api-schemas";
import { card, filterError, pageAnswer, pageOf, postParams, queryText } from "./api-shared";
import { listBlogComments, writeBlogComment } from "./comments";
import { getBlogPost } from "./get-post";
import { blogHighlights, listBlogPosts, type BlogListFilters } from "./list-posts";
import { listBlogCommentsForModeration, moderateBlogComment, parseBlogCommentState } from "./moderate-comments";
import { setBlogPostFeatured } from "./post-state";
import { countBlogPostView } from "./post-views";

// The blog's /api/v1 calls for the mobile apps and the dashboard's scripts: the same services as
// the pages. Lists and posts answer in the request's language rule (Accept-Language).

const commentParams = z.object({ id: z.string().openapi({ description: "The comment's id", example: "12" }) });
const notFound = "No public post has this id (E_NOT_FOUND)";

const listQuery = pageQuery.extend({
  category: z.string().optional().openapi({ description: "A category's url (POST /blog/categories lists them); an unknown one is a 404", example: "telekomunikasyon" }),
  company: z.string().optional().openapi({ description: "A published company's url; another is a 404", example: "matris-net" }),
  tag: z.string().optional().openapi({ description: "One tag, as written on the posts" }),
  q: z.string().optional().openapi({ description: "Word search: 2–50 letters and digits, words separated by spaces; Turkish letters match their ASCII forms" }),
  featured: z.enum(["1"]).optional().openapi({ description: "Only featured posts" }),
});

const publicCalls: ApiCall[] = [
  {
    id: "listBlogPosts",
    method: "get",
    path: "/blog/posts",
    tag: "blog",
    summary: "Public posts, newest first, 12 a page, optionally of one category, company or tag, or matching a word search. The English (Accept-Language: en) list holds English posts and Turkish ones without an English translation (marked otherLanguage), and the other way round",
    query: listQuery,
    response: blogPostListResponse,
    notFound: "No such category, or no published company with this url (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => {
      const filters: BlogListFilters = {
        categoryUrl: queryText(req, "category"),
        companySlug: queryText(req, "company"),
        tag: queryText(req, "tag"),
        q: queryText(req, "q"),
      };
      const featured = queryText(req, "featured");
      if (featured !== undefined && featured !== "1") throw filterError("featured");
      const list = await listBlogPosts(ctx.app, { locale: ctx.apiLocale, filters: { ...filters, featured: featured === "1" }, page: pageOf(req) });
      return {
        success: true,
        ...list,
        posts: list.posts.map(card),
        category: list.category ? { id: list.category.id, url: list.category.url, name: list.category.name[ctx.apiLocale] } : null,
      };
    },
  },
  {
    id: "getBlogHighlights",
    method: "get",
    path: "/blog/highlights",
    tag: "blog",
    summary: "The blog's main page beside its newest posts: featured posts, the most read of the last 7 days, and the tags in use",
    response: blogHighlightsResponse,
    handler: async (_req, _res, ctx) => {
      const h = await blogHighlights(ctx.app, { locale: ctx.apiLocale });
      return { success: true, featured: h.featured.map(card), trending: h.trending.map(card), tags: h.tags };
    },
  },
  {
    id: "getBlogPost",
    method: "get",
    path: "/blog/posts/{id}",
    tag: "blog",
    summary: "A public post with its canonical url, its translation, related posts, its company's packages and its comment count",
    params: postParams,
    response: blogPostPageResponse,
    notFound,
    handler: async (req, _res, ctx) => pageAnswer(await getBlogPost(ctx.app, { id: req.params.id, locale: ctx.apiLocale }), ctx),
  },
  {
    id: "countBlogPostView",
    path: "/blog/posts/{id}/view",
    tag: "blog",
    summary: "Count a reader's view of a post (once per address, post and day; nothing about the reader is kept): the trending list ranks by these",
    params: postParams,
    response: blogViewResponse,
    notFound,
    bodyOptional: true,
    handler: async (req, _res, ctx) => ({ success: true, counted: await countBlogPostView(ctx.app, { postId: req.params.id, ipHash: ctx.ipHash }) }),
  },
  {
    id: "listBlogComments",
    method: "get",
    path: "/blog/posts/{id}/comments",
    tag: "blog",
    auth: "optional",
    summary: "A public post's confirmed comments, newest first, 20 a page, each with its confirmed replies; with a token also the caller's own comments waiting for approval",
    params: postParams,
    query: pageQuery,
    response: blogCommentsResponse,
    notFound,
    handler: async (req, _res, ctx) => ({ success: true, ...(await listBlogComments(ctx.app, { postId: req.params.id, user: ctx.user, page: pageOf(req) })) }),
  },
  {
    id: "writeBlogComment",
    path: "/blog/posts/{id}/comments",
    tag: "blog",
    auth: "bearer",
    summary: "A member's comment on a public post, or a reply to a confirmed comment (one level deep); it waits for approval. One comment every 5 minutes: a sooner one is a 429 whose message says the minutes",
    params: postParams,
    body: { schema: blogCommentSchema },
    bodyLimit: "16kb",
    response: blogCommentWrittenResponse,
    notFound: "No public post has this id, or the answered comment is not a confirmed comment of it (E_NOT_FOUND)",
    conflict: "The answered comment is itself a reply (E_CONFLICT)",
    handler: async (req, _res, ctx) => ({ success: true, ...(await writeBlogComment(ctx.app, { actor: ctx, postId: req.params.id, input: req.body ?? {} })) }),
  },
];

const moderation = { tag: "moderation", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)" };

const MODERATION_SUMMARIES: Record<ModerationIntent, string> = {
  confirm: "Confirm a blog comment: it becomes public",
  remove: "Remove a blog comment: it is hidden (its replies with it)",
  restore: "Restore a removed blog comment to the queue (public again only once confirmed)",
};

/** The moderation list's state filter: one state, "all", or (left out) the unconfirmed ones waiting. */
function stateFilter(req: Request) {
  const value = req.query.state;
  if (value === undefined) return "unconfirmed" as const;
  if (value === "all") return null;
  const state = parseBlogCommentState(value);
  if (!state) throw new AppError("E_VALIDATION", "blog.errors.stateFilter", { fieldErrors: { state: { key: "blog.errors.stateFilter" } } });
  return state;
}

const moderationCalls: ApiCall[] = [
  {
    ...moderation,
    id: "listBlogCommentsForModeration",
    method: "get",
    path: "/admin/blog-comments",
    summary: "Blog comments in a state (default: unconfirmed, waiting), newest first, 20 a page, with their post",
    query: pageQuery.extend({ state: z.enum(["confirmed", "unconfirmed", "removed", "all"]).optional() }),
    response: blogModerationListResponse,
    handler: async (req, _res, ctx) => {
      const state = stateFilter(req);
      const list = await listBlogCommentsForModeration(ctx.app, { actor: ctx, state, page: pageOf(req) });
      return { success: true, state: state ?? "all", total: list.total, page: list.page, pageCount: list.pageCount, comments: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  },
  ...MODERATION_INTENT_NAMES.map(
    (intent): ApiCall => ({
      ...moderation,
      id: `${intent}BlogComment`,
      path: `/admin/blog-comments/{id}/${intent}`,
      summary: MODERATION_SUMMARIES[intent],
      params: commentParams,
      response: blogCommentModeratedResponse,
      notFound: "No blog comment has this id (E_NOT_FOUND)",
      conflict: "Not possible in the comment's current state (E_CONFLICT)",
      bodyOptional: true,
      handler: async (req, _res, ctx: ApiContext) => {
        const r = await moderateBlogComment(ctx.app, { actor: ctx, intent, commentId: req.params.id });
        return { success: true, id: Number(req.params.id), state: r.state };
      },
    }),
  ),
  {
    ...moderation,
    tag: "blog-dashboard",
    id: "setBlogPostFeatured",
    path: "/admin/blog-posts/{id}/featured",
    summary: "Mark a post featured (the blog's main page shows the newest featured posts) or not",
    params: postParams,
    body: { schema: z.object({ featured: z.boolean() }) },
    bodyLimit: "16kb",
    response: postFeaturedResponse,
    notFound: "No post has this id (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => ({ success: true, ...(await setBlogPostFeatured(ctx.app, { actor: ctx, id: req.params.id, featured: (req.body as { featured?: unknown } | undefined)?.featured })) }),
  },
];

/** Every blog call (the blog module's `api`). */
export const blogCalls: readonly ApiCall[] = [...publicCalls, ...dashboardCalls, ...moderationCalls];
