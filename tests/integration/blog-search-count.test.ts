import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateBlog } from "../../bench/blog-data";
import { BLOG_SEARCH_COUNT_CAP, listBlogPosts } from "../../server/blog/list-posts";
import { BLOG_PAGE_SIZE } from "../../common/blog/posts";
import { areaModules } from "../../server/modules";
import { rebuildSearch } from "../../server/search";
import { htmlText } from "../helpers/messages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// A word search's count stops at 1,000 (decision 032, as the site search's): a common word is in
// most posts, and counting every one read every post's words (bench:blog's word search).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await generateBlog(t.app.db, { posts: 1800, comments: 0 });
  await rebuildSearch({ db: t.app.db, modules: areaModules });
}, 180_000);
afterAll(() => t?.close());

describe("a blog word search's count", () => {
  it("stops at 1,000 and says so on the page and in the API; lists without a word count every post", async () => {
    const list = await listBlogPosts(t.app, { locale: "tr", filters: { q: "internet" } });
    expect(list).toMatchObject({ total: BLOG_SEARCH_COUNT_CAP, totalCapped: true, pageCount: Math.ceil(BLOG_SEARCH_COUNT_CAP / BLOG_PAGE_SIZE) });
    expect(list.posts).toHaveLength(BLOG_PAGE_SIZE);
    const all = await listBlogPosts(t.app, { locale: "tr" });
    expect(all.totalCapped).toBe(false);
    expect(all.total).toBeGreaterThan(BLOG_SEARCH_COUNT_CAP);

    expect(htmlText(await (await t.fetch("/blog-yazilari?q=internet")).text())).toContain("1.000+ yazı");
    expect(htmlText(await (await t.fetch("/en/blog-yazilari?q=internet")).text())).toContain("1,000+ posts");
    const api = (await (await t.fetch("/api/v1/blog/posts?q=internet")).json()) as { total: number; totalCapped: boolean };
    expect(api).toMatchObject({ total: BLOG_SEARCH_COUNT_CAP, totalCapped: true });
  });

  it("is exact below the cap: the count is the number of posts listed", async () => {
    // A title's number: one post or a few ("123" also starts "1230" … "1239").
    for (const q of ["1234", "123"]) {
      const list = await listBlogPosts(t.app, { locale: "tr", filters: { q }, pageSize: 50 });
      expect(list.totalCapped).toBe(false);
      expect(list.total).toBeGreaterThan(0);
      expect(list.posts).toHaveLength(list.total);
    }
  });
});
