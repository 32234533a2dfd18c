// Blog fixtures: posts inserted straight through the schema (as a saved and published post would
// be stored), and the body of a post as the editor sends it.
import type { BlogLanguage, BlogPostState } from "../../common/blog/posts";
import { blogTitleSlug } from "../../common/blog/post-url";
import { blogPosts } from "../../server/blog/schema";
import type { Database } from "../../server/db/client";

/** A Tiptap document of paragraphs. */
export function docOf(...paragraphs: string[]) {
  return { type: "doc", content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) };
}

/** A post's form as the dashboard and the API send it. */
export function postForm(fields: Record<string, unknown> = {}) {
  return {
    categoryId: 1,
    language: "tr",
    title: "Fiber internet nedir?",
    subtitle: "Işık hızında veri",
    tags: ["fiber", "altyapı"],
    faq: [{ question: "Fiber her yerde var mı?", answer: "Hayır, altyapı sorgusuyla bakın." }],
    metaTitle: null,
    metaDescription: null,
    content: docOf("Fiber optik kablo veriyi ışıkla taşır.", "Hız hattın uzunluğuyla düşmez."),
    ...fields,
  };
}

export interface PostFixture {
  title?: string;
  subtitle?: string | null;
  language?: BlogLanguage;
  categoryId?: number;
  companyId?: number | null;
  authorId?: number | null;
  tags?: string[];
  text?: string;
  state?: BlogPostState;
  publishAt?: Date | null;
  featured?: boolean;
  twinId?: number | null;
  isDemo?: boolean;
}

/** A post (published an hour ago unless said otherwise). */
export async function insertPost(db: Database, f: PostFixture = {}): Promise<{ id: number; slug: string }> {
  const title = f.title ?? "Test yazısı başlığı";
  const text = f.text ?? "Bir deneme yazısının metni.";
  const state = f.state ?? "published";
  const publishAt = f.publishAt === undefined ? (state === "draft" ? null : new Date(Date.now() - 3_600_000)) : f.publishAt;
  const tags = f.tags ?? [];
  const slug = blogTitleSlug(title);
  const [row] = await db
    .insert(blogPosts)
    .values({
      title,
      subtitle: f.subtitle ?? null,
      slug,
      language: f.language ?? "tr",
      categoryId: f.categoryId ?? 1,
      companyId: f.companyId ?? null,
      authorId: f.authorId ?? null,
      tags,
      content: docOf(text),
      contentText: text,
      state,
      publishAt,
      publishedAt: state === "published" ? publishAt : null,
      featured: f.featured ?? false,
      twinId: f.twinId ?? null,
      isDemo: f.isDemo ?? false,
    })
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  return row!;
}
