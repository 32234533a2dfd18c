import { BLOG_BODY_IMAGE } from "../../common/blog/posts";
import { blogPostInputSchema, blogStateChangeSchema } from "../../common/forms/blog";
import type { ApiCall } from "../core/app-context";
import { pageQuery } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { managedPostListResponse, managedPostResponse, blogPostPageResponse, blogImageUploadedResponse, postStateResponse, postWrittenResponse } from "./api-schemas";
import { image, iso, pageAnswer, pageOf, postParams, queryText } from "./api-shared";
import { previewBlogPost } from "./get-post";
import { getManagedBlogPost, listManagedBlogPosts } from "./manage-posts";
import { createBlogPost, updateBlogPost } from "./save-post";
import { changeBlogPostState } from "./post-state";
import { BLOG_IMAGE_UPLOAD_LIMIT, uploadBlogBodyImage } from "./upload-image";

// The dashboard's blog calls: the posts the caller manages (a corporate member's companies', every
// post for an administrator), the same services as the dashboard's pages.

const documentedPostBody = blogPostInputSchema.extend({
  content: z.record(z.string(), z.unknown()).openapi({ description: "The body: a Tiptap JSON document ({ type: \"doc\", content: [...] }) of the allowed node and mark types" }),
});

const dashboard = { tag: "blog-dashboard", auth: "bearer" as const, forbidden: "Not a corporate account or an administrator (E_FORBIDDEN)" };
const notOwnPost = "No post the caller manages has this id (E_NOT_FOUND)";

function managedAnswer(p: Awaited<ReturnType<typeof getManagedBlogPost>>) {
  return { ...p, image: image(p.image), publishAt: iso(p.publishAt), publishedAt: iso(p.publishedAt), updatedAt: p.updatedAt.toISOString() };
}

export const dashboardCalls: ApiCall[] = [
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
  {
    ...dashboard,
    id: "uploadOwnBlogImage",
    path: "/my/blog/images",
    summary: `A picture for a post's body (the editor's image button): one PNG, JPEG or WebP file (judged by its content) of at most ${BLOG_BODY_IMAGE.maxMb} MB in the field \`${BLOG_BODY_IMAGE.field}\`, re-encoded as WebP within ${BLOG_BODY_IMAGE.maxWidth}×${BLOG_BODY_IMAGE.maxHeight} in its own proportions. For a post the caller manages (post), a new post of one of their companies (company), or a new post of the site (neither: administrators only). Its src and size go into an image node of the body; the post is not changed. ${BLOG_IMAGE_UPLOAD_LIMIT.points} an hour`,
    query: z.object({
      post: z.string().optional().openapi({ description: "A post the caller manages, by id", example: "42" }),
      company: z.string().optional().openapi({ description: "One of the caller's companies, by id (a new post of it)", example: "12" }),
    }),
    body: { type: "multipart/form-data", schema: z.object({ [BLOG_BODY_IMAGE.field]: z.string().openapi({ format: "binary" }) }) },
    response: blogImageUploadedResponse,
    forbidden: "Not a corporate account or an administrator, or (neither post nor company) not an administrator (E_FORBIDDEN)",
    notFound: "No post or company the caller manages has this id (E_NOT_FOUND)",
    unavailable: "The file could not be stored; try again later (E_UNAVAILABLE)",
    // Multipart: the owner is checked from the query before the body is read; the file is streamed to disk and judged by its content.
    handler: async (req, _res, ctx) => {
      const target = { post: queryText(req, "post"), company: queryText(req, "company") };
      return { success: true, ...(await uploadBlogBodyImage(ctx.app, { actor: ctx, target, headers: req.headers as Record<string, string | undefined>, body: req })) };
    },
  },
];

