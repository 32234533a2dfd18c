import { Feed, type Item } from "feed";
import type { Locale } from "../../common/format";
import { SITE_NAME } from "../../common/site";

/**
 * The blog's RSS 2.0 and Atom 1.0 feeds, written by the `feed` library from a list of posts. All
 * addresses are absolute, from the site's configured address (SITE_URL, as the sitemap builds
 * them); each feed is in one language (its <language>, its xml:lang). The caller gives the posts
 * (newest first) and the texts; this file only shapes them.
 *
 * Texts are cleaned first: characters XML 1.0 cannot hold are dropped (a feed with one of them
 * does not parse), and what the formats read as HTML (Atom's title and summary, RSS's
 * description) is HTML-escaped, so a "<" in a title is a "<" in every reader, never markup.
 */

/** One post of a feed. */
export interface FeedPost {
  title: string;
  /** The post's site-relative path in the feed's language ("/blog/teknoloji/fiber-nedir-42"). */
  path: string;
  publishedAt: Date;
  /** Last changed (Atom's <updated>); the publication date when absent. */
  updatedAt?: Date;
  /** Plain text, one or two sentences (the post's description). */
  summary: string;
  /** The writer: a member's name or the company's, with the path of its page when it has one. */
  author: { name: string; path?: string };
  category: { name: string; path: string };
}

export interface BlogFeedOptions {
  /** The site's address (config SITE_URL). */
  siteUrl: string;
  locale: Locale;
  /** The feed's title and description (the list page's, translated). */
  title: string;
  description: string;
  /** The list page the feed follows ("/blog-yazilari", "/en/blog-yazilari/kategori/oyun"). */
  path: string;
  /** Where this feed is served in each format: the self links. */
  feedPaths: { rss: string; atom: string };
  posts: readonly FeedPost[];
}

const DC_NAMESPACE = "http://purl.org/dc/elements/1.1/";

// What XML 1.0 allows: tab, line feed, carriage return and the characters from space on, but the
// surrogates (toWellFormed() has mended lone ones) and U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function clean(text: string): string {
  return text.toWellFormed().replace(NOT_XML, "");
}

/** Plain text inside CDATA: "]]>" would end the section (the library splits only the first). */
function cdataText(text: string): string {
  return clean(text).replaceAll("]]>", "]] >");
}

function html(text: string): string {
  return clean(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Text for an attribute the library writes (a category's label and term): it escapes "&" and '"'
 * but not "<", which no attribute may hold; category names never have one, so it is dropped.
 */
function attribute(text: string): string {
  return clean(text).replace(/[<>]/g, "");
}

function absolute(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.replace(/\/*$/, "/")).toString();
}

/**
 * Adds attributes to the document's root element where the library has no option for them
 * (xml:lang on Atom's <feed>, the Dublin Core namespace on <rss> for dc:creator). The root is the
 * first element after the XML declaration, written by the library in a known form.
 */
function withRootAttributes(xml: string, root: "rss" | "feed", attributes: Record<string, string>): string {
  const open = new RegExp(`<${root}(\\s[^>]*)?>`);
  return xml.replace(open, (tag) => {
    const missing = Object.entries(attributes).filter(([name]) => !tag.includes(` ${name}=`));
    return missing.length ? `${tag.slice(0, -1)}${missing.map(([name, value]) => ` ${name}="${value}"`).join("")}>` : tag;
  });
}

function buildFeed(opts: BlogFeedOptions, format: "rss" | "atom"): Feed {
  const url = (path: string) => absolute(opts.siteUrl, path);
  const updated = opts.posts.reduce<Date | undefined>((latest, p) => {
    const d = p.updatedAt ?? p.publishedAt;
    return !latest || d > latest ? d : latest;
  }, undefined);
  const text = format === "atom" ? html : cdataText;
  const feed = new Feed({
    id: url(opts.path),
    title: clean(opts.title),
    description: clean(opts.description),
    link: url(opts.path),
    language: opts.locale,
    // A feed without posts is as new as nothing: the epoch, not the time of the request, so the
    // same list always gives the same bytes.
    updated: updated ?? new Date(0),
    generator: SITE_NAME,
    feedLinks: { rss: url(opts.feedPaths.rss), atom: url(opts.feedPaths.atom) },
    // Atom needs an author for the feed or for each entry: the site, when an entry had none.
    author: { name: SITE_NAME, link: url(opts.locale === "en" ? "/en" : "/") },
    copyright: `© ${SITE_NAME}`,
  });
  for (const post of opts.posts) {
    const link = url(post.path);
    const author = { name: clean(post.author.name), ...(post.author.path ? { link: url(post.author.path) } : {}) };
    // No id: the link is each entry's id (Atom) and a permanent guid (RSS).
    const item: Item = {
      title: text(post.title),
      link,
      date: post.updatedAt ?? post.publishedAt,
      published: post.publishedAt,
      description: html(post.summary),
      category: [{ name: attribute(post.category.name), term: attribute(post.category.path.split("/").filter(Boolean).pop() ?? post.category.name), domain: url(post.category.path) }],
    };
    if (format === "atom") item.author = [author];
    else item.extensions = [{ name: "dc:creator", objects: { _text: author.name } }];
    feed.addItem(item);
  }
  return feed;
}

/** The RSS 2.0 document of a list of posts (the writer as dc:creator: RSS's <author> must be an e-mail). */
export function blogRss(opts: BlogFeedOptions): string {
  return withRootAttributes(buildFeed(opts, "rss").rss2(), "rss", { "xmlns:dc": DC_NAMESPACE });
}

/** The Atom 1.0 document of a list of posts. */
export function blogAtom(opts: BlogFeedOptions): string {
  return withRootAttributes(buildFeed(opts, "atom").atom1(), "feed", { "xml:lang": opts.locale });
}

/** The Content-Type of each format's answer. */
export const FEED_CONTENT_TYPES = { rss: "application/rss+xml; charset=utf-8", atom: "application/atom+xml; charset=utf-8" } as const;
