import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/accounts/sessions";
import { auditLog, type users } from "../../server/accounts/schema";
import { BLOG_IMAGE_WIDTHS } from "../../common/blog/posts";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { insertPost } from "../helpers/blog";
import { FORGED_IDS, HOSTILE_TEXT } from "../helpers/hostile";
import { htmlText, msg } from "../helpers/messages";
import { makeCompany } from "../helpers/packages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

/**
 * The dashboard's blog screens through real page requests (blog/liste, blog/yeni, blog/duzenle,
 * the moderation page's blog tab): the owner works them, another owner's and forged ids are the
 * 404 page and change nothing, hostile fields are a 4xx with the translated message, nothing stored.
 */

let t: TestApp;
let csrf: { cookie: string; csrf: string };
let owner: number;
let other: number;
let admin: number;
let individual: number;
let company: { id: number };
let foreignCompany: { id: number };
let foreignPost: number;

async function createUser(values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  return (await insertVerifiedUser(t.app.db, { accountType: "corporate", ...values }, "Parola-1234")).id;
}
async function cookieFor(userId: number) {
  const { token } = await createSession(t.app.db, userId, "web");
  return `${csrf.cookie}; gb_session=${token}`;
}
async function get(path: string, userId: number) {
  return t.fetch(path, { headers: { cookie: await cookieFor(userId) }, redirect: "manual" });
}
async function post(path: string, userId: number, fields: Record<string, string>) {
  const body = new URLSearchParams({ csrf: csrf.csrf, ...fields });
  return t.fetch(path, { method: "POST", redirect: "manual", headers: { cookie: await cookieFor(userId), "content-type": "application/x-www-form-urlencoded" }, body });
}
async function postMultipart(path: string, userId: number, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  form.append("csrf", csrf.csrf);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("image", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return t.fetch(path, { method: "POST", redirect: "manual", headers: { cookie: await cookieFor(userId) }, body: form });
}
const postCount = async () => (await t.app.db.select({ n: count() }).from(blogPosts))[0]!.n;

const FORM = {
  intent: "save",
  title: "Fiber internet nedir?",
  subtitle: "Işık hızında veri",
  categoryId: "1",
  tags: "fiber, altyapı",
  language: "tr",
  twinId: "",
  metaTitle: "",
  metaDescription: "",
  contentText: "Fiber optik kablo veriyi ışıkla taşır.\n\nHız hattın uzunluğuyla düşmez.",
  "faq.0.question": "Fiber her yerde var mı?",
  "faq.0.answer": "Hayır, altyapı sorgusuyla bakın.",
  "faq.1.question": "",
  "faq.1.answer": "",
  "faq.2.question": "Hız neden düşmez?",
  "faq.2.answer": "Işık kayıpları çok azdır.",
};

beforeAll(async () => {
  t = await startTestApp();
  csrf = await getFormSession(t);
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ accountType: "individual", isAdmin: true });
  individual = await createUser({ accountType: "individual" });
  company = await makeCompany(t.app.db, { name: "Blog Net AŞ", ownerId: owner });
  foreignCompany = await makeCompany(t.app.db, { name: "Başka Blog AŞ", ownerId: other });
  foreignPost = (await insertPost(t.app.db, { title: "Başkasının yazısı", companyId: foreignCompany.id, state: "draft" })).id;
});
afterAll(() => t?.close());

describe("blog/liste", () => {
  it("shows the owner their companies' posts with category tabs, never another owner's", async () => {
    await insertPost(t.app.db, { title: "Sahibin yazısı burada", companyId: company.id, categoryId: 3 });
    const res = await get("/blog/liste", owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Sahibin yazısı burada");
    expect(html).not.toContain("Başkasının yazısı");
    expect(html).toMatch(/Hosting(<!-- -->)? \((<!-- -->)?1(<!-- -->)?\)/);
    const tab = await (await get("/blog/liste?kategori=3", owner)).text();
    expect(tab).toContain("Sahibin yazısı burada");
    expect(await (await get("/blog/liste?kategori=2", owner)).text()).not.toContain("Sahibin yazısı burada");
    expect((await get(`/en/blog/liste/${company.id}`, owner)).status).toBe(200);
  });

  it("another owner's company, a forged id, a bad tab or page: the 404 page", async () => {
    expect((await get(`/blog/liste/${foreignCompany.id}`, owner)).status).toBe(404);
    for (const f of FORGED_IDS.filter((x) => x.value !== "")) expect((await get(`/blog/liste/${encodeURIComponent(f.value)}`, owner)).status, f.name).toBe(404);
    expect((await get("/blog/liste?kategori=10", owner)).status).toBe(404);
    expect((await get("/blog/liste?kategori=<x>", owner)).status).toBe(404);
    expect((await get("/blog/liste?sayfa=0", owner)).status).toBe(404);
  });

  it("an administrator sees every post; an individual member is refused", async () => {
    const html = await (await get("/blog/liste", admin)).text();
    expect(html).toContain("Başkasının yazısı");
    expect([302, 303, 403]).toContain((await get("/blog/liste", individual)).status);
  });
});

describe("blog/yeni and blog/duzenle", () => {
  let postId: number;

  it("the owner writes a draft without JavaScript (the textarea, FAQ rows with an empty one between)", async () => {
    const before = await postCount();
    const res = await post(`/blog/yeni/${company.id}`, owner, FORM);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/blog/duzenle/\\d+/${company.id}\\?sonuc=eklendi$`));
    postId = Number(/duzenle\/(\d+)/.exec(location)![1]);
    expect(await postCount()).toBe(before + 1);
    const [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(row).toMatchObject({ companyId: company.id, authorId: owner, state: "draft", tags: ["fiber", "altyapı"], categoryId: 1 });
    expect(row!.faq).toHaveLength(2);
    expect(row!.contentText).toContain("Hız hattın uzunluğuyla düşmez.");
    const page = await get(location, owner);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(htmlText(msg("tr", "blog.dashboard.form.created")));
    // The FAQ's add and remove buttons need JavaScript: the server's page has the empty rows instead.
    expect(html).toContain('name="faq.2.question"');
    expect(html).not.toContain(htmlText(msg("tr", "blog.dashboard.form.faqAdd")));
    expect(html).not.toContain(htmlText(msg("tr", "blog.dashboard.form.faqRemove", { n: 1 })));
  });

  it("saves the editor's JSON with a cover picture checked by content; a text file named .png is refused and nothing changes", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366aa" } }).png().toBuffer();
    const doc = { type: "doc", content: [{ type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "Hız" }] }] }] }] }, { type: "paragraph", content: [{ type: "text", text: "Bağlantı", marks: [{ type: "link", attrs: { href: "https://example.com" } }] }] }] };
    const fields = { ...FORM, contentText: "", content: JSON.stringify(doc) };
    const ok = await postMultipart(`/blog/duzenle/${postId}/${company.id}`, owner, fields, { name: "kapak.png", type: "image/png", bytes: png });
    expect(ok.status).toBe(200);
    const [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(row!.image).toMatch(/\.webp$/);
    expect(JSON.stringify(row!.content)).toContain("tableCell");
    const files = [row!.image!, ...BLOG_IMAGE_WIDTHS.map((w) => row!.image!.replace(/\.webp$/, `-${w}w.webp`))];
    for (const f of files) expect((await t.fetch(`/media/blog-images/${f}`)).status, f).toBe(200);
    const bad = await postMultipart(`/blog/duzenle/${postId}/${company.id}`, owner, { ...fields, title: "Başka bir başlık olsun" }, { name: "kapak.png", type: "image/png", bytes: Buffer.from("not a picture at all") });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const [after] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(after!.title).toBe(FORM.title);
    expect(after!.image).toBe(row!.image);
    // Removing the cover deletes the picture with its narrower copies.
    const removed = await postMultipart(`/blog/duzenle/${postId}/${company.id}`, owner, { ...fields, removeImage: "on" });
    expect(removed.status).toBe(200);
    for (const f of files) expect((await t.fetch(`/media/blog-images/${f}`)).status, f).toBe(404);
  });

  it("hostile fields: a 400 with the translated message on the field (the FAQ's on its own row), nothing stored", async () => {
    const before = await postCount();
    const cases: Record<string, string>[] = [
      { title: HOSTILE_TEXT.nul.value },
      { title: "x" },
      { categoryId: "99" },
      { categoryId: "1 OR 1=1" },
      { language: "de" },
      { tags: "<b>" },
      { subtitle: HOSTILE_TEXT.control.value },
      { "faq.2.question": "kısa" },
      { content: "{not json" },
      { content: JSON.stringify({ type: "doc", content: [{ type: "script", text: "alert(1)" }] }) },
      { twinId: String(foreignPost) },
    ];
    for (const c of cases) {
      const res = await post(`/blog/yeni/${company.id}`, owner, { ...FORM, ...c });
      expect(res.status, JSON.stringify(c)).toBe(400);
      const html = await res.text();
      if (c["faq.2.question"]) expect(html).toContain('id="post-faq.2.question-error"');
    }
    expect(await postCount()).toBe(before);
  });

  it("HTML in a title is kept as text, never markup", async () => {
    const res = await post(`/blog/duzenle/${postId}/${company.id}`, owner, { ...FORM, title: `Fiber <script>alert(1)</script> nedir` });
    expect(res.status).toBe(200);
    const html = await (await get(`/blog/duzenle/${postId}/${company.id}`, owner)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("another owner's post, a forged id, a company not the post's: the 404 page, nothing changed", async () => {
    expect((await get(`/blog/duzenle/${foreignPost}`, owner)).status).toBe(404);
    expect((await post(`/blog/duzenle/${foreignPost}`, owner, FORM)).status).toBe(404);
    expect((await get(`/blog/duzenle/${postId}/${foreignCompany.id}`, owner)).status).toBe(404);
    expect((await post(`/blog/yeni/${foreignCompany.id}`, owner, FORM)).status).toBe(404);
    for (const id of ["99999999999", "2147483648", "0", "-1", "1.5"]) expect((await get(`/blog/duzenle/${id}`, owner)).status, id).toBe(404);
    const [row] = await t.app.db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, foreignPost));
    expect(row!.title).toBe("Başkasının yazısı");
  });

  it("blog/yeni (the site's own post) is for administrators only", async () => {
    expect((await get("/blog/yeni", owner)).status).toBe(403);
    const res = await post("/blog/yeni", admin, { ...FORM, title: "Sitenin kendi yazısı" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/blog\/duzenle\/\d+\?sonuc=eklendi$/);
  });

  it("states: scheduling in the past is refused; in the future, then published, then unpublished; the preview renders the body", async () => {
    const url = `/blog/duzenle/${postId}/${company.id}`;
    const past = await post(url, owner, { intent: "state", state: "scheduled", publishAt: "2020-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain(htmlText(msg("tr", "blog.errors.publishAtPast")));
    const future = new Date(Date.now() + 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 16);
    expect((await post(url, owner, { intent: "state", state: "scheduled", publishAt: future })).status).toBe(200);
    let [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(row!.state).toBe("scheduled");
    expect((await post(url, owner, { intent: "state", state: "published" })).status).toBe(200);
    expect((await post(url, owner, { intent: "state", state: "bogus" })).status).toBe(400);
    expect((await post(url, owner, { intent: "state", state: "unpublished" })).status).toBe(200);
    [row] = await t.app.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(row!.state).toBe("unpublished");
    const preview = await (await get(`${url}?onizleme=1`, owner)).text();
    expect(preview).toContain('data-testid="post-preview"');
    expect(preview).toContain("<p>Fiber optik kablo veriyi ışıkla taşır.</p>");
  });

  it("an unknown intent and a missing CSRF token are refused", async () => {
    expect((await post(`/blog/duzenle/${postId}/${company.id}`, owner, { intent: "drop" })).status).toBe(400);
    const res = await t.fetch(`/blog/yeni/${company.id}`, { method: "POST", headers: { cookie: await cookieFor(owner), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(FORM) });
    expect(res.status).toBe(403);
  });
});

describe("yorumlar?sekme=blog", () => {
  it("an administrator confirms, removes and restores a blog comment, audit-logged; others cannot", async () => {
    const p = await insertPost(t.app.db, { title: "Yorumlu yazı başlığı", companyId: company.id });
    const [c] = await t.app.db.insert(blogComments).values({ postId: p.id, userId: individual, name: "Ayşe", email: "ayse@example.com", body: "Güzel yazı olmuş." }).returning({ id: blogComments.id });
    const list = await (await get("/yorumlar?sekme=blog", admin)).text();
    expect(list).toContain("Güzel yazı olmuş.");
    expect(list).toContain(`data-blog-comment-id="${c!.id}"`);
    const send = (userId: number, intent: string, id = String(c!.id)) => post("/yorumlar?sekme=blog", userId, { intent, subject: "blog", reviewId: id });
    expect((await send(admin, "confirm")).status).toBe(200);
    expect((await send(admin, "confirm")).status).toBe(409);
    expect((await send(admin, "confirm", "99999999999")).status).toBe(404);
    expect((await send(owner, "remove")).status).toBe(403);
    expect((await send(admin, "remove")).status).toBe(200);
    expect((await send(admin, "restore")).status).toBe(200);
    const [row] = await t.app.db.select().from(blogComments).where(eq(blogComments.id, c!.id));
    expect(row!.state).toBe("unconfirmed");
    const audits = await t.app.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["blog_comment.confirm", "blog_comment.remove", "blog_comment.restore"]));
  });
});
