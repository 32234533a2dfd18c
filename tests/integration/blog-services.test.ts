import { areaModules } from "../../server/modules";
import type { Logger } from "../../server/platform/logger";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/accounts/sessions";
import { blogModule } from "../../server/blog/module";
import { listBlogComments, writeBlogComment, BLOG_COMMENT_LIMIT } from "../../server/blog/comments";
import { getBlogPost, previewBlogPost } from "../../server/blog/get-post";
import { blogHighlights, listBlogPosts, popularBlogTags, trendingBlogPosts } from "../../server/blog/list-posts";
import { getManagedBlogPost, listManagedBlogPosts } from "../../server/blog/manage-posts";
import { createBlogPost, updateBlogPost } from "../../server/blog/save-post";
import { listBlogCommentsForModeration, moderateBlogComment } from "../../server/blog/moderate-comments";
import { changeBlogPostState, publishDueBlogPosts, runPublishJob, setBlogPostFeatured } from "../../server/blog/post-state";
import { countBlogPostView, eraseOldBlogViews } from "../../server/blog/post-views";
import { blogComments, blogPosts, blogPostViews } from "../../server/blog/schema";
import { blogSitemapEntries } from "../../server/blog/sitemap";
import { blogFeedPosts } from "../../server/blog/feed-posts";
import { blogRss } from "../../server/blog/feeds";
import { demoPosts } from "../../server/blog/demo/posts";
import { seedDemoPosts } from "../../server/blog/seed-demo";
import { blogPostInputSchema } from "../../common/forms/blog";
import { auditLog, users } from "../../server/accounts/schema";
import { companies } from "../../server/companies/schema";
import { seedReferenceData } from "../../server/reference/seed";
import { createShortCache } from "../../server/platform/short-cache";
import { folderStorage } from "../../server/platform/storage";
import { createLimiterFactory, resetLimit } from "../../server/security/rate-limit";
import { insertPost, postForm } from "../helpers/blog";
import { makeCompany } from "../helpers/packages";
import { openTestDatabase, type TestDatabase } from "../helpers/test-app";

// The blog's services straight on a database of the test's own: what is public and in which
// list, the language rule, the dashboard's owner checks, states and the scheduling job, comments
// and their moderation, view counting, and what the module brings to the sitemap, the summary
// and the account purge.

let database: TestDatabase;
let owner: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let member: SessionUser;
let companyId: number;
let otherCompanyId: number;
const uploadsDir = mkdtempSync(path.join(tmpdir(), "gb-blog-"));

async function makeUser(email: string, accountType: "individual" | "corporate", isAdmin = false): Promise<SessionUser> {
  const [row] = await database.db
    .insert(users)
    .values({ email, fullName: `Üye ${email}`, passwordHash: "x", accountType, isAdmin, membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
    .returning({ id: users.id });
  return { id: row!.id, fullName: `Üye ${email}`, email, image: null, isAdmin, accountType, emailVerified: true };
}

let app: ReturnType<typeof serviceApp>;
function serviceApp() {
  return {
    db: database.db,
    pageCache: createShortCache({ keepMs: 0 }),
    guestPages: undefined,
    limits: createLimiterFactory({ db: database.db }),
    config: { uploadsDir, SITE_URL: "https://genisbant.test" },
    storage: folderStorage(uploadsDir),
    log: { info() {}, warn() {}, error() {} } as unknown as Logger,
    modules: areaModules,
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database.db);
  owner = await makeUser("sahip@blog.example", "corporate");
  other = await makeUser("diger@blog.example", "corporate");
  admin = await makeUser("yonetici@blog.example", "individual", true);
  member = await makeUser("uye@blog.example", "individual");
  companyId = (await makeCompany(database.db, { name: "Blog Net", ownerId: owner.id })).id;
  otherCompanyId = (await makeCompany(database.db, { name: "Öteki Net", ownerId: other.id })).id;
  app = serviceApp();
});
afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(blogPosts);
});

const ids = (posts: { id: number }[]) => posts.map((p) => p.id);

describe("what is public", () => {
  it("lists published posts and scheduled ones whose time has come, newest first; never drafts, future or unpublished ones, nor posts of an unpublished company", async () => {
    const hour = 3_600_000;
    const old = await insertPost(database.db, { title: "Eski yazı", publishAt: new Date(Date.now() - 5 * hour) });
    const fresh = await insertPost(database.db, { title: "Yeni yazı", publishAt: new Date(Date.now() - hour) });
    const due = await insertPost(database.db, { title: "Zamanı gelmiş yazı", state: "scheduled", publishAt: new Date(Date.now() - 2 * hour) });
    await insertPost(database.db, { title: "Gelecek yazı", state: "scheduled", publishAt: new Date(Date.now() + hour) });
    await insertPost(database.db, { title: "Taslak yazı", state: "draft" });
    await insertPost(database.db, { title: "Kaldırılmış yazı", state: "unpublished" });
    const pending = await makeCompany(database.db, { name: "Bekleyen Net" });
    await database.db.update(companies).set({ publishState: "pending" }).where(eq(companies.id, pending.id));
    await insertPost(database.db, { title: "Onaysız şirketin yazısı", companyId: pending.id });
    const list = await listBlogPosts(app, { locale: "tr" });
    expect(ids(list.posts)).toEqual([fresh.id, due.id, old.id]);
    expect(list.total).toBe(3);
    await expect(getBlogPost(app, { id: String(due.id), locale: "tr" })).resolves.toMatchObject({ post: { id: due.id } });
    for (const title of ["Gelecek yazı", "Taslak yazı", "Kaldırılmış yazı", "Onaysız şirketin yazısı"]) {
      const [row] = await database.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, title));
      await expect(getBlogPost(app, { id: row!.id, locale: "tr" }), title).rejects.toMatchObject({ code: "E_NOT_FOUND", messageKey: { key: "blog.errors.notFound" } });
    }
  });

  it("a post id is plain digits up to 2,147,483,647: anything else is not found without a query error", async () => {
    for (const id of ["0", "-1", "1.5", "0x1", "2147483648", "9999999999", "", "1 OR 1=1", null, {}, [1]]) {
      await expect(getBlogPost(app, { id, locale: "tr" }), String(id)).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    }
  });

  it("narrows by category, company, tag and word search (Turkish-aware); an unknown category or company is not found", async () => {
    const a = await insertPost(database.db, { title: "İstanbul'da fiber altyapı", categoryId: 1, companyId, tags: ["Fiber", "İstanbul"], text: "Çağrı merkezi ŞUBAT ayında açıldı." });
    const b = await insertPost(database.db, { title: "Veri merkezi katmanları", categoryId: 2, tags: ["veri merkezi"], text: "Tier III nedir?" });
    expect(ids((await listBlogPosts(app, { locale: "tr", filters: { categoryUrl: "telekomunikasyon" } })).posts)).toEqual([a.id]);
    expect(ids((await listBlogPosts(app, { locale: "tr", filters: { categoryUrl: "veri-merkezi" } })).posts)).toEqual([b.id]);
    const byCompany = await listBlogPosts(app, { locale: "tr", filters: { companySlug: "blog-net" } });
    expect([ids(byCompany.posts), byCompany.company?.name]).toEqual([[a.id], "Blog Net"]);
    expect(ids((await listBlogPosts(app, { locale: "tr", filters: { tag: "İstanbul" } })).posts)).toEqual([a.id]);
    for (const q of ["ISTANBUL", "istanbul fiber", "cagri", "şubat", "TIER iii"]) {
      expect(ids((await listBlogPosts(app, { locale: "tr", filters: { q } })).posts), q).toEqual(q.startsWith("TIER") ? [b.id] : [a.id]);
    }
    // On the site search's index: each word as a word's start or its stem, in any order, all of them; not inside a word.
    for (const q of ["altyap", "İSTANBUL'DA".replace("'", " "), "fiber istanbul", "açıl", "AYINDA"]) expect(ids((await listBlogPosts(app, { locale: "tr", filters: { q } })).posts), q).toEqual([a.id]);
    expect(ids((await listBlogPosts(app, { locale: "tr", filters: { q: "merkezi" } })).posts).sort()).toEqual([a.id, b.id].sort());
    for (const q of ["fiber vdsl", "ber", "stanbul", "yokboyle"]) expect((await listBlogPosts(app, { locale: "tr", filters: { q } })).total, q).toBe(0);
    // A post written a moment ago is found at once (the list brings the index up to date first).
    const c = await insertPost(database.db, { title: "Iğdır altyapısı", categoryId: 1, text: "Yeni yazı." });
    expect(ids((await listBlogPosts(app, { locale: "tr", filters: { q: "igdir" } })).posts)).toEqual([c.id]);
    await expect(listBlogPosts(app, { locale: "tr", filters: { categoryUrl: "yok" } })).rejects.toMatchObject({ code: "E_NOT_FOUND", messageKey: { key: "blog.errors.categoryNotFound" } });
    await expect(listBlogPosts(app, { locale: "tr", filters: { companySlug: "yok-net" } })).rejects.toMatchObject({ code: "E_NOT_FOUND", messageKey: { key: "blog.errors.companyNotFound" } });
    await expect(listBlogPosts(app, { locale: "tr", filters: { q: "<script>" } })).rejects.toMatchObject({ code: "E_VALIDATION", messageKey: { key: "blog.validation.search.alphanumeric" } });
    await expect(listBlogPosts(app, { locale: "tr", filters: { q: "a" } })).rejects.toMatchObject({ code: "E_VALIDATION", messageKey: { key: "blog.validation.search.min" } });
    await expect(listBlogPosts(app, { locale: "tr", filters: { q: "%_" } })).rejects.toMatchObject({ code: "E_VALIDATION" });
  });

  it("pages: 12 a page with the total; past the last page the total still says how many pages there are", async () => {
    for (let i = 0; i < 14; i++) await insertPost(database.db, { title: `Sayfa yazısı ${i}`, publishAt: new Date(Date.now() - (i + 1) * 60_000) });
    const second = await listBlogPosts(app, { locale: "tr", page: 2 });
    expect([second.posts.length, second.total, second.pageCount]).toEqual([2, 14, 2]);
    const beyond = await listBlogPosts(app, { locale: "tr", page: 5 });
    expect([beyond.posts.length, beyond.total, beyond.pageCount]).toEqual([0, 14, 2]);
  });
});

describe("the language rule", () => {
  it("each site lists its language's posts and the other's without a public twin there, marked", async () => {
    const trOnly = await insertPost(database.db, { title: "Sadece Türkçe", language: "tr" });
    const trTwin = await insertPost(database.db, { title: "Türkçesi olan", language: "tr" });
    const enTwin = await insertPost(database.db, { title: "The English twin", language: "en", twinId: trTwin.id });
    await database.db.update(blogPosts).set({ twinId: enTwin.id }).where(eq(blogPosts.id, trTwin.id));
    const enDraftTwinOf = await insertPost(database.db, { title: "İngilizcesi taslak", language: "tr" });
    const enDraft = await insertPost(database.db, { title: "Draft English", language: "en", state: "draft", twinId: enDraftTwinOf.id });
    await database.db.update(blogPosts).set({ twinId: enDraft.id }).where(eq(blogPosts.id, enDraftTwinOf.id));

    const en = await listBlogPosts(app, { locale: "en" });
    expect(new Set(ids(en.posts))).toEqual(new Set([trOnly.id, enTwin.id, enDraftTwinOf.id]));
    expect(en.posts.filter((p) => p.otherLanguage).map((p) => p.id).sort()).toEqual([trOnly.id, enDraftTwinOf.id].sort());
    const tr = await listBlogPosts(app, { locale: "tr" });
    expect(new Set(ids(tr.posts))).toEqual(new Set([trOnly.id, trTwin.id, enDraftTwinOf.id]));
    expect(tr.posts.every((p) => !p.otherLanguage)).toBe(true);

    const page = await getBlogPost(app, { id: trTwin.id, locale: "tr" });
    expect(page.twin).toMatchObject({ id: enTwin.id, language: "en", path: `/blog/telekomunikasyon/the-english-twin-${enTwin.id}` });
    expect((await getBlogPost(app, { id: enDraftTwinOf.id, locale: "tr" })).twin).toBeNull();

    // The English twin is scheduled: the Turkish post stays on the English list until its time.
    const at = new Date(Date.now() + 3_600_000);
    await changeBlogPostState(app, { actor: { user: admin }, id: enDraft.id, input: { state: "scheduled", publishAt: at.toISOString() } });
    expect(ids((await listBlogPosts(app, { locale: "en" })).posts)).toContain(enDraftTwinOf.id);
    const later = new Date(at.getTime() + 1000);
    const enLater = ids((await listBlogPosts(app, { locale: "en", now: later })).posts);
    expect([enLater.includes(enDraftTwinOf.id), enLater.includes(enDraft.id)]).toEqual([false, true]);
    // Taken down again, or unlinked: the Turkish post is back.
    await changeBlogPostState(app, { actor: { user: admin }, id: enDraft.id, input: { state: "published" } });
    await changeBlogPostState(app, { actor: { user: admin }, id: enDraft.id, input: { state: "unpublished" } });
    expect(ids((await listBlogPosts(app, { locale: "en" })).posts)).toContain(enDraftTwinOf.id);
    await database.db.update(blogPosts).set({ twinId: null }).where(inArray(blogPosts.id, [enTwin.id, trTwin.id]));
    expect(ids((await listBlogPosts(app, { locale: "en" })).posts)).toContain(trTwin.id);
    await database.db.update(blogPosts).set({ twinId: enTwin.id }).where(eq(blogPosts.id, trTwin.id));
    await database.db.delete(blogPosts).where(eq(blogPosts.id, trTwin.id));
    const [orphan] = await database.db.select({ twinId: blogPosts.twinId, twinPublicAt: blogPosts.twinPublicAt }).from(blogPosts).where(eq(blogPosts.id, enTwin.id));
    expect(orphan).toEqual({ twinId: null, twinPublicAt: null });
  });
});

describe("the post page", () => {
  it("gives the canonical url, the meta texts, related posts (shared tags first) and the company's packages", async () => {
    const post = await insertPost(database.db, { title: "Fiber İnternet Nedir?", companyId, tags: ["fiber"], text: "Fiber optik kablo veriyi ışıkla taşır." });
    const sameTag = await insertPost(database.db, { title: "Fiber kurulumu", categoryId: 5, tags: ["fiber"] });
    const sameCategory = await insertPost(database.db, { title: "Aynı kategori", categoryId: 1 });
    await insertPost(database.db, { title: "İlgisiz", categoryId: 7 });
    const page = await getBlogPost(app, { id: post.id, locale: "tr" });
    expect(page.post).toMatchObject({
      url: `fiber-internet-nedir-${post.id}`,
      categoryUrl: "telekomunikasyon",
      path: `/blog/telekomunikasyon/fiber-internet-nedir-${post.id}`,
      metaTitle: "Fiber İnternet Nedir?",
      metaDescription: "Fiber optik kablo veriyi ışıkla taşır.",
      company: { id: companyId, name: "Blog Net", slug: "blog-net", segment: "kablolu-internet" },
    });
    expect(ids(page.related)).toEqual([sameTag.id, sameCategory.id]);
    expect(page.packages).toEqual([]);
    expect(page.commentCount).toBe(0);
  });
});

describe("the dashboard", () => {
  it("an owner writes for their company; another owner's company or post answers as a forged id; only administrators write as the site", async () => {
    const created = await createBlogPost(app, { actor: { user: owner }, companyId: String(companyId), input: postForm() });
    expect(created).toMatchObject({ url: `fiber-internet-nedir-${created.id}`, categoryUrl: "telekomunikasyon" });
    const [row] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(row).toMatchObject({ state: "draft", companyId, authorId: owner.id, readingMinutes: 1, tags: ["fiber", "altyapı"], publishAt: null });
    await expect(createBlogPost(app, { actor: { user: other }, companyId: String(companyId), input: postForm() })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(createBlogPost(app, { actor: { user: owner }, companyId: null, input: postForm() })).rejects.toMatchObject({ code: "E_FORBIDDEN", messageKey: { key: "blog.errors.siteAdminOnly" } });
    await expect(createBlogPost(app, { actor: { user: member }, companyId: String(companyId), input: postForm() })).rejects.toMatchObject({ code: "E_FORBIDDEN" });
    const site = await createBlogPost(app, { actor: { user: admin }, companyId: null, input: postForm({ title: "Sitenin yazısı" }) });
    await expect(getManagedBlogPost(app, { actor: { user: owner }, id: site.id })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(getManagedBlogPost(app, { actor: { user: other }, id: created.id })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(updateBlogPost(app, { actor: { user: other }, id: created.id, input: postForm() })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(changeBlogPostState(app, { actor: { user: other }, id: created.id, input: { state: "published" } })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(previewBlogPost(app, { actor: { user: other }, id: created.id, locale: "tr" })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(previewBlogPost(app, { actor: { user: owner }, id: created.id, locale: "tr" })).resolves.toMatchObject({ post: { state: "draft" } });

    const own = await listManagedBlogPosts(app, { actor: { user: owner } });
    expect(ids(own.posts)).toEqual([created.id]);
    expect(own.categoryCounts[1]).toBe(1);
    expect(ids((await listManagedBlogPosts(app, { actor: { user: admin } })).posts).sort()).toEqual([created.id, site.id].sort());
    await expect(listManagedBlogPosts(app, { actor: { user: other }, companyId: String(companyId) })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    expect((await listManagedBlogPosts(app, { actor: { user: owner }, categoryId: "2" })).posts).toEqual([]);
  });

  it("a draft's url follows its title; from its first publication it stays", async () => {
    const { id } = await createBlogPost(app, { actor: { user: owner }, companyId, input: postForm() });
    expect((await updateBlogPost(app, { actor: { user: owner }, id, input: postForm({ title: "ADSL ve VDSL farkı" }) })).url).toBe(`adsl-ve-vdsl-farki-${id}`);
    await changeBlogPostState(app, { actor: { user: owner }, id, input: { state: "published" } });
    expect((await updateBlogPost(app, { actor: { user: owner }, id, input: postForm({ title: "Yeni başlık" }) })).url).toBe(`adsl-ve-vdsl-farki-${id}`);
    // A public post must keep a body.
    await expect(updateBlogPost(app, { actor: { user: owner }, id, input: postForm({ content: { type: "doc", content: [{ type: "paragraph" }] } }) })).rejects.toMatchObject({
      code: "E_VALIDATION",
      fieldErrors: { content: { key: "blog.validation.content.required" } },
    });
  });

  it("the publishing job forgets the guest pages and kept lists when it published a post, and only then", async () => {
    const cleared = { pages: 0, lists: 0 };
    const deps = {
      db: database.db,
      log: { info() {}, warn() {} } as never,
      pageCache: { ...createShortCache({ keepMs: 0 }), clear: () => void cleared.lists++ },
      guestPages: { keyFor: () => null, get: async () => null, clear: () => void cleared.pages++ },
    };
    await publishDueBlogPosts(database.db, new Date());
    await runPublishJob(deps);
    expect(cleared).toEqual({ pages: 0, lists: 0 });
    const { id } = await createBlogPost(app, { actor: { user: owner }, companyId, input: postForm() });
    await changeBlogPostState(app, { actor: { user: owner }, id, input: { state: "scheduled", publishAt: new Date(Date.now() + 3600_000).toISOString() } });
    // Its time has come (moved back rather than waited for).
    await database.db.update(blogPosts).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(blogPosts.id, id));
    await runPublishJob(deps);
    expect(cleared).toEqual({ pages: 1, lists: 1 });
    const [row] = await database.db.select({ state: blogPosts.state }).from(blogPosts).where(eq(blogPosts.id, id));
    expect(row!.state).toBe("published");
  });

  it("states: draft → scheduled → published (by the job) → unpublished → published again, keeping its date; impossible moves are a conflict", async () => {
    const { id } = await createBlogPost(app, { actor: { user: owner }, companyId, input: postForm() });
    const actor = { user: owner };
    await expect(changeBlogPostState(app, { actor, id, input: { state: "unpublished" } })).rejects.toMatchObject({ code: "E_CONFLICT" });
    await expect(changeBlogPostState(app, { actor, id, input: { state: "scheduled" } })).rejects.toMatchObject({ code: "E_VALIDATION", messageKey: { key: "blog.errors.publishAtMissing" } });
    await expect(changeBlogPostState(app, { actor, id, input: { state: "scheduled", publishAt: "2020-01-01T10:00" } })).rejects.toMatchObject({ code: "E_VALIDATION", messageKey: { key: "blog.errors.publishAtPast" } });
    await expect(changeBlogPostState(app, { actor, id, input: { state: "scheduled", publishAt: "yarın" } })).rejects.toMatchObject({ code: "E_VALIDATION", messageKey: { key: "blog.validation.publishAt" } });
    const at = new Date(Date.now() + 60 * 60_000);
    const scheduled = await changeBlogPostState(app, { actor, id, input: { state: "scheduled", publishAt: at.toISOString() } });
    expect(scheduled).toMatchObject({ state: "scheduled", publishAt: at });
    expect((await listBlogPosts(app, { locale: "tr" })).total).toBe(0);
    // Its time comes: public at once, marked published by the job.
    const later = new Date(at.getTime() + 1000);
    expect(ids((await listBlogPosts(app, { locale: "tr", now: later })).posts)).toEqual([id]);
    expect(await publishDueBlogPosts(database.db, new Date())).toBe(0);
    expect(await publishDueBlogPosts(database.db, later)).toBe(1);
    const [published] = await database.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(published).toMatchObject({ state: "published", publishAt: at, publishedAt: at });
    await changeBlogPostState(app, { actor, id, input: { state: "unpublished" } });
    await expect(getBlogPost(app, { id, locale: "tr", now: later })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    const again = await changeBlogPostState(app, { actor, id, input: { state: "published" } });
    expect(again.publishAt).toEqual(at);
    await expect(changeBlogPostState(app, { actor, id, input: { state: "draft" } })).rejects.toMatchObject({ code: "E_CONFLICT", messageKey: { key: "blog.errors.stateConflict" } });
  });

  it("a translation is linked both ways: the other language, the same company, not taken; a new one replaces the old", async () => {
    const actor = { user: owner };
    const tr = await createBlogPost(app, { actor, companyId, input: postForm() });
    const en = await createBlogPost(app, { actor, companyId, input: postForm({ language: "en", title: "What is fibre?", twinId: tr.id }) });
    const twinOf = async (id: number) => (await database.db.select({ twinId: blogPosts.twinId }).from(blogPosts).where(eq(blogPosts.id, id)))[0]!.twinId;
    expect([await twinOf(tr.id), await twinOf(en.id)]).toEqual([en.id, tr.id]);
    const en2 = await createBlogPost(app, { actor, companyId, input: postForm({ language: "en", title: "Fibre again" }) });
    await expect(updateBlogPost(app, { actor, id: en2.id, input: postForm({ language: "en", twinId: tr.id }) })).rejects.toMatchObject({ fieldErrors: { twinId: { key: "blog.errors.twinTaken" } } });
    const tr2 = await createBlogPost(app, { actor, companyId, input: postForm({ title: "İkinci" }) });
    await expect(updateBlogPost(app, { actor, id: en2.id, input: postForm({ language: "tr", twinId: tr2.id }) })).rejects.toMatchObject({ fieldErrors: { twinId: { key: "blog.errors.twinLanguage" } } });
    const foreign = await createBlogPost(app, { actor: { user: other }, companyId: otherCompanyId, input: postForm({ language: "en" }) });
    await expect(updateBlogPost(app, { actor, id: tr2.id, input: postForm({ twinId: foreign.id }) })).rejects.toMatchObject({ fieldErrors: { twinId: { key: "blog.validation.twin" } } });
    const site = await createBlogPost(app, { actor: { user: admin }, companyId: null, input: postForm({ language: "en" }) });
    await expect(updateBlogPost(app, { actor: { user: admin }, id: tr2.id, input: postForm({ twinId: site.id }) })).rejects.toMatchObject({ fieldErrors: { twinId: { key: "blog.errors.twinOwner" } } });
    // The English post is moved to another translation: the old one is let go.
    await updateBlogPost(app, { actor, id: en.id, input: postForm({ language: "en", title: "What is fibre?", twinId: tr2.id }) });
    expect([await twinOf(tr.id), await twinOf(en.id), await twinOf(tr2.id)]).toEqual([null, tr2.id, en.id]);
  });

  it("only administrators feature a post", async () => {
    const post = await insertPost(database.db, { title: "Öne çıkacak" });
    await expect(setBlogPostFeatured(app, { actor: { user: owner }, id: post.id, featured: true })).rejects.toMatchObject({ code: "E_FORBIDDEN" });
    await expect(setBlogPostFeatured(app, { actor: { user: admin }, id: post.id, featured: "yes" })).rejects.toMatchObject({ code: "E_VALIDATION" });
    await setBlogPostFeatured(app, { actor: { user: admin }, id: post.id, featured: true });
    const h = await blogHighlights(app, { locale: "tr", now: new Date() });
    expect(ids(h.featured)).toEqual([post.id]);
  });
});

describe("comments", () => {
  beforeEach(async () => {
    await resetLimit(app.limits, BLOG_COMMENT_LIMIT, `user:${member.id}`);
    await resetLimit(app.limits, BLOG_COMMENT_LIMIT, `user:${owner.id}`);
  });
  const comment = { name: "Ayşe Okur", email: "ayse@example.com", body: "Çok yararlı bir yazı,\nteşekkürler." };

  it("members write, each waits for approval; a second within the wait gets the minutes; replies go one level deep", async () => {
    const post = await insertPost(database.db, { title: "Yorumlu yazı" });
    await expect(writeBlogComment(app, { actor: { user: null }, postId: post.id, input: comment })).rejects.toMatchObject({ code: "E_UNAUTHORIZED", messageKey: { key: "blog.errors.membershipRequired" } });
    const first = await writeBlogComment(app, { actor: { user: member }, postId: post.id, input: comment });
    expect(first.state).toBe("unconfirmed");
    await expect(writeBlogComment(app, { actor: { user: member }, postId: post.id, input: comment })).rejects.toMatchObject({
      code: "E_RATE_LIMITED",
      messageKey: { key: "blog.errors.commentWait", params: { count: 5 } },
    });
    let list = await listBlogComments(app, { postId: post.id, user: member });
    expect([list.total, list.comments, list.pending.map((p) => p.id)]).toEqual([0, [], [first.id]]);
    // A reply to a comment that is not confirmed: not found (and it spends nothing).
    await expect(writeBlogComment(app, { actor: { user: owner }, postId: post.id, input: { ...comment, parentId: first.id } })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await moderateBlogComment(app, { actor: { user: admin }, intent: "confirm", commentId: String(first.id) });
    const reply = await writeBlogComment(app, { actor: { user: owner }, postId: post.id, input: { ...comment, body: "Teşekkür ederiz!", parentId: String(first.id) } });
    await moderateBlogComment(app, { actor: { user: admin }, intent: "confirm", commentId: reply.id });
    await resetLimit(app.limits, BLOG_COMMENT_LIMIT, `user:${owner.id}`);
    await expect(writeBlogComment(app, { actor: { user: owner }, postId: post.id, input: { ...comment, parentId: reply.id } })).rejects.toMatchObject({ code: "E_CONFLICT", messageKey: { key: "blog.errors.replyDepth" } });
    list = await listBlogComments(app, { postId: post.id, user: null });
    expect(list).toMatchObject({ total: 2, threads: 1, pending: [] });
    expect(list.comments).toMatchObject([{ id: first.id, body: comment.body, replies: [{ id: reply.id, body: "Teşekkür ederiz!" }] }]);
    expect((await getBlogPost(app, { id: post.id, locale: "tr" })).commentCount).toBe(2);
    // Removing a comment hides its replies too.
    await moderateBlogComment(app, { actor: { user: admin }, intent: "remove", commentId: first.id });
    expect((await listBlogComments(app, { postId: post.id, user: null })).total).toBe(0);
  });

  it("a post that is not public takes no comments and shows none", async () => {
    const draft = await insertPost(database.db, { state: "draft" });
    await expect(writeBlogComment(app, { actor: { user: member }, postId: draft.id, input: comment })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await expect(listBlogComments(app, { postId: draft.id, user: null })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });

  it("moderation: administrators only, the states' rules, every change in the audit log", async () => {
    const post = await insertPost(database.db);
    const { id } = await writeBlogComment(app, { actor: { user: member }, postId: post.id, input: comment });
    await expect(listBlogCommentsForModeration(app, { actor: { user: owner }, state: null, page: 1 })).rejects.toMatchObject({ code: "E_FORBIDDEN" });
    await expect(moderateBlogComment(app, { actor: { user: owner }, intent: "confirm", commentId: id })).rejects.toMatchObject({ code: "E_FORBIDDEN" });
    const waiting = await listBlogCommentsForModeration(app, { actor: { user: admin }, state: "unconfirmed", page: 1 });
    expect(waiting.rows).toMatchObject([{ id, name: "Ayşe Okur", email: "ayse@example.com", post: { id: post.id, public: true }, author: { id: member.id } }]);
    await expect(moderateBlogComment(app, { actor: { user: admin }, intent: "restore", commentId: id })).rejects.toMatchObject({ code: "E_CONFLICT" });
    await expect(moderateBlogComment(app, { actor: { user: admin }, intent: "nope", commentId: id })).rejects.toMatchObject({ code: "E_BAD_REQUEST" });
    await expect(moderateBlogComment(app, { actor: { user: admin }, intent: "confirm", commentId: "99999999" })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await moderateBlogComment(app, { actor: { user: admin }, intent: "remove", commentId: id });
    await moderateBlogComment(app, { actor: { user: admin }, intent: "restore", commentId: id });
    const audit = (await database.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.targetUserId, member.id))).filter(
      (a) => a.details.commentId === id,
    );
    expect(audit.map((a) => a.action)).toEqual(["blog_comment.remove", "blog_comment.restore"]);
    expect(audit[0]!.details).toEqual({ commentId: id, postId: post.id, from: "unconfirmed", to: "removed" });
  });
});

describe("views and trending", () => {
  it("a view counts once per address, post and day; trending ranks by the last 7 days' views", async () => {
    const a = await insertPost(database.db, { title: "Çok okunan" });
    const b = await insertPost(database.db, { title: "Az okunan" });
    await insertPost(database.db, { title: "Hiç okunmayan" });
    expect(await countBlogPostView(app, { postId: a.id, ipHash: "h1" })).toBe(true);
    expect(await countBlogPostView(app, { postId: a.id, ipHash: "h1" })).toBe(false);
    expect(await countBlogPostView(app, { postId: a.id, ipHash: "h2" })).toBe(true);
    expect(await countBlogPostView(app, { postId: b.id, ipHash: "h1" })).toBe(true);
    expect(await countBlogPostView(app, { postId: b.id, ipHash: null })).toBe(false);
    const draft = await insertPost(database.db, { state: "draft" });
    await expect(countBlogPostView(app, { postId: draft.id, ipHash: "h3" })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    // Views older than the window do not count.
    await database.db.insert(blogPostViews).values({ postId: b.id, day: "2020-01-01", views: 1000 });
    expect(ids(await trendingBlogPosts(app, { locale: "tr" }))).toEqual([a.id, b.id]);
    const rows = await database.db.select().from(blogPostViews).where(and(eq(blogPostViews.postId, a.id)));
    expect(rows.map((r) => r.views)).toEqual([2]);
    // The clean-up erases the days beyond what is kept.
    expect(await eraseOldBlogViews(database.db, new Date())).toBe(1);
    expect((await database.db.select().from(blogPostViews)).length).toBe(2);
  });

  it("the tag cloud counts the tags of public posts", async () => {
    await insertPost(database.db, { tags: ["fiber", "vdsl"] });
    await insertPost(database.db, { tags: ["fiber"] });
    await insertPost(database.db, { tags: ["gizli"], state: "draft" });
    expect(await popularBlogTags(app, { locale: "tr" })).toEqual([
      { tag: "fiber", count: 2 },
      { tag: "vdsl", count: 1 },
    ]);
  });
});

describe("the module", () => {
  it("lists public posts, their categories and company lists for the sitemap", async () => {
    const a = await insertPost(database.db, { title: "Haritadaki yazı", companyId, categoryId: 3 });
    await insertPost(database.db, { title: "Taslak", state: "draft", categoryId: 4 });
    const entries = await blogSitemapEntries(app);
    expect(entries.map((e) => e.path)).toEqual([`/blog/hosting/haritadaki-yazi-${a.id}`, "/blog-yazilari/kategori/hosting", "/blog-yazilari/isletme/blog-net"]);
  });

  it("gives the feeds their posts: paths and names in the feed's language, the company or the site as the writer", async () => {
    const a = await insertPost(database.db, { title: "Şirketin yazısı", companyId, categoryId: 7, publishAt: new Date(Date.now() - 60_000) });
    const b = await insertPost(database.db, { title: "The site's post", language: "en", categoryId: 7, authorId: null });
    await insertPost(database.db, { title: "Başka kategori", categoryId: 1 });
    const feed = await blogFeedPosts(app, { locale: "en", filters: { categoryUrl: "oyun" } });
    expect(feed.category?.url).toBe("oyun");
    expect(feed.posts).toMatchObject([
      { title: "Şirketin yazısı", path: `/en/blog/oyun/sirketin-yazisi-${a.id}`, author: { name: "Blog Net", path: "/en/kablolu-internet/blog-net" }, category: { name: "Games", path: "/en/blog-yazilari/kategori/oyun" } },
      { title: "The site's post", path: `/en/blog/oyun/the-sites-post-${b.id}`, author: { name: "GenişBant" } },
    ]);
    const rss = blogRss({ siteUrl: "https://genisbant.example", locale: "en", title: "Blog", description: "Posts", path: "/en/blog-yazilari", feedPaths: { rss: "/en/blog-yazilari/rss.xml", atom: "/en/blog-yazilari/atom.xml" }, posts: feed.posts });
    expect(rss).toContain(`<link>https://genisbant.example/en/blog/oyun/sirketin-yazisi-${a.id}</link>`);
    await expect(blogFeedPosts(app, { locale: "tr", filters: { companySlug: "yok-net" } })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
  });

  it("counts posts and comments for the summary, and anonymises an erased account's comments", async () => {
    const post = await insertPost(database.db, { companyId, authorId: owner.id });
    await insertPost(database.db, { companyId: otherCompanyId });
    await database.db.insert(blogComments).values({ postId: post.id, userId: member.id, name: "Ayşe", email: "ayse@example.com", body: "Güzel yazı." });
    const posts = blogModule.summary!.blogPosts!;
    const comments = blogModule.summary!.comments!;
    expect(await posts(database.db, { userId: owner.id, all: false })).toBe(1);
    expect(await posts(database.db, { userId: admin.id, all: true })).toBe(2);
    expect(await comments(database.db, { userId: owner.id, all: false })).toBe(1);
    expect(await comments(database.db, { userId: member.id, all: false })).toBe(1);
    expect(await comments(database.db, { userId: other.id, all: false })).toBe(0);
    await database.db.transaction(async (tx) => {
      for (const a of blogModule.anonymisers!) await a.run({ tx, userId: member.id, formerEmail: member.email, erasedEmail: "x@invalid", now: new Date() });
      for (const a of blogModule.anonymisers!) await a.run({ tx, userId: owner.id, formerEmail: owner.email, erasedEmail: "y@invalid", now: new Date() });
    });
    const [c] = await database.db.select().from(blogComments).where(eq(blogComments.postId, post.id));
    expect(c).toMatchObject({ name: "", email: "", userId: null, body: "Güzel yazı." });
    const [p] = await database.db.select({ authorId: blogPosts.authorId, companyId: blogPosts.companyId }).from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(p).toEqual({ authorId: null, companyId });
  });

  it("stores what the content check rebuilds, and refuses what it does not allow", async () => {
    const actor = { user: owner };
    await expect(createBlogPost(app, { actor, companyId, input: postForm({ content: { type: "doc", content: [{ type: "script", text: "alert(1)" }] } }) })).rejects.toMatchObject({
      code: "E_VALIDATION",
      fieldErrors: { content: { key: "blog.validation.content.unknownNode" } },
    });
    const link = { type: "link", attrs: { href: "https://example.com", target: "_blank", rel: "noopener" } };
    const table = { type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: "Hücre" }] }] }] }] };
    const input = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Bağlantı", marks: [link] }] }, table] };
    const { id } = await createBlogPost(app, { actor, companyId, input: postForm({ content: input }) });
    const [row] = await database.db.select({ content: blogPosts.content, contentText: blogPosts.contentText }).from(blogPosts).where(eq(blogPosts.id, id));
    // What the renderer decides itself (a link's target and rel) is not stored.
    expect(JSON.stringify(row!.content)).not.toMatch(/target|noopener/);
    expect(row!.contentText).toBe("Bağlantı\n\nHücre");
  });
});

describe("demo posts", () => {
  it("are seeded once, published, labelled, of their demo company when it exists, with twins both ways; each passes the post form's checks", async () => {
    const mercan = await makeCompany(database.db, { name: "Mercan Kablo Demo", isDemo: true });
    expect(await seedDemoPosts(database.db)).toBe(demoPosts.length);
    expect(await seedDemoPosts(database.db)).toBe(0);
    const rows = await database.db.select().from(blogPosts);
    expect(rows.length).toBe(demoPosts.length);
    expect(rows.every((r) => r.isDemo && r.state === "published" && r.contentText.length > 500)).toBe(true);
    const byKey = new Map(rows.map((r) => [r.demoKey, r]));
    for (const p of demoPosts) {
      const row = byKey.get(p.key)!;
      expect(row.companyId, p.key).toBe(p.companySlug === "mercan-kablo-demo" ? mercan.id : null);
      if (p.twinKey) {
        const twin = byKey.get(p.twinKey)!;
        expect([row.twinId, twin.twinId], p.key).toEqual([twin.id, row.id]);
      }
      const form = blogPostInputSchema.safeParse({ ...p, categoryId: row.categoryId, language: p.lang, faq: p.faq ?? [], content: null });
      expect(form.success ? [] : form.error.issues, p.key).toEqual([]);
    }
    const en = await listBlogPosts(app, { locale: "en" });
    expect(en.posts.filter((c) => !c.otherLanguage).length).toBe(demoPosts.filter((p) => p.lang === "en").length);
    expect(en.total).toBe(demoPosts.filter((p) => p.lang === "tr").length);
  });
});
