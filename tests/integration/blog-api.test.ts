import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { rateLimits } from "../../server/security/schema";
import { docOf, insertPost, postForm } from "../helpers/blog";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The blog's /api/v1 calls end to end: every answer checked against the OpenAPI document the
// site serves, the refusals with their words in both languages.

let t: TestApp;
let schemas: ApiSchemas;
type User = Awaited<ReturnType<typeof insertUser>>;
let owner: User;
let other: User;
let admin: User;
let member: User;
let company: { id: number; slug: string };
let otherCompany: { id: number; slug: string };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  owner = await insertUser(db, { email: "blog.owner@example.com", accountType: "corporate", fullName: "Blog Sahibi" });
  other = await insertUser(db, { email: "blog.other@example.com", accountType: "corporate" });
  admin = await insertUser(db, { email: "blog.admin@example.com", isAdmin: true });
  member = await insertUser(db, { email: "blog.member@example.com", fullName: "Okur Üye" });
  company = await makeCompany(db, { name: "Blog Fiber AS", ownerId: owner.id });
  otherCompany = await makeCompany(db, { name: "Baska Fiber AS", ownerId: other.id });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.delete(blogPosts);
  await t.app.db.delete(rateLimits);
});

function call(path: string, init: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  return t.fetch(`/api/v1${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: {
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

describe("public lists and posts", () => {
  it("lists, narrows and pages as documented; the English list marks Turkish-only posts", async () => {
    const a = await insertPost(t.app.db, { title: "Fiber altyapı rehberi", companyId: company.id, tags: ["fiber"] });
    const b = await insertPost(t.app.db, { title: "Hosting seçimi", categoryId: 3, language: "en" });
    let body = (await schemas.expectMatchesSchema(await call("/blog/posts"), "/blog/posts", "get", 200)) as { posts: { id: number; otherLanguage: boolean }[]; total: number };
    expect(body.posts.map((p) => [p.id, p.otherLanguage])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    body = (await schemas.expectMatchesSchema(await call("/blog/posts?category=hosting", { headers: { "accept-language": "en" } }), "/blog/posts", "get", 200)) as typeof body;
    expect(body.posts.map((p) => [p.id, p.otherLanguage])).toEqual([[b.id, false]]);
    const byCompany = (await (await call(`/blog/posts?company=${company.slug}&tag=fiber&q=ALTYAPI`)).json()) as { posts: { id: number }[]; company: { slug: string } };
    expect([byCompany.posts.map((p) => p.id), byCompany.company.slug]).toEqual([[a.id], company.slug]);
    await expectApiRefusalInBothLanguages((h) => call("/blog/posts?category=yok", { headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.categoryNotFound" });
    await expectApiRefusalInBothLanguages((h) => call("/blog/posts?company=yok-net", { headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.companyNotFound" });
    await schemas.expectMatchesSchema(await call("/blog/posts?category=yok"), "/blog/posts", "get", 404);
    await schemas.expectMatchesSchema(await call("/blog/highlights"), "/blog/highlights", "get", 200);
  });

  it("gives a public post with its canonical path and twin; a draft is not found", async () => {
    const tr = await insertPost(t.app.db, { title: "Fiber nedir?", companyId: company.id, tags: ["fiber"] });
    const en = await insertPost(t.app.db, { title: "What is fibre?", language: "en", twinId: tr.id });
    await t.app.db.update(blogPosts).set({ twinId: en.id }).where(eq(blogPosts.id, tr.id));
    const body = (await schemas.expectMatchesSchema(await call(`/blog/posts/${tr.id}`), "/blog/posts/{id}", "get", 200)) as { post: { path: string; html: string }; twin: { id: number } };
    expect([body.post.path, body.twin.id]).toEqual([`/blog/telekomunikasyon/fiber-nedir-${tr.id}`, en.id]);
    expect(body.post.html).toBe("<p>Bir deneme yazısının metni.</p>");
    const draft = await insertPost(t.app.db, { state: "draft" });
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${draft.id}`, { headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.notFound" });
  });

  it("counts a view once per address and day", async () => {
    const post = await insertPost(t.app.db);
    const first = await schemas.expectMatchesSchema(await call(`/blog/posts/${post.id}/view`, { method: "POST" }), "/blog/posts/{id}/view", "post", 200);
    const second = await (await call(`/blog/posts/${post.id}/view`, { method: "POST" })).json();
    expect([first, second]).toEqual([
      { success: true, counted: true },
      { success: true, counted: false },
    ]);
  });
});

describe("comments", () => {
  const comment = { name: "Okur Üye", email: "okur@example.com", body: "Güzel ve yararlı bir yazı." };

  it("a guest is told membership is required; a member's comment waits for approval; a second within the wait gets the minutes", async () => {
    const post = await insertPost(t.app.db);
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${post.id}/comments`, { json: comment, headers: h }), { status: 401, code: "E_UNAUTHORIZED", key: "blog.errors.membershipRequired" });
    const written = (await schemas.expectMatchesSchema(await call(`/blog/posts/${post.id}/comments`, { json: comment, token: member.token }), "/blog/posts/{id}/comments", "post", 200)) as { id: number };
    const again = await call(`/blog/posts/${post.id}/comments`, { json: comment, token: member.token, headers: { "accept-language": "en" } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(240);
    expect(((await again.json()) as { message: string }).message).toBe(msg("en", "blog.errors.commentWait", { count: 5 }));
    const mine = (await schemas.expectMatchesSchema(await call(`/blog/posts/${post.id}/comments`, { token: member.token }), "/blog/posts/{id}/comments", "get", 200)) as { total: number; pending: { id: number }[] };
    expect([mine.total, mine.pending.map((p) => p.id)]).toEqual([0, [written.id]]);

    // The blog tab of moderation: the administrator confirms it.
    const list = (await schemas.expectMatchesSchema(await call("/admin/blog-comments", { token: admin.token }), "/admin/blog-comments", "get", 200)) as { comments: { id: number }[] };
    expect(list.comments.map((c) => c.id)).toEqual([written.id]);
    await schemas.expectMatchesSchema(await call(`/admin/blog-comments/${written.id}/confirm`, { method: "POST", token: admin.token }), "/admin/blog-comments/{id}/confirm", "post", 200);
    await schemas.expectMatchesSchema(await call(`/admin/blog-comments/${written.id}/confirm`, { method: "POST", token: admin.token }), "/admin/blog-comments/{id}/confirm", "post", 409);
    const shown = (await (await call(`/blog/posts/${post.id}/comments`)).json()) as { total: number; comments: { body: string }[] };
    expect([shown.total, shown.comments.map((c) => c.body)]).toEqual([1, [comment.body]]);
    expect(((await (await call(`/blog/posts/${post.id}`)).json()) as { commentCount: number }).commentCount).toBe(1);
  });
});

describe("the dashboard's calls", () => {
  it("an owner writes, edits, schedules, publishes and previews a post of their company; another owner reaches none of it", async () => {
    const created = (await schemas.expectMatchesSchema(await call("/my/blog/posts", { json: { ...postForm(), companyId: company.id }, token: owner.token }), "/my/blog/posts", "post", 200)) as { id: number; url: string };
    expect(created.url).toBe(`fiber-internet-nedir-${created.id}`);
    const id = created.id;
    for (const [path, method] of [
      [`/my/blog/posts/${id}`, "get"],
      [`/my/blog/posts/${id}/preview`, "get"],
    ] as const) {
      await schemas.expectMatchesSchema(await call(path, { token: owner.token }), path.replace(String(id), "{id}"), method, 200);
      await expectApiRefusalInBothLanguages((h) => call(path, { token: other.token, headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.notFound" });
    }
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts/${id}`, { json: postForm({ title: "Ele geçirme" }), token: other.token, headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.notFound" });
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts/${id}/state`, { json: { state: "published" }, token: other.token, headers: h }), { status: 404, code: "E_NOT_FOUND", key: "blog.errors.notFound" });
    await expectApiRefusalInBothLanguages((h) => call("/my/blog/posts", { json: { ...postForm(), companyId: company.id }, token: other.token, headers: h }), { status: 404, code: "E_NOT_FOUND", key: "companyAdmin.errors.notFound" });
    await expectApiRefusalInBothLanguages((h) => call("/my/blog/posts", { json: postForm(), token: owner.token, headers: h }), { status: 403, code: "E_FORBIDDEN", key: "blog.errors.siteAdminOnly" });

    await schemas.expectMatchesSchema(await call(`/my/blog/posts/${id}`, { json: postForm({ title: "VDSL nedir?" }), token: owner.token }), "/my/blog/posts/{id}", "post", 200);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await schemas.expectMatchesSchema(await call(`/my/blog/posts/${id}/state`, { json: { state: "scheduled", publishAt: at }, token: owner.token }), "/my/blog/posts/{id}/state", "post", 200)) as { state: string; publishAt: string };
    expect(scheduled).toMatchObject({ state: "scheduled", publishAt: at });
    expect((await call(`/blog/posts/${id}`)).status).toBe(404);
    await schemas.expectMatchesSchema(await call(`/my/blog/posts/${id}/state`, { json: { state: "published" }, token: owner.token }), "/my/blog/posts/{id}/state", "post", 200);
    await schemas.expectMatchesSchema(await call(`/my/blog/posts/${id}/state`, { json: { state: "draft" }, token: owner.token }), "/my/blog/posts/{id}/state", "post", 409);
    const post = (await (await call(`/blog/posts/${id}`)).json()) as { post: { url: string; company: { slug: string } } };
    expect(post.post).toMatchObject({ url: `vdsl-nedir-${id}`, company: { slug: company.slug } });
    const list = (await schemas.expectMatchesSchema(await call(`/my/blog/posts?company=${company.id}`, { token: owner.token }), "/my/blog/posts", "get", 200)) as { posts: { id: number }[] };
    expect(list.posts.map((p) => p.id)).toEqual([id]);
    expect(((await (await call("/my/blog/posts", { token: other.token })).json()) as { posts: unknown[] }).posts).toEqual([]);
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts?company=${company.id}`, { token: other.token, headers: h }), { status: 404, code: "E_NOT_FOUND", key: "companyAdmin.errors.notFound" });
  });

  it("administrators write as the site and feature posts", async () => {
    const created = (await (await call("/my/blog/posts", { json: postForm({ content: docOf("Sitenin yazısı.") }), token: admin.token })).json()) as { id: number };
    const [row] = await t.app.db.select({ companyId: blogPosts.companyId, authorId: blogPosts.authorId }).from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(row).toEqual({ companyId: null, authorId: admin.id });
    await schemas.expectMatchesSchema(await call(`/admin/blog-posts/${created.id}/featured`, { json: { featured: true }, token: admin.token }), "/admin/blog-posts/{id}/featured", "post", 200);
    await expectApiRefusalInBothLanguages((h) => call(`/admin/blog-posts/${created.id}/featured`, { json: { featured: true }, token: owner.token, headers: h }), { status: 403, code: "E_FORBIDDEN", key: "errors.forbidden" });
    const [featured] = await t.app.db.select({ featured: blogPosts.featured }).from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(featured!.featured).toBe(true);
  });

  it("a comment on another owner's post is moderated by administrators only", async () => {
    const post = await insertPost(t.app.db, { companyId: otherCompany.id });
    const [c] = await t.app.db.insert(blogComments).values({ postId: post.id, userId: member.id, name: "Okur", email: "okur@example.com", body: "Yorum." }).returning({ id: blogComments.id });
    for (const token of [owner.token, other.token, member.token]) {
      expect((await call(`/admin/blog-comments/${c!.id}/confirm`, { method: "POST", token })).status).toBe(403);
    }
  });
});
