import { BLOG_COMMENT_STATES, BLOG_LANGUAGES, BLOG_POST_STATES } from "../../common/blog/posts";
import { z } from "../platform/api-zod";

// The answers of the blog's calls (server/blog/api.ts); the request bodies are the shared form
// schemas of common/forms/blog.ts.

const iso = (description: string) => z.string().openapi({ description, example: "2026-11-27T09:00:00.000Z" });

export const blogImageSchema = z
  .object({
    name: z.string().openapi({ description: "Stored file under /media/blog-images/" }),
    src: z.string().openapi({ description: "Its path on this site", example: "/media/blog-images/0123456789abcdefghij.webp" }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi("BlogImage");

const companyRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string().openapi({ description: "The company's url (its blog list: /blog-yazilari/isletme/{slug})" }) });

export const blogPostCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string().nullable(),
    language: z.enum(BLOG_LANGUAGES).openapi({ description: "The language the post is written in" }),
    url: z.string().openapi({ description: "The post's blog url: its slug and id", example: "fiber-internet-nedir-42" }),
    categoryId: z.number().int().min(1).max(9),
    categoryUrl: z.string(),
    path: z.string().openapi({ description: "The post's page (Turkish paths; /en in front for the English site)", example: "/blog/telekomunikasyon/fiber-internet-nedir-42" }),
    tags: z.array(z.string()),
    image: blogImageSchema.nullable(),
    readingMinutes: z.number().int(),
    publishedAt: iso("When it was (first) published"),
    featured: z.boolean(),
    isDemo: z.boolean().openapi({ description: "A demo post: say so wherever it shows" }),
    excerpt: z.string().openapi({ description: "The meta description, or the start of the text" }),
    company: companyRef.nullable().openapi({ description: "The company it speaks for; null for the site's own post" }),
    otherLanguage: z.boolean().openapi({ description: "Written in the other language than the request's, with no translation in it (say the post exists only in its language)" }),
  })
  .openapi("BlogPostCard");

export const blogPostListResponse = z.object({
  success: z.literal(true),
  posts: z.array(blogPostCardSchema),
  total: z.number().int().openapi({ description: "Matching posts; a word search (`q`) counts to 1,000 and sets totalCapped past it" }),
  totalCapped: z.boolean().openapi({ description: "A word search matched more than `total` (1,000): show it as \"1,000+\"" }),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  category: z.object({ id: z.number().int(), url: z.string(), name: z.string() }).nullable(),
  company: companyRef.extend({ isDemo: z.boolean() }).nullable(),
});

export const blogHighlightsResponse = z.object({
  success: z.literal(true),
  featured: z.array(blogPostCardSchema),
  trending: z.array(blogPostCardSchema).openapi({ description: "Most read over the last 7 days" }),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })).openapi({ description: "Tags of public posts, most used first" }),
});

const faqEntry = z.object({ question: z.string(), answer: z.string() }).openapi("BlogFaqEntry");

const blogPostSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string().nullable(),
    language: z.enum(BLOG_LANGUAGES),
    url: z.string(),
    categoryId: z.number().int(),
    categoryUrl: z.string(),
    path: z.string().openapi({ description: "The canonical page: a wrong slug or category with the right id redirects (301) here" }),
    tags: z.array(z.string()),
    image: blogImageSchema.nullable(),
    readingMinutes: z.number().int(),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    content: z.record(z.string(), z.unknown()).openapi({ description: "The body: a Tiptap (ProseMirror) JSON document of the allowed node and mark types" }),
    html: z.string().openapi({ description: "The body as HTML, rendered on the server through the allow-list (external links rel=\"nofollow ugc noopener\", pictures from this site only)" }),
    faq: z.array(faqEntry),
    metaTitle: z.string(),
    metaDescription: z.string(),
    featured: z.boolean(),
    isDemo: z.boolean(),
    state: z.enum(BLOG_POST_STATES),
    company: companyRef.extend({ segment: z.string().openapi({ description: "The profile's first path segment: /{segment}/{slug}" }), isDemo: z.boolean() }).nullable(),
    author: z.object({ id: z.number().int(), fullName: z.string() }).nullable().openapi({ description: "Who wrote it; null for an erased account" }),
  })
  .openapi("BlogPost");

const blogPackageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    path: z.string(),
    serviceKind: z.string(),
    technology: z.string().nullable(),
    downloadMbps: z.number().int().nullable(),
    uploadMbps: z.number().int().nullable(),
    monthlyPriceKurus: z.number().int(),
    commitmentMonths: z.number().int(),
    effectiveMonthlyKurus: z.number().int().openapi({ description: "The average per month over the commitment (or 24 months)" }),
    imageUrl: z.string().nullable(),
    isDemo: z.boolean(),
  })
  .openapi("BlogPostPackage", { description: "A package of the post's company (GET /packages/{id} has every term)" });

export const blogPostPageResponse = z.object({
  success: z.literal(true),
  post: blogPostSchema,
  twin: z
    .object({ id: z.number().int(), language: z.enum(BLOG_LANGUAGES), title: z.string(), url: z.string(), categoryUrl: z.string(), path: z.string() })
    .nullable()
    .openapi({ description: "The public translation of the post (hreflang both ways)" }),
  related: z.array(blogPostCardSchema),
  packages: z.array(blogPackageSchema).openapi({ description: "The company's packages on sale, when the post belongs to a company" }),
  commentCount: z.number().int().openapi({ description: "Confirmed comments, replies included" }),
});

const commentSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ description: "Empty for an erased account (show \"former member\")" }),
    body: z.string().openapi({ description: "Plain text: keep its line breaks, never read it as HTML, make no link clickable" }),
    createdAt: z.string(),
  })
  .openapi("BlogComment");

export const blogCommentsResponse = z.object({
  success: z.literal(true),
  comments: z.array(commentSchema.extend({ replies: z.array(commentSchema) })),
  total: z.number().int().openapi({ description: "Confirmed comments in all, replies included" }),
  threads: z.number().int().openapi({ description: "Confirmed comments that are not replies (the pages count these)" }),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  pending: z.array(commentSchema.extend({ parentId: z.number().int().nullable() })).openapi({ description: "The caller's own comments on the post waiting for approval (empty for a guest)" }),
});

export const blogCommentWrittenResponse = z.object({ success: z.literal(true), id: z.number().int(), state: z.literal("unconfirmed") });
export const blogViewResponse = z.object({ success: z.literal(true), counted: z.boolean().openapi({ description: "False when this address was already counted for the post today" }) });

const managedPostRow = z
  .object({
    id: z.number().int(),
    title: z.string(),
    state: z.enum(BLOG_POST_STATES),
    language: z.enum(BLOG_LANGUAGES),
    categoryId: z.number().int(),
    url: z.string(),
    categoryUrl: z.string(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable().openapi({ description: "null: the site's own post" }),
    twinId: z.number().int().nullable(),
    publishAt: z.string().nullable().openapi({ description: "The scheduled time, or the first publication time" }),
    featured: z.boolean(),
    isDemo: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi("ManagedBlogPost");

export const managedPostListResponse = z.object({
  success: z.literal(true),
  posts: z.array(managedPostRow),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  categoryCounts: z.record(z.string(), z.number().int()).openapi({ description: "Posts per category id in the same scope (the category tabs)" }),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const managedPostResponse = z.object({
  success: z.literal(true),
  post: z.object({
    id: z.number().int(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    categoryId: z.number().int(),
    language: z.enum(BLOG_LANGUAGES),
    twinId: z.number().int().nullable(),
    title: z.string(),
    subtitle: z.string().nullable(),
    url: z.string(),
    categoryUrl: z.string(),
    tags: z.array(z.string()),
    image: blogImageSchema.nullable(),
    content: z.record(z.string(), z.unknown()),
    faq: z.array(faqEntry),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    state: z.enum(BLOG_POST_STATES),
    publishAt: z.string().nullable(),
    publishedAt: z.string().nullable(),
    featured: z.boolean(),
    isDemo: z.boolean(),
    updatedAt: z.string(),
  }),
});

export const postWrittenResponse = z.object({ success: z.literal(true), id: z.number().int(), url: z.string(), categoryUrl: z.string() });
export const postStateResponse = z.object({ success: z.literal(true), id: z.number().int(), state: z.enum(BLOG_POST_STATES), publishAt: z.string().nullable() });
export const blogImageUploadedResponse = z.object({
  success: z.literal(true),
  src: z.string().openapi({ description: "The stored picture's path on this site, for an image node's src in the post's body", example: "/media/blog-images/Vb3k9xQ2LmN8pR4tYw6zA1cD.webp" }),
  width: z.number().int().openapi({ description: "Stored width in pixels (the picture's own proportions, at most 1600)" }),
  height: z.number().int().openapi({ description: "Stored height in pixels (at most 1600)" }),
});
export const postFeaturedResponse = z.object({ success: z.literal(true), id: z.number().int(), featured: z.boolean() });

export const moderationBlogCommentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    body: z.string(),
    state: z.enum(BLOG_COMMENT_STATES),
    isDemo: z.boolean(),
    createdAt: z.string(),
    parentId: z.number().int().nullable().openapi({ description: "The comment a reply answers" }),
    post: z.object({ id: z.number().int(), title: z.string(), url: z.string(), categoryUrl: z.string(), public: z.boolean() }),
    author: z
      .object({ id: z.number().int(), fullName: z.string(), email: z.string() })
      .nullable()
      .openapi({ description: "The account that wrote it (GET /admin/users/{id}); null once erased" }),
  })
  .openapi("ModerationBlogComment");

export const blogModerationListResponse = z.object({
  success: z.literal(true),
  state: z.enum([...BLOG_COMMENT_STATES, "all"]),
  comments: z.array(moderationBlogCommentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export const blogCommentModeratedResponse = z.object({ success: z.literal(true), id: z.number().int(), state: z.enum(BLOG_COMMENT_STATES) });
