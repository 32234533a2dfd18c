import type { BlogCategoryKey } from "../../../common/blog-categories";

/**
 * The demo posts (SEED_DEMO) as plain data: blocks of text with a few inline markers, turned into
 * the editor's document by to-document.ts. Every demo post is labelled as demo by the site, like
 * every other demo row.
 *
 * Inline text may hold **bold**, *italic* and [text](https://… or /site-path) links; marks do not
 * nest, and a marker that is not closed by these rules is kept as text (see to-document.ts).
 */
export type Block =
  | { h2: string }
  | { h3: string }
  | { p: string }
  | { ul: string[] }
  | { ol: string[] }
  | { quote: string }
  | { table: { head: string[]; rows: string[][] } };

export interface DemoFaq {
  question: string;
  answer: string;
}

export interface DemoPost {
  /** Stable id of the post, so a re-seed finds what it wrote before. */
  key: string;
  lang: "tr" | "en";
  /** The key of the same post in the other language. */
  twinKey?: string;
  categoryKey: BlogCategoryKey;
  /** A demo company's slug (server/companies/demo-catalogue.ts); undefined: written by the site. */
  companySlug?: string;
  title: string;
  subtitle: string;
  tags: string[];
  /** Days before the seed's "now", so lists and "recent" look natural. */
  publishedDaysAgo: number;
  featured?: boolean;
  faq?: DemoFaq[];
  blocks: Block[];
}
