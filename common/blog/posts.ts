// Blog posts and comments (spec §3 "Blog post", "Blog comment"; §4 comment states; §5 comment
// rules; §8 the comment wait): the states, languages and bounds the dashboard, the pages, the
// services and the API share. The form schemas are in common/forms/blog.ts.

import type { Locale } from "../format";

/**
 * A post's life: written as a draft, scheduled for a time (the job publishes it then), published,
 * and taken down again (unpublished) without being deleted. A published post can be taken down and
 * published again; a scheduled one can go back to a draft.
 */
export const BLOG_POST_STATES = ["draft", "scheduled", "published", "unpublished"] as const;
export type BlogPostState = (typeof BLOG_POST_STATES)[number];

/** Which state a post may move to from which (anything else is E_CONFLICT). */
export const BLOG_STATE_TRANSITIONS: Readonly<Record<BlogPostState, readonly BlogPostState[]>> = {
  draft: ["scheduled", "published"],
  scheduled: ["draft", "scheduled", "published"],
  published: ["unpublished"],
  unpublished: ["draft", "scheduled", "published"],
};

/** The language a post is written in; a translation is its twin in the other one. */
export const BLOG_LANGUAGES = ["tr", "en"] as const satisfies readonly Locale[];
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

export function otherLanguage(language: BlogLanguage): BlogLanguage {
  return language === "tr" ? "en" : "tr";
}

/** Comment states: the review states (confirmed, unconfirmed, removed; spec §3, §4). */
export { REVIEW_STATES as BLOG_COMMENT_STATES, type ReviewState as BlogCommentState } from "../companies";

export const BLOG_POST_BOUNDS = {
  title: { min: 5, max: 150 },
  subtitle: { max: 300 },
  tag: { min: 2, max: 40 },
  /** Most tags per post. */
  maxTags: 10,
  faqQuestion: { min: 5, max: 300 },
  faqAnswer: { min: 5, max: 2000 },
  /** Most FAQ entries per post (each a question and its answer, marked up as FAQPage). */
  maxFaq: 10,
  metaTitle: { max: 70 },
  metaDescription: { max: 170 },
} as const;

export const BLOG_COMMENT_BOUNDS = {
  name: { min: 2, max: 80 },
  email: { min: 6, max: 254 },
  body: { min: 3, max: 2000 },
} as const;

/** A member may write a new comment this many minutes after their last one (spec §8: "after {minute} minutes"). */
export const BLOG_COMMENT_WAIT_MINUTES = 5;

/** Posts per list page. */
export const BLOG_PAGE_SIZE = 12;
/** Comments per page of a post (replies come with their comment). */
export const BLOG_COMMENTS_PAGE_SIZE = 20;
/** Trending: the most viewed posts over this many days. */
export const BLOG_TRENDING_DAYS = 7;
/** Posts on the trending and featured strips of the blog's main page. */
export const BLOG_STRIP_SIZE = 6;
/** Related posts under a post. */
export const BLOG_RELATED_SIZE = 4;
/** Tags on the blog's main page. */
export const BLOG_TAG_CLOUD_SIZE = 30;

/** A post's pictures: the upload's field, its limit, and the box every stored picture is fitted into (16:9). */
export const BLOG_POST_IMAGE = {
  field: "image",
  maxMb: 5,
  width: 1200,
  height: 675,
  accept: ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp",
} as const;

/**
 * A picture inside a post's text (the editor's image button): its upload's field and limit, and
 * the box it is shrunk within, keeping its own proportions (never enlarged).
 */
export const BLOG_BODY_IMAGE = {
  field: "image",
  maxMb: 5,
  maxWidth: 1600,
  maxHeight: 1600,
} as const;

/** Public path of a stored post picture (uploads/blog-images). */
export function blogImagePath(name: string): string {
  return `/media/blog-images/${encodeURIComponent(name)}`;
}

/**
 * The narrower copies stored beside every post picture (covers and pictures in a text), each
 * width below the picture's own: a phone takes a 480 px file rather than the 1200 px one.
 */
export const BLOG_IMAGE_WIDTHS = [480, 800] as const;

/**
 * A post picture's srcset: its narrower copies ("…-480w.webp") and itself, for a picture at
 * `path` stored `width` pixels wide; undefined when it has no copies (narrower than them all).
 */
export function blogImageSrcSet(path: string, width: number): string | undefined {
  const copies = BLOG_IMAGE_WIDTHS.filter((w) => w < width);
  if (!copies.length || !path.endsWith(".webp")) return undefined;
  return [...copies.map((w) => `${path.slice(0, -5)}-${w}w.webp ${w}w`), `${path} ${width}w`].join(", ");
}

/** How wide a post's pictures are shown: the post's column (48rem) on a wide screen, the screen less its margins on a phone. */
export const BLOG_POST_IMAGE_SIZES = "(min-width: 48rem) 46rem, calc(100vw - 2rem)";
/** A card's cover: three columns from 64rem, two from 40rem, one below. */
export const BLOG_CARD_IMAGE_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) calc(50vw - 2rem), calc(100vw - 2rem)";

/** One entry of a post's FAQ (schema.org FAQPage). */
export interface BlogFaqEntry {
  question: string;
  answer: string;
}

/** A post's picture: a stored file of the image pipeline and its size in pixels. */
export interface BlogPostImage {
  name: string;
  width: number;
  height: number;
}
