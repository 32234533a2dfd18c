import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BLOG_COMMENT_BOUNDS } from "../../common/blog/posts";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { rateLimits } from "../../server/security/schema";
import { insertPost } from "../helpers/blog";
import { insertUser } from "../helpers/companies";
import { BAD_BYTES, HOSTILE_TEXT as T, overLong } from "../helpers/hostile";
import { htmlText, msg, type Locale } from "../helpers/messages";
import { rawRequest } from "../helpers/raw-http";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// The comments under a post: the guest's way to register and back, a member's comment waiting
// for approval, the per-member wait, replies one level deep, and hostile input to the form (each
// refusal a 4xx with its message in both languages, nothing stored).

let t: TestApp;
let member: { id: number; cookie: string };
let post: { id: number; slug: string };
const pathOf = (locale: Locale = "tr") => `${locale === "en" ? "/en" : ""}/blog/telekomunikasyon/${post.slug}-${post.id}`;

beforeAll(async () => {
  t = await startTestApp();
  member = await insertUser(t.app.db, { email: "okur.uye@example.com", fullName: "Okur Üye" });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(blogComments);
  await t.app.db.delete(blogPosts);
  await t.app.db.delete(rateLimits);
  post = await insertPost(t.app.db, { title: "Yorumlu yazı başlığı" });
});

async function postComment(fields: Record<string, string>, opts: { locale?: Locale; cookie?: string | null; raw?: string } = {}) {
  const s = await getFormSession(t, "/iletisim");
  const body = new URLSearchParams({ csrf: s.csrf, intent: "comment", ...fields }).toString() + (opts.raw ?? "");
  const cookie = opts.cookie === null ? undefined : (opts.cookie ?? member.cookie);
  return t.fetch(pathOf(opts.locale), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [s.cookie, cookie].filter(Boolean).join("; ") },
    body,
  });
}
const good = { name: "Okur Üye", email: "okur.uye@example.com", body: "Güzel bir yazı,\nteşekkürler." };
const stored = () => t.app.db.select().from(blogComments);

describe("comments", () => {
  it("a guest is told to register, with a way back to the post (never to another site)", async () => {
    const html = await (await t.fetch(pathOf())).text();
    expect(html).toContain('data-testid="comment-guest"');
    expect(html).toContain(`href="/hesap-olustur?redirectTo=${encodeURIComponent(pathOf())}"`);
    expect(html).toContain(`href="/giris?redirectTo=${encodeURIComponent(pathOf())}"`);
    const res = await postComment(good, { cookie: null });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(htmlText(msg("tr", "blog.errors.membershipRequired")));
    expect(await stored()).toHaveLength(0);
  });

  it("a member's comment waits for approval; a second within the limit is told the minutes to wait", async () => {
    const page = await (await t.fetch(pathOf(), { headers: { cookie: member.cookie } })).text();
    expect(page).toContain('value="okur.uye@example.com"');
    const res = await postComment(good);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(htmlText(msg("tr", "blog.comments.awaitingApproval")));
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "unconfirmed", userId: member.id, body: good.body });
    for (const locale of ["tr", "en"] as const) {
      const again = await postComment(good, { locale });
      expect(again.status).toBe(429);
      expect(await again.text()).toContain(htmlText(msg(locale, "blog.errors.commentWait", { count: 5 })));
    }
    expect(await stored()).toHaveLength(1);
  });

  it("shows confirmed comments as plain text with line breaks, replies one level deep, and the count in singular and plural", async () => {
    const [c] = await t.app.db
      .insert(blogComments)
      .values({ postId: post.id, userId: member.id, name: "Ayşe", email: "a@example.com", body: `${T.html.value}\nhttps://evil.example/`, state: "confirmed" })
      .returning({ id: blogComments.id });
    let html = await (await t.fetch(pathOf())).text();
    expect(html).toContain(htmlText(msg("tr", "blog.comments.count", { count: 1 })));
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('href="https://evil.example/');
    expect(html).toContain("whitespace-pre-line");
    await t.app.db.insert(blogComments).values({ postId: post.id, userId: member.id, parentId: c!.id, name: "Mehmet", email: "m@example.com", body: "Katılıyorum.", state: "confirmed" });
    html = await (await t.fetch("/en" + pathOf())).text();
    expect(html).toContain(htmlText(msg("en", "blog.comments.count", { count: 2 })));
    expect(html).toContain("Katılıyorum.");
    // A reply to a reply is refused: one level only.
    const [reply] = await t.app.db.select({ id: blogComments.id }).from(blogComments).where(eq(blogComments.name, "Mehmet"));
    const res = await postComment({ ...good, parentId: String(reply!.id) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(htmlText(msg("tr", "blog.errors.replyDepth")));
  });

  it("refuses hostile input with the field's message in both languages and stores nothing", async () => {
    const cases: [string, Record<string, string>, string, Record<string, number>?][] = [
      ["empty body", { ...good, body: "" }, "blog.validation.comment.body.required"],
      ["short body", { ...good, body: "ab" }, "blog.validation.comment.body.min", { min: BLOG_COMMENT_BOUNDS.body.min }],
      ["long body", { ...good, body: overLong(BLOG_COMMENT_BOUNDS.body.max) }, "blog.validation.comment.body.max", { max: BLOG_COMMENT_BOUNDS.body.max }],
      ["NUL in the name", { ...good, name: T.nul.value }, "blog.validation.comment.name.invalid"],
      ["lone surrogate in the body", { ...good, body: T.loneSurrogate.value }, "blog.validation.comment.body.invalid"],
      ["bad e-mail", { ...good, email: "not-an-email" }, "blog.validation.comment.email.format"],
      ["forged parent", { ...good, parentId: "99999999" }, "blog.errors.commentNotFound"],
    ];
    for (const locale of ["tr", "en"] as const) {
      for (const [name, fields, key, params] of cases) {
        const res = await postComment(fields, { locale });
        expect(res.status, name).toBeGreaterThanOrEqual(400);
        expect(res.status, name).toBeLessThan(500);
        expect(await res.text(), name).toContain(htmlText(msg(locale, key, params ?? {})));
      }
    }
    for (const bad of BAD_BYTES) {
      const res = await postComment({ name: good.name, email: good.email }, { raw: `&body=ab${bad.value}cdef` });
      expect(res.status, bad.name).toBe(400);
    }
    // Without the CSRF token: refused before anything is read.
    const forged = await t.fetch(pathOf(), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie: member.cookie }, body: new URLSearchParams(good).toString() });
    expect(forged.status).toBe(403);
    // An oversized body is refused by the body limit, declared or streamed in chunks.
    const huge = await postComment({ ...good, body: "a".repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    let chunks = 0;
    const streamed = await rawRequest(t.url, {
      method: "POST",
      path: pathOf(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: member.cookie },
      body: () => (chunks++ < 3200 ? Buffer.alloc(64 * 1024, 0x61) : null),
    });
    expect(streamed.status).toBe(413);
    expect(streamed.sentBeforeAnswer).toBeLessThan(20 * 1024 * 1024);
    expect(await stored()).toHaveLength(0);
  });
});

describe("back to the post after signing up", () => {
  it("register returns to a same-site path only, in the page's language", async () => {
    const cases: [string, string, RegExp][] = [
      ["/blog/telekomunikasyon/x-1", "", /^\/blog\/telekomunikasyon\/x-1\?/],
      ["/blog/telekomunikasyon/x-1", "/en", /^\/en\/blog\/telekomunikasyon\/x-1\?/],
      ["//evil.example/x", "", /^\/\?/],
      ["https://evil.example/", "", /^\/\?/],
      ["/\\evil.example", "", /^\/\?/],
      ["/\t/evil.example", "/en", /^\/en\?/],
    ];
    for (const [i, [redirectTo, prefix, expected]] of cases.entries()) {
      // Sign-ups are limited per address: each case starts afresh.
      await t.app.db.delete(rateLimits);
      const s = await getFormSession(t, "/iletisim");
      const res = await t.fetch(`${prefix}/hesap-olustur`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: s.cookie },
        body: new URLSearchParams({
          csrf: s.csrf,
          redirectTo,
          accountType: "individual",
          fullName: "Yeni Okur",
          email: `yeni.okur.${i}@example.com`,
          password: "Parola12345!",
          passwordConfirm: "Parola12345!",
          membership: "on",
          kvkk: "on",
        }).toString(),
      });
      expect(res.status, redirectTo).toBe(302);
      expect(res.headers.get("location"), redirectTo).toMatch(expected);
    }
  });
});

