import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { rateLimits } from "../../server/security/schema";
import { insertPost, postForm } from "../helpers/blog";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages, type ApiRefusal } from "../helpers/expect-error";
import { FORGED_IDS, HOSTILE_TEXT, overLong, WRONG_TYPES } from "../helpers/hostile";
import { makeCompany } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";

// Hostile input against every blog call, as tables: each row states the exact status, error
// code and field message (in Turkish and English), and that nothing was stored; text that is
// allowed (markup in a comment, quotes in a title) is stored as the text it is.

let t: TestApp;
type User = Awaited<ReturnType<typeof insertUser>>;
let owner: User;
let other: User;
let admin: User;
let member: User;
let companyId: number;
let otherCompanyId: number;
let postId: number;
let ownPostId: number;
let othersPostId: number;
let replyId: number;
const T = HOSTILE_TEXT;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  owner = await insertUser(db, { email: "hostile.blog.owner@example.com", accountType: "corporate" });
  other = await insertUser(db, { email: "hostile.blog.other@example.com", accountType: "corporate" });
  admin = await insertUser(db, { email: "hostile.blog.admin@example.com", isAdmin: true });
  member = await insertUser(db, { email: "hostile.blog.member@example.com" });
  companyId = (await makeCompany(db, { name: "Sert Girdi AS", ownerId: owner.id })).id;
  otherCompanyId = (await makeCompany(db, { name: "Diger Girdi AS", ownerId: other.id })).id;
  postId = (await insertPost(db, { title: "Yorumlanacak yazı" })).id;
  ownPostId = (await insertPost(db, { title: "Sahibin yazısı", companyId, state: "draft" })).id;
  othersPostId = (await insertPost(db, { title: "Başkasının yazısı", companyId: otherCompanyId, language: "en", state: "draft" })).id;
  const [parent] = await db.insert(blogComments).values({ postId, name: "Ana", email: "ana@example.com", body: "Ana yorum.", state: "confirmed" }).returning({ id: blogComments.id });
  const [reply] = await db.insert(blogComments).values({ postId, parentId: parent!.id, name: "Yanıt", email: "yanit@example.com", body: "Yanıt.", state: "confirmed" }).returning({ id: blogComments.id });
  replyId = reply!.id;
});
afterAll(() => t?.close());
// The comment wait would turn the later rows into 429s: each row starts with none spent.
beforeEach(async () => {
  await t.app.db.delete(rateLimits);
});

function call(path: string, init: { json?: unknown; token?: string; method?: string; headers?: Record<string, string> } = {}) {
  return t.fetch(`/api/v1${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: { ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

const invalid = (field: string, key: string, params?: Record<string, string | number>): ApiRefusal => ({ status: 400, code: "E_VALIDATION", key, params, fields: { [field]: { key, params } } });
const notFound = (key = "blog.errors.notFound"): ApiRefusal => ({ status: 404, code: "E_NOT_FOUND", key });
const count = async (table: typeof blogPosts | typeof blogComments) => (await t.app.db.select({ id: table.id }).from(table)).length;

type Case = [string, unknown, ApiRefusal];
const wrongTypes = (field: string, key: string): Case[] => WRONG_TYPES.map((c): Case => [c.name, c.value, invalid(field, key)]);

describe("POST /blog/posts/{id}/comments", () => {
  const base = { name: "Okur Üye", email: "okur@example.com", body: "Yararlı bir yazı olmuş." };
  const name = "blog.validation.comment.name";
  const email = "blog.validation.comment.email";
  const body = "blog.validation.comment.body";
  const cases: [string, Case[]][] = [
    [
      "name",
      [
        [T.nul.name, T.nul.value, invalid("name", `${name}.invalid`)],
        [T.control.name, T.control.value, invalid("name", `${name}.invalid`)],
        [T.loneSurrogate.name, T.loneSurrogate.value, invalid("name", `${name}.invalid`)],
        [T.bidi.name, T.bidi.value, invalid("name", "validation.invisibleFormat")],
        [T.replacement.name, T.replacement.value, invalid("name", `${name}.invalid`)],
        ["81 characters", overLong(80), invalid("name", `${name}.max`, { max: 80 })],
        ["one letter", "A", invalid("name", `${name}.min`, { min: 2 })],
        ...wrongTypes("name", `${name}.required`),
      ],
    ],
    [
      "email",
      [
        ...[T.html, T.sql, T.nul, T.control, T.loneSurrogate, T.bidi].map((c): Case => [c.name, c.value, invalid("email", `${email}.format`)]),
        [T.replacement.name, T.replacement.value, invalid("email", `${email}.min`, { min: 6 })],
        ["255 characters", `${overLong(242)}@example.com`, invalid("email", `${email}.max`, { max: 254 })],
        ...wrongTypes("email", `${email}.required`),
      ],
    ],
    [
      "body",
      [
        [T.nul.name, T.nul.value, invalid("body", `${body}.invalid`)],
        [T.control.name, T.control.value, invalid("body", `${body}.invalid`)],
        [T.loneSurrogate.name, T.loneSurrogate.value, invalid("body", `${body}.invalid`)],
        [T.replacement.name, T.replacement.value, invalid("body", `${body}.invalid`)],
        ["2001 characters", overLong(2000), invalid("body", `${body}.max`, { max: 2000 })],
        ["blank", "   \n  ", invalid("body", `${body}.required`)],
        ...wrongTypes("body", `${body}.required`),
      ],
    ],
    [
      "parentId",
      [
        ...[true, "abc", -1, 0, 1.5, "2147483648", [1], { $gt: "" }].map((v): Case => [JSON.stringify(v), v, invalid("parentId", "blog.validation.parent")]),
        ["no such comment", 99999999, { status: 404, code: "E_NOT_FOUND", key: "blog.errors.commentNotFound", fields: { parentId: "blog.errors.commentNotFound" } }],
      ],
    ],
  ];
  for (const [field, rows] of cases) {
    it.each(rows)(`${field}: %s is refused and nothing is stored`, async (_n, value, refusal) => {
      const before = await count(blogComments);
      await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${postId}/comments`, { json: { ...base, [field]: value }, token: member.token, headers: h }), refusal);
      expect(await count(blogComments)).toBe(before);
    });
  }

  it("a reply to a reply is a conflict, and nothing is stored", async () => {
    const before = await count(blogComments);
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${postId}/comments`, { json: { ...base, parentId: replyId }, token: member.token, headers: h }), {
      status: 409,
      code: "E_CONFLICT",
      key: "blog.errors.replyDepth",
    });
    expect(await count(blogComments)).toBe(before);
  });

  it.each(FORGED_IDS.filter((c) => c.value !== ""))("a forged post id ($name) is not found", async ({ value }) => {
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${encodeURIComponent(value)}/comments`, { json: base, token: member.token, headers: h }), notFound());
  });

  // Plain text: markup and quotes are stored as the text they are (the page never reads it as HTML);
  // invisible formatting is dropped from the comment's text.
  it.each([
    ["name", T.html.value, T.html.value],
    ["name", T.sql.value, T.sql.value],
    ["body", T.html.value, T.html.value],
    ["body", `Merhaba ${T.bidi.value}`, "Merhaba AyşeYılmaz"],
  ])("%s: %s is stored as text", async (field, value, stored) => {
    const res = await call(`/blog/posts/${postId}/comments`, { json: { ...base, [field]: value }, token: member.token });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.app.db.select().from(blogComments).where(eq(blogComments.id, id));
    expect(row![field as "name" | "body"]).toBe(stored);
  });
});

describe("POST /my/blog/posts (and its edit)", () => {
  const send = (over: Record<string, unknown>, h: Record<string, string> = {}) => call("/my/blog/posts", { json: { ...postForm(), companyId, ...over }, token: owner.token, headers: h });
  const title = "blog.validation.title";
  const rows: Case[] = [
    ["title: NUL", T.nul.value, invalid("title", `${title}.invalid`)],
    ["title: control", T.control.value, invalid("title", `${title}.invalid`)],
    ["title: lone surrogate", T.loneSurrogate.value, invalid("title", `${title}.invalid`)],
    ["title: bidi", T.bidi.value, invalid("title", "validation.invisibleFormat")],
    ["title: replacement", T.replacement.value, invalid("title", `${title}.min`, { min: 5 })],
    ["title: 151 characters", overLong(150), invalid("title", `${title}.max`, { max: 150 })],
    ...WRONG_TYPES.map((c): Case => [`title: ${c.name}`, c.value, invalid("title", `${title}.required`)]),
  ];
  it.each(rows)("%s is refused and nothing is stored", async (_n, value, refusal) => {
    const before = await count(blogPosts);
    await expectApiRefusalInBothLanguages((h) => send({ title: value }, h), refusal);
    expect(await count(blogPosts)).toBe(before);
  });

  type Row = [string, Record<string, unknown> | (() => Record<string, unknown>), ApiRefusal];
  const fields: Row[] = [
    ...[0, 10, "abc", true, null, [1], { $gt: "" }, 1.5].map((v): Row => [`categoryId ${JSON.stringify(v)}`, { categoryId: v }, invalid("categoryId", "blog.validation.category")]),
    ...["de", 1, null, ["tr"]].map((v): Row => [`language ${JSON.stringify(v)}`, { language: v }, invalid("language", "blog.validation.language")]),
    ["a tag with markup", { tags: ["<b>fiber</b>"] }, invalid("tags", "blog.validation.tag")],
    ["a one-letter tag", { tags: "x" }, invalid("tags", "blog.validation.tag")],
    ["a tag of 41 characters", { tags: [overLong(40)] }, invalid("tags", "blog.validation.tag")],
    ["a tag with NUL", { tags: [T.nul.value] }, invalid("tags", "blog.validation.tag")],
    ["a number as a tag", { tags: [12] }, invalid("tags", "blog.validation.tag")],
    ["11 tags", { tags: Array.from({ length: 11 }, (_, i) => `etiket ${i}`) }, invalid("tags", "blog.validation.tagsMax", { max: 10 })],
    ["tags as an object", { tags: { $gt: "" } }, invalid("tags", "blog.validation.tag")],
    ["FAQ as text", { faq: "soru" }, invalid("faq", "blog.validation.faq")],
    ["a FAQ question too short", { faq: [{ question: "Ne?", answer: "Bir cevap." }] }, invalid("faq.0.question", "blog.validation.faqQuestion.min", { min: 5 })],
    ["a FAQ answer missing", { faq: [{ question: "Bir soru mu?" }] }, invalid("faq.0.answer", "blog.validation.faqAnswer.required")],
    ["a FAQ answer with NUL", { faq: [{ question: "Bir soru mu?", answer: `Cevap ${T.nul.value}` }] }, invalid("faq.0.answer", "blog.validation.faqAnswer.invalid")],
    ["11 FAQ entries", { faq: Array.from({ length: 11 }, () => ({ question: "Bir soru mu?", answer: "Bir cevap." })) }, invalid("faq", "blog.validation.faqMax", { max: 10 })],
    ["a subtitle with NUL", { subtitle: T.nul.value }, invalid("subtitle", "blog.validation.text")],
    ["a subtitle of 301 characters", { subtitle: overLong(300) }, invalid("subtitle", "blog.validation.textMax", { max: 300 })],
    ["a subtitle as a number", { subtitle: 5 }, invalid("subtitle", "blog.validation.text")],
    ["a meta title of 71 characters", { metaTitle: overLong(70) }, invalid("metaTitle", "blog.validation.textMax", { max: 70 })],
    ["a meta description of 171 characters", { metaDescription: overLong(170) }, invalid("metaDescription", "blog.validation.textMax", { max: 170 })],
    ...["abc", -1, 1.5, 2147483648, [1], { $gt: "" }].map((v): Row => [`twinId ${JSON.stringify(v)}`, { twinId: v }, invalid("twinId", "blog.validation.twin")]),
    ["twinId of no post", { twinId: 99999999 }, invalid("twinId", "blog.validation.twin")],
    ["another owner's post as the twin", () => ({ twinId: othersPostId }), invalid("twinId", "blog.validation.twin")],
    // The company is part of the owner check: a forged or another owner's company is not found.
    ...["abc", -1, true, { $gt: "" }, 0].map((v): Row => [`companyId ${JSON.stringify(v)}`, { companyId: v }, notFound("companyAdmin.errors.notFound")]),
    ["another owner's company", () => ({ companyId: otherCompanyId }), notFound("companyAdmin.errors.notFound")],
  ];
  it.each(fields)("%s is refused and nothing is stored", async (_n, fieldsOver, refusal) => {
    const over = typeof fieldsOver === "function" ? fieldsOver() : fieldsOver;
    const before = await count(blogPosts);
    await expectApiRefusalInBothLanguages((h) => send(over, h), refusal);
    expect(await count(blogPosts)).toBe(before);
  });

  // The body is checked by the content schema (server/blog/content/schema.ts, whose own tests
  // hold the XSS and mXSS sets): anything outside the allow-list, or not a document, is refused.
  const content = "blog.validation.content";
  const doc = (...blocks: unknown[]) => ({ type: "doc", content: blocks });
  const para = (text: unknown, extra: Record<string, unknown> = {}) => ({ type: "paragraph", content: [{ type: "text", text, ...extra }] });
  it.each([
    ["a string", "<p>Merhaba</p>", `${content}.invalid`],
    ["an array", [{ type: "paragraph" }], `${content}.invalid`],
    ["null", null, `${content}.invalid`],
    ["a script node", doc({ type: "script", content: [{ type: "text", text: "alert(1)" }] }), `${content}.unknownNode`],
    ["a javascript: link", doc(para("tık", { marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] })), `${content}.linkHref`],
    ["a data: link", doc(para("tık", { marks: [{ type: "link", attrs: { href: "data:text/html;base64,PHNjcmlwdD4=" } }] })), `${content}.linkHref`],
    ["an event handler attribute", doc({ type: "paragraph", attrs: { onclick: "alert(1)" }, content: [{ type: "text", text: "x" }] }), `${content}.invalid`],
    ["a picture from another site", doc({ type: "image", attrs: { src: "https://evil.example/x.png", alt: "x" } }), `${content}.imageSrc`],
    ["a NUL in the text", doc(para(T.nul.value)), `${content}.text`],
    ["a lone surrogate in the text", doc(para(T.loneSurrogate.value)), `${content}.text`],
  ])("content: %s is refused and nothing is stored", async (_n, value, key) => {
    const before = await count(blogPosts);
    await expectApiRefusalInBothLanguages((h) => send({ content: value }, h), invalid("content", key));
    expect(await count(blogPosts)).toBe(before);
  });

  it("markup in a title and in the text is stored as text", async () => {
    const res = await send({ title: `Başlık ${T.html.value}`, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: T.html.value }] }] } });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect([row!.title, row!.contentText]).toEqual([`Başlık ${T.html.value}`, T.html.value]);
  });

  it.each([...FORGED_IDS.filter((c) => c.value !== ""), { name: "another owner's post", value: "others" }])("editing a forged post id ($name) is not found", async ({ value }) => {
    const id = value === "others" ? String(othersPostId) : value;
    const before = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, othersPostId));
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts/${encodeURIComponent(id)}`, { json: postForm({ language: "en" }), token: owner.token, headers: h }), notFound());
    for (const path of [`/my/blog/posts/${encodeURIComponent(id)}`, `/my/blog/posts/${encodeURIComponent(id)}/preview`]) {
      await expectApiRefusalInBothLanguages((h) => call(path, { token: owner.token, headers: h }), notFound());
    }
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts/${encodeURIComponent(id)}/state`, { json: { state: "published" }, token: owner.token, headers: h }), notFound());
    expect(await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, othersPostId))).toEqual(before);
  });
});

describe("POST /my/blog/posts/{id}/state", () => {
  it.each([
    ...[1, "deleted", null, ["published"], { $gt: "" }].map((v): Case => [`state ${JSON.stringify(v)}`, { state: v }, invalid("state", "blog.validation.state")]),
    ...[12345, "<script>", "2026-13-45T10:00", "yarın", T.nul.value, true, overLong(40)].map((v): Case => [`publishAt ${JSON.stringify(v)}`, { state: "scheduled", publishAt: v }, invalid("publishAt", "blog.validation.publishAt")]),
  ])("%s is refused and the post is unchanged", async (_n, body, refusal) => {
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts/${ownPostId}/state`, { json: body, token: owner.token, headers: h }), refusal);
    const [row] = await t.app.db.select({ state: blogPosts.state, publishAt: blogPosts.publishAt }).from(blogPosts).where(eq(blogPosts.id, ownPostId));
    expect(row).toEqual({ state: "draft", publishAt: null });
  });
});

describe("POST /admin/blog-posts/{id}/featured", () => {
  it.each(["yes", 1, null, [true], { $gt: "" }])("featured %j is refused", async (value) => {
    await expectApiRefusalInBothLanguages((h) => call(`/admin/blog-posts/${postId}/featured`, { json: { featured: value }, token: admin.token, headers: h }), invalid("featured", "blog.validation.featured"));
    const [row] = await t.app.db.select({ featured: blogPosts.featured }).from(blogPosts).where(eq(blogPosts.id, postId));
    expect(row!.featured).toBe(false);
  });
});

describe("GET /blog/posts", () => {
  const search = "blog.validation.search";
  it.each([
    ["q: markup", `q=${encodeURIComponent("<b>fiber</b>")}`, invalid("q", `${search}.alphanumeric`)],
    ["q: long markup", `q=${encodeURIComponent(T.html.value)}`, invalid("q", `${search}.max`, { max: 50 })],
    ["q: SQL", `q=${encodeURIComponent(T.sql.value)}`, invalid("q", `${search}.alphanumeric`)],
    ["q: NUL", "q=fiber%00", invalid("q", `${search}.alphanumeric`)],
    ["q: LIKE wildcards", "q=%25_", invalid("q", `${search}.alphanumeric`)],
    ["q: one letter", "q=a", invalid("q", `${search}.min`, { min: 2 })],
    ["q: 51 letters", `q=${overLong(50)}`, invalid("q", `${search}.max`, { max: 50 })],
    ["q: blank", "q=%20%20", invalid("q", `${search}.required`)],
    ["q: twice", "q=fiber&q=adsl", invalid("q", "blog.validation.filter")],
    ["tag: twice", "tag=a&tag=b", invalid("tag", "blog.validation.filter")],
    ["tag: NUL", "tag=%00", invalid("tag", "blog.validation.filter")],
    ["tag: 41 characters", `tag=${overLong(40)}`, invalid("tag", "blog.validation.filter")],
    ["featured: 2", "featured=2", invalid("featured", "blog.validation.filter")],
    ...["0", "-1", "abc", "1.5", "99999", "1e3"].map((p): Case => [`page ${p}`, `page=${p}`, invalid("page", "blog.validation.page")]),
    ["category: markup", `category=${encodeURIComponent("<script>")}`, notFound("blog.errors.categoryNotFound")],
    ["company: SQL", `company=${encodeURIComponent("' OR 1=1 --")}`, notFound("blog.errors.companyNotFound")],
    ["company: an unpublished company's", "company=yok-boyle-bir-sirket", notFound("blog.errors.companyNotFound")],
  ] as Case[])("%s", async (_n, query, refusal) => {
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts?${query as string}`, { headers: h }), refusal);
  });
});

describe("the other calls' ids and filters", () => {
  it.each(FORGED_IDS.filter((c) => c.value !== ""))("a forged post id ($name) is not found by the post, its view and its comments", async ({ value }) => {
    const id = encodeURIComponent(value);
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${id}`, { headers: h }), notFound());
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${id}/view`, { method: "POST", headers: h }), notFound());
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${id}/comments`, { headers: h }), notFound());
    await expectApiRefusalInBothLanguages((h) => call(`/admin/blog-posts/${id}/featured`, { json: { featured: true }, token: admin.token, headers: h }), notFound());
  });

  it.each(FORGED_IDS.filter((c) => c.value !== ""))("a forged comment id ($name) is not found by moderation", async ({ value }) => {
    await expectApiRefusalInBothLanguages((h) => call(`/admin/blog-comments/${encodeURIComponent(value)}/confirm`, { method: "POST", token: admin.token, headers: h }), notFound("blog.errors.commentNotFound"));
  });

  it.each(["yes", "CONFIRMED", "<script>", "%00"])("the moderation list's state %s is refused", async (state) => {
    await expectApiRefusalInBothLanguages((h) => call(`/admin/blog-comments?state=${state}`, { token: admin.token, headers: h }), invalid("state", "blog.errors.stateFilter"));
  });

  it.each(["0", "abc", "-1"])("a comments page %s is refused", async (page) => {
    await expectApiRefusalInBothLanguages((h) => call(`/blog/posts/${postId}/comments?page=${page}`, { headers: h }), invalid("page", "blog.validation.page"));
  });

  it.each(["abc", "0", "10", "1.5", "%00"])("the dashboard list's category %s is refused", async (category) => {
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts?category=${category}`, { token: owner.token, headers: h }), invalid("category", "blog.validation.category"));
  });

  it.each(["abc", "0", "-1", "1.5", "99999999", "other"])("the dashboard list's company %s is not found", async (company) => {
    const id = company === "other" ? String(otherCompanyId) : company;
    await expectApiRefusalInBothLanguages((h) => call(`/my/blog/posts?company=${id}`, { token: owner.token, headers: h }), notFound("companyAdmin.errors.notFound"));
  });
});
