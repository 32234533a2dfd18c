import { describe, expect, it } from "vitest";
import { xml2js, type Element } from "xml-js";
import { blogAtom, blogRss, type BlogFeedOptions, type FeedPost } from "./feeds";

// Each feed parsed as XML (xml-js, strict sax underneath) and its required elements checked:
// RSS 2.0 (rssboard.org/rss-specification) and Atom 1.0 (RFC 4287).

const SITE = "https://genisbant.example";

const posts: FeedPost[] = [
  {
    title: "Fiber internet nedir?",
    path: "/blog/teknoloji/fiber-internet-nedir-42",
    publishedAt: new Date("2026-03-02T09:30:00Z"),
    updatedAt: new Date("2026-03-05T12:00:00Z"),
    summary: "Işıkla veri taşıyan hatlar ve hızın hatta göre değişmesi.",
    author: { name: "Örnek Telekom A.Ş.", path: "/isp/ornek-telekom" },
    category: { name: "Teknoloji", path: "/blog-yazilari/kategori/teknoloji" },
  },
  {
    title: "Adil bir hız testi",
    path: "/blog/telekomunikasyon/adil-bir-hiz-testi-7",
    publishedAt: new Date("2026-02-01T08:00:00Z"),
    summary: "Kablolu bağlantı, kapalı uygulamalar ve birkaç ölçüm.",
    author: { name: "Ayşe Yılmaz" },
    category: { name: "Telekomünikasyon", path: "/blog-yazilari/kategori/telekomunikasyon" },
  },
];

const options = (overrides: Partial<BlogFeedOptions> = {}): BlogFeedOptions => ({
  siteUrl: `${SITE}/`,
  locale: "tr",
  title: "Blog Yazıları",
  description: "İnternet altyapısı, hız ve paketler üzerine yazılar.",
  path: "/blog-yazilari",
  feedPaths: { rss: "/blog-yazilari/rss", atom: "/blog-yazilari/atom" },
  posts,
  ...overrides,
});

/**
 * Well-formedness the strict sax parser under xml-js does not check: characters XML 1.0 cannot
 * hold, and a "<" inside an attribute value. Then the parsed root element.
 */
function parse(xml: string): Element {
  expect(xml.isWellFormed()).toBe(true);
  // eslint-disable-next-line no-control-regex
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
  const outsideCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  expect(outsideCdata).not.toMatch(/<[^>]*="[^"]*</);
  const doc = xml2js(xml, { compact: false }) as Element;
  return doc.elements!.find((e) => e.type === "element")!;
}
const children = (el: Element | undefined, name: string) => (el?.elements ?? []).filter((e) => e.type === "element" && e.name === name);
const child = (el: Element | undefined, name: string) => children(el, name)[0];
/** The text of an element (text and CDATA pieces together), as an XML reader gets it. */
const textOf = (el: Element | undefined) => (el?.elements ?? []).map((e) => String(e.text ?? e.cdata ?? "")).join("");
const isAbsolute = (url: string | undefined) => typeof url === "string" && /^https:\/\/genisbant\.example\//.test(url);
const decodeHtml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every namespace prefix used in the document is declared on its root (a namespace-aware parser needs it). */
function expectPrefixesDeclared(root: Element) {
  const used = new Set<string>();
  const walk = (el: Element) => {
    for (const name of [el.name ?? "", ...Object.keys(el.attributes ?? {})]) {
      const prefix = name.includes(":") ? name.split(":")[0]! : null;
      if (prefix && prefix !== "xmlns" && prefix !== "xml") used.add(prefix);
    }
    for (const c of el.elements ?? []) if (c.type === "element") walk(c);
  };
  walk(root);
  for (const prefix of used) expect(root.attributes, prefix).toHaveProperty(`xmlns:${prefix}`);
}

describe("blogRss (RSS 2.0)", () => {
  const rss = parse(blogRss(options()));
  const channel = child(rss, "channel");
  const items = children(channel, "item");

  it("is an rss 2.0 document with the channel's required elements", () => {
    expect(rss.name).toBe("rss");
    expect(rss.attributes?.version).toBe("2.0");
    expect(textOf(child(channel, "title"))).toBe("Blog Yazıları");
    expect(textOf(child(channel, "link"))).toBe(`${SITE}/blog-yazilari`);
    expect(textOf(child(channel, "description"))).toBe("İnternet altyapısı, hız ve paketler üzerine yazılar.");
    expect(textOf(child(channel, "language"))).toBe("tr");
    expect(textOf(child(channel, "lastBuildDate"))).toMatch(RFC_822);
    expectPrefixesDeclared(rss);
  });

  it("links to itself", () => {
    const self = children(channel, "atom:link").find((l) => l.attributes?.rel === "self");
    expect(self?.attributes).toMatchObject({ href: `${SITE}/blog-yazilari/rss`, type: "application/rss+xml" });
  });

  it("has each post with title, absolute link, permanent guid, date, summary, writer and category", () => {
    expect(items).toHaveLength(2);
    const [first, second] = items;
    expect(textOf(child(first, "title"))).toBe("Fiber internet nedir?");
    expect(textOf(child(first, "link"))).toBe(`${SITE}/blog/teknoloji/fiber-internet-nedir-42`);
    expect(child(first, "guid")?.attributes?.isPermaLink).toBe("true");
    expect(textOf(child(first, "guid"))).toBe(`${SITE}/blog/teknoloji/fiber-internet-nedir-42`);
    // pubDate is the publication, not the last change.
    expect(textOf(child(first, "pubDate"))).toBe("Mon, 02 Mar 2026 09:30:00 GMT");
    expect(textOf(child(first, "description"))).toBe("Işıkla veri taşıyan hatlar ve hızın hatta göre değişmesi.");
    expect(textOf(child(first, "dc:creator"))).toBe("Örnek Telekom A.Ş.");
    expect(textOf(child(second, "dc:creator"))).toBe("Ayşe Yılmaz");
    expect(child(first, "category")?.attributes?.domain).toBe(`${SITE}/blog-yazilari/kategori/teknoloji`);
    expect(textOf(child(first, "category"))).toBe("Teknoloji");
    for (const item of items) {
      expect(isAbsolute(textOf(child(item, "link")))).toBe(true);
      expect(textOf(child(item, "pubDate"))).toMatch(RFC_822);
      // RSS's <author> must be an e-mail address: the writer is dc:creator instead.
      expect(child(item, "author")).toBeUndefined();
    }
  });
});

describe("blogAtom (Atom 1.0)", () => {
  const feed = parse(blogAtom(options({ locale: "en", path: "/en/blog-yazilari", feedPaths: { rss: "/en/blog-yazilari/rss", atom: "/en/blog-yazilari/atom" } })));
  const entries = children(feed, "entry");

  it("is an Atom feed in its language with id, title, updated, author and links", () => {
    expect(feed.name).toBe("feed");
    expect(feed.attributes?.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(feed.attributes?.["xml:lang"]).toBe("en");
    expect(textOf(child(feed, "id"))).toBe(`${SITE}/en/blog-yazilari`);
    expect(textOf(child(feed, "title"))).toBe("Blog Yazıları");
    // The newest change of any post.
    expect(textOf(child(feed, "updated"))).toBe("2026-03-05T12:00:00.000Z");
    expect(textOf(child(child(feed, "author"), "name"))).toBeTruthy();
    const links = children(feed, "link").map((l) => l.attributes);
    expect(links).toContainEqual({ rel: "self", href: `${SITE}/en/blog-yazilari/atom` });
    expect(links).toContainEqual({ rel: "alternate", href: `${SITE}/en/blog-yazilari` });
    expectPrefixesDeclared(feed);
  });

  it("has each entry with id, title, updated, published, link, summary, author and category", () => {
    expect(entries).toHaveLength(2);
    const [first, second] = entries;
    expect(textOf(child(first, "id"))).toBe(`${SITE}/blog/teknoloji/fiber-internet-nedir-42`);
    expect(child(first, "title")?.attributes?.type).toBe("html");
    expect(decodeHtml(textOf(child(first, "title")))).toBe("Fiber internet nedir?");
    expect(textOf(child(first, "updated"))).toBe("2026-03-05T12:00:00.000Z");
    expect(textOf(child(first, "published"))).toBe("2026-03-02T09:30:00.000Z");
    expect(textOf(child(second, "updated"))).toBe("2026-02-01T08:00:00.000Z");
    expect(child(first, "link")?.attributes?.href).toBe(`${SITE}/blog/teknoloji/fiber-internet-nedir-42`);
    expect(decodeHtml(textOf(child(first, "summary")))).toBe("Işıkla veri taşıyan hatlar ve hızın hatta göre değişmesi.");
    expect(textOf(child(child(first, "author"), "name"))).toBe("Örnek Telekom A.Ş.");
    expect(textOf(child(child(first, "author"), "uri"))).toBe(`${SITE}/isp/ornek-telekom`);
    expect(child(child(second, "author"), "uri")).toBeUndefined();
    expect(child(first, "category")?.attributes).toEqual({ label: "Teknoloji", term: "teknoloji" });
    for (const entry of entries) {
      expect(isAbsolute(textOf(child(entry, "id")))).toBe(true);
      for (const date of ["updated", "published"]) expect(textOf(child(entry, date))).toMatch(RFC_3339);
    }
  });
});

describe("hostile or awkward text", () => {
  const title = "Fiber <script>alert(1)</script> & ]]> ]]> \u0000\u0007 \ud800 🚀";
  const summary = "Özet <img src=x onerror=alert(1)> ]]> &amp;";
  const hostile = options({ posts: [{ ...posts[0]!, title, summary, author: { name: "Ayşe <b> & \u0001 Co" }, category: { name: "Tek<no>loji", path: "/blog-yazilari/kategori/teknoloji" } }] });

  it("still gives well-formed feeds whose texts read back as plain text", () => {
    // eslint-disable-next-line no-control-regex
    const cleaned = (s: string) => s.toWellFormed().replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");
    const rssItem = child(child(parse(blogRss(hostile)), "channel"), "item");
    expect(textOf(child(rssItem, "title"))).toBe(cleaned(title).replaceAll("]]>", "]] >"));
    expect(decodeHtml(textOf(child(rssItem, "description")))).toBe(cleaned(summary));
    expect(textOf(child(rssItem, "dc:creator"))).toBe(cleaned("Ayşe <b> & \u0001 Co"));

    const entry = child(parse(blogAtom(hostile)), "entry");
    expect(decodeHtml(textOf(child(entry, "title")))).toBe(cleaned(title));
    expect(decodeHtml(textOf(child(entry, "summary")))).toBe(cleaned(summary));
    expect(child(entry, "category")?.attributes?.label).toBe("Teknoloji");
  });

  it("never gives a reader markup in what it reads as HTML", () => {
    for (const xml of [blogRss(hostile), blogAtom(hostile)]) {
      const root = parse(xml);
      const nodes = root.name === "rss" ? [child(child(child(root, "channel"), "item"), "description")] : [child(child(root, "entry"), "title"), child(child(root, "entry"), "summary")];
      for (const node of nodes) expect(textOf(node)).not.toMatch(/<[a-z]/i);
    }
  });
});

describe("an empty list", () => {
  it("gives valid feeds with no items, dated at the epoch (the same bytes every time)", () => {
    const empty = options({ posts: [] });
    const rss = blogRss(empty);
    expect(rss).toBe(blogRss(empty));
    expect(children(child(parse(rss), "channel"), "item")).toHaveLength(0);
    expect(textOf(child(parse(blogAtom(empty)), "updated"))).toBe("1970-01-01T00:00:00.000Z");
  });
});
