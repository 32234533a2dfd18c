import type { Request } from "express";
import { blogImagePath, type BlogPostImage } from "../../common/blog/posts";
import type { ApiContext } from "../core/app-context";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { renderBlogDocument } from "./content/render";
import type { BlogPostPage } from "./get-post";
import type { BlogPostCard } from "./visible-posts";

// What the blog's public and dashboard calls (api.ts, api-dashboard.ts) read and answer alike.

export const filterError = (field: string) => new AppError("E_VALIDATION", "blog.validation.filter", { fieldErrors: { [field]: { key: "blog.validation.filter" } } });

/** A query parameter that is there once, as text; a repeated or nested one (`?tag[]=x`) is a 400. */
export function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw filterError(name);
  return value;
}

export function pageOf(req: Request): number {
  const value = req.query.page;
  if (value === undefined) return 1;
  const n = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1)) throw new AppError("E_VALIDATION", "blog.validation.page", { fieldErrors: { page: { key: "blog.validation.page" } } });
  return n;
}

export const image = (i: BlogPostImage | null) => (i ? { ...i, src: blogImagePath(i.name) } : null);
export const card = (c: BlogPostCard) => ({ ...c, image: image(c.image) });
export const iso = (d: Date | null) => d?.toISOString() ?? null;

export function pageAnswer(page: BlogPostPage, ctx: ApiContext) {
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

export const postParams = z.object({ id: z.string().openapi({ description: "The post's id (the number at the end of its url)", example: "42" }) });
