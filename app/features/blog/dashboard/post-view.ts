import type { BlogDocument } from "../../../../common/blog/document";
import type { BlogFaqEntry, BlogLanguage, BlogPostImage, BlogPostState } from "../../../../common/blog/posts";

/** What the edit page's loader gives its form (blog/yeni, blog/duzenle). */
export interface PostEditorView {
  mode: "new" | "edit";
  company: { id: number; name: string } | null;
  post: {
    id: number;
    state: BlogPostState;
    publishAt: string | null;
    publishAtLocal: string;
    publicPath: string | null;
    image: BlogPostImage | null;
    isDemo: boolean;
    values: Record<string, string>;
    faq: BlogFaqEntry[];
    content: unknown;
  } | null;
  categories: { id: number; name: string }[];
  twins: { id: number; title: string; language: BlogLanguage }[];
  preview: PostPreviewView | null;
  created: boolean;
}

export interface PostPreviewView {
  title: string;
  subtitle: string | null;
  category: string;
  date: string | null;
  readingMinutes: number;
  tags: string[];
  image: { src: string; width: number; height: number } | null;
  writer: string | null;
  /** Rendered on the server through the allow-list (server/blog/content/render.ts). */
  html: string;
  faq: BlogFaqEntry[];
}

/** A refilled or stored body as the editor's starting document (null: none, or not readable). */
export function documentOf(json: string | undefined, stored: unknown): BlogDocument | null {
  if (json) {
    try {
      return JSON.parse(json) as BlogDocument;
    } catch {
      return null;
    }
  }
  return stored && typeof stored === "object" ? (stored as BlogDocument) : null;
}
