import type { Request } from "express";
import { blogImagePath, type BlogPostImage } from "../../common/blog/posts";
import { blogCommentSchema, blogPostInputSchema, blogStateChangeSchema } from "../../common/forms/blog";
import { MODERATION_INTENT_NAMES, type ModerationIntent } from "../../common/forms/company-edit";
import type { ApiCall, ApiContext } from "../core/app-context";
import { pageQuery } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import {
  blogCommentModeratedResponse,
  blogCommentsResponse,
  blogCommentWrittenResponse,
  blogHighlightsResponse,
  blogModerationListResponse,
  blogPostListResponse,
  blogPostPageResponse,
  blogViewResponse,
  managedPostListResponse,
  managedPostResponse,
  postFeaturedResponse,
  postStateResponse,
  postWrittenResponse,
} from "./api-schemas";
import { listBlogComments, writeBlogComment } from "./comments";
import { renderBlogDocument } from "./content/render";
import { getBlogPost, previewBlogPost, type BlogPostPage } from "./get-post";
import { blogHighlights, listBlogPosts, type BlogListFilters } from "./list-posts";
import { createBlogPost, getManagedBlogPost, listManagedBlogPosts, updateBlogPost } from "./manage-posts";
import { listBlogCommentsForModeration, moderateBlogComment, parseBlogCommentState } from "./moderate-comments";
import { changeBlogPostState, setBlogPostFeatured } from "./post-state";
import { countBlogPostView } from "./post-views";
import type { BlogPostCard } from "./visible-posts";

// The blog's /api/v1 calls for the mobile apps and the dashboard's scripts: the same services as
// the pages. Lists and posts answer in the request's language rule (Accept-Language).

const filterError = (field: string) => new AppError("E_VALIDATION", "blog.validation.filter", { fieldErrors: { [field]: { key: "blog.validation.filter" } } });

/** A query parameter that is there once, as text; a repeated or nested one (`?tag[]=x`) is a 400. */
function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw filterError(name);
  return value;
}

function pageOf(req: Request): number {
  const value = req.query.page;
  if (value === undefined) return 1;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1)) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
  return n;
}

const image = (i: BlogPostImage | null) => (i ? { ...i, src: blogImagePath(i.name) } : null);
const card = (c: BlogPostCard) => ({ ...c, image: image(c.image) });
const iso = (d: Date | null) => d?.toISOString() ?? null;

function pageAnswer(page: BlogPostPage, ctx: ApiContext) {
  const html = renderBlogDocument(page.post.content, {
    locale: ctx.apiLocale,
    siteUrl: ctx.app.config.SITE_URL,
    onInvalid: (reason) => ctx.app.log.warn({ postId: page.post.id, reason }, "a stored blog post failed the content check; its text was shown"),
  });
  return {
    success: true,
    post: { ...page.post, image: image(page.post.image), html },
    twin: page.twin,
    related: page.related.map(card),
    packages: page.packages.map((p) => ({
      id: p.id,
      title: p.title,
      path: p.path,
      serviceKind: p.serviceKind,
      technology: p.technology,
      downloadMbps: p.downloadMbps,
      uploadMbps: p.uploadMbps,
      monthlyPriceKurus: p.monthlyPriceKurus,
      commitmentMonths: p.commitmentMonths,
      effectiveMonthlyKurus: p.effectiveMonthlyKurus,
      imageUrl: p.imageUrl,
      isDemo: p.isDemo,
    })),
    commentCount: page.commentCount,
  };
}

const postParams = z.object({ id: z.string().openapi({ description: "The post's id (the number at the end of its url)", example: "42" }) });
const commentParams = z.object({ id: z.string().openapi({ description: "The comment's id", example: "12" }) });
const notFound = "No public post has this id (E_NOT_FOUND)";

const listQuery = pageQuery.extend({
  category: z.string().optional().openapi({ description: "A category's url (POST /blog/categories lists them); an unknown one is a 404", example: "telekomunikasyon" }),
  company: z.string().optional().openapi({ description: "A published company's url; another is a 404", example: "matris-net" }),
  tag: z.string().optional().openapi({ description: "One tag, as written on the posts" }),
  q: z.string().optional().openapi({ description: "Word search: 2–50 letters and digits, words separated by spaces; Turkish letters match their ASCII forms" }),
  featured: z.enum(["1"]).optional().openapi({ description: "Only featured posts" }),
});

const documentedPostBody = blogPostInputSchema.extend({
  content: z.record(z.string(), z.unknown()).openapi({ description: "The body: a Tiptap JSON document ({ type: \"doc\", content: [...] }) of the allowed node and mark types" }),
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

const dashboard = { tag: "blog-dashboard", auth: "bearer" as const, forbidden: "Not a corporate account or an administrator (E_FORBIDDEN)" };
const notOwnPost = "No post the caller manages has this id (E_NOT_FOUND)";

function managedAnswer(p: Awaited<ReturnType<typeof getManagedBlogPost>>) {
  return { ...p, image: image(p.image), publishAt: iso(p.publishAt), publishedAt: iso(p.publishedAt), updatedAt: p.updatedAt.toISOString() };
}

const dashboardCalls: ApiCall[] = [
  {
    ...dashboard,
    id: "listOwnBlogPosts",
    method: "get",
    path: "/my/blog/posts",
    summary: "The posts the caller manages (of their companies; every post for an administrator), newest change first, 12 a page, optionally of one company or one category, with the count per category",
    query: pageQuery.extend({
      company: z.string().optional().openapi({ description: "One of the caller's companies, by id", example: "12" }),
      category: z.string().optional().openapi({ description: "A category id (1–9)", example: "1" }),
    }),
    response: managedPostListResponse,
    notFound: "No such company among the caller's own (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => {
      const list = await listManagedBlogPosts(ctx.app, { actor: ctx, companyId: queryText(req, "company"), categoryId: queryText(req, "category"), page: pageOf(req) });
      return { success: true, ...list, posts: list.posts.map((p) => ({ ...p, publishAt: iso(p.publishAt), updatedAt: p.updatedAt.toISOString() })) };
    },
  },
  {
    ...dashboard,
    id: "getOwnBlogPost",
    method: "get",
    path: "/my/blog/posts/{id}",
    summary: "A post the caller manages, every field, in any state (the edit form)",
    params: postParams,
    response: managedPostResponse,
    notFound: notOwnPost,
    handler: async (req, _res, ctx) => ({ success: true, post: managedAnswer(await getManagedBlogPost(ctx.app, { actor: ctx, id: req.params.id })) }),
  },
  {
    ...dashboard,
    id: "previewOwnBlogPost",
    method: "get",
    path: "/my/blog/posts/{id}/preview",
    summary: "A post the caller manages, in any state, as its page will show it",
    params: postParams,
    response: blogPostPageResponse,
    notFound: notOwnPost,
    handler: async (req, _res, ctx) => pageAnswer(await previewBlogPost(ctx.app, { actor: ctx, id: req.params.id, locale: ctx.apiLocale }), ctx),
  },
  {
    ...dashboard,
    id: "createOwnBlogPost",
    path: "/my/blog/posts",
    summary: "A new post, as a draft: of one of the caller's companies (companyId), or of the site (no companyId: administrators only). JSON only: a post's picture is uploaded on the web dashboard",
    body: { schema: documentedPostBody.extend({ companyId: z.number().int().nullable().optional().openapi({ description: "One of the caller's companies; left out or null: the site's own post (administrators only)" }) }) },
    response: postWrittenResponse,
    notFound: "No such company among the caller's own (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      return { success: true, ...(await createBlogPost(ctx.app, { actor: ctx, companyId: body.companyId ?? null, input: body })) };
    },
  },
  {
    ...dashboard,
    id: "updateOwnBlogPost",
    path: "/my/blog/posts/{id}",
    summary: "Replace a managed post's fields in any state (its url stays once it has been published; its picture, set on the web dashboard, stays)",
    params: postParams,
    body: { schema: documentedPostBody },
    response: postWrittenResponse,
    notFound: notOwnPost,
    handler: async (req, _res, ctx) => ({ success: true, ...(await updateBlogPost(ctx.app, { actor: ctx, id: req.params.id, input: req.body ?? {} })) }),
  },
  {
    ...dashboard,
    id: "changeOwnBlogPostState",
    path: "/my/blog/posts/{id}/state",
    summary: "Move a managed post: draft → scheduled (publishAt, in the future) → published → unpublished, back to a draft, or published again",
    params: postParams,
    body: { schema: blogStateChangeSchema },
    bodyLimit: "16kb",
    response: postStateResponse,
    notFound: notOwnPost,
    conflict: "Not possible from the post's current state (E_CONFLICT)",
    handler: async (req, _res, ctx) => {
      const r = await changeBlogPostState(ctx.app, { actor: ctx, id: req.params.id, input: req.body ?? {} });
      return { success: true, id: r.id, state: r.state, publishAt: iso(r.publishAt) };
    },
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
