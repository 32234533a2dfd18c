import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../server/accounts/schema";
import { blogComments, blogPosts } from "../../server/blog/schema";
import { insertPost } from "../helpers/blog";
import { insertUser } from "../helpers/companies";
import { expectApiRefusalInBothLanguages } from "../helpers/expect-error";
import { msg } from "../helpers/messages";
import { apiSchemas, type ApiSchemas } from "../helpers/openapi";
import { makeCompany } from "../helpers/packages";
import type { OpenApiDocument } from "../helpers/route-table";
import { startSmtpServer } from "../helpers/smtp";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

// A comment's first approval mails the post's author, or for a company's post the company's owner,
// through the mail queue and the job worker to a real SMTP peer: once, in their language, unless
// they turned it off on the settings page or through its API call.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let schemas: ApiSchemas;
type User = Awaited<ReturnType<typeof insertUser>>;
let owner: User;
let siteAuthor: User;
let admin: User;
let member: User;
let company: { id: number };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
  const db = t.app.db;
  owner = await insertUser(db, { email: "mail.owner@example.com", accountType: "corporate", fullName: "Owner Person" });
  await db.update(users).set({ locale: "en" }).where(eq(users.id, owner.id));
  siteAuthor = await insertUser(db, { email: "mail.site@example.com", isAdmin: true, fullName: "Site Yazarı" });
  admin = await insertUser(db, { email: "mail.admin@example.com", isAdmin: true });
  member = await insertUser(db, { email: "mail.member@example.com", fullName: "Okur Üye" });
  company = await makeCompany(db, { name: "Posta Fiber AS", ownerId: owner.id });
  schemas = apiSchemas((await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await t.app.db.delete(blogPosts);
  await t.app.db.update(users).set({ blogCommentMail: true });
  smtp.mails.length = 0;
});

async function comment(postId: number, by: User, body = "Çok faydalı bir yazı, teşekkürler.") {
  const [row] = await t.app.db.insert(blogComments).values({ postId, userId: by.id, name: by.id === member.id ? "Okur Üye" : "Yazar", email: "c@example.com", body }).returning({ id: blogComments.id });
  return row!.id;
}
async function moderate(id: number, intent: "confirm" | "remove" | "restore") {
  const res = await t.fetch(`/api/v1/admin/blog-comments/${id}/${intent}`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function delivered() {
  await t.app.jobs.drain();
  return smtp.mails;
}

describe("the mail on an approved comment", () => {
  it("tells a company post's owner once, in English, with the comment, the post's address and the way to turn it off", async () => {
    const post = await insertPost(t.app.db, { title: "Fiber rehberi", companyId: company.id, authorId: siteAuthor.id });
    const id = await comment(post.id, member, "Line 1\nVery useful, thanks.");
    await moderate(id, "confirm");
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(["mail.owner@example.com"]);
    expect(mail!.subject).toBe(msg("en", "blog.mail.commentApproved.subject", { title: "Fiber rehberi" }));
    expect(mail!.text).toContain(msg("en", "blog.mail.commentApproved.body", { commenter: "Okur Üye", title: "Fiber rehberi" }).replace(/"/g, '"'));
    expect(mail!.text).toContain("Very useful, thanks.");
    expect(mail!.text).toContain(`${t.app.config.SITE_URL}/en/blog/`);
    expect(mail!.text).toContain(`-${post.id}`);
    expect(mail!.text).toContain(`${t.app.config.SITE_URL}/en/ayarlar`);

    // Removed, restored and confirmed again: no second mail.
    await moderate(id, "remove");
    await moderate(id, "restore");
    await moderate(id, "confirm");
    expect(await delivered()).toHaveLength(1);
  });

  it("tells the author of the site's own post in Turkish; no one is told of their own comment", async () => {
    const post = await insertPost(t.app.db, { title: "Sitenin yazısı", authorId: siteAuthor.id });
    await moderate(await comment(post.id, siteAuthor), "confirm");
    expect(await delivered()).toHaveLength(0);
    await moderate(await comment(post.id, member), "confirm");
    const mails = await delivered();
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([["mail.site@example.com", msg("tr", "blog.mail.commentApproved.subject", { title: "Sitenin yazısı" })]]);
    expect(mails[0]!.text).toContain(msg("tr", "blog.mail.commentApproved.greeting", { name: "Site Yazarı" }));
  });

  it("sends nothing to whoever turned it off through the API, and again once turned on", async () => {
    const off = await t.fetch("/api/v1/my/notifications", { method: "POST", headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" }, body: JSON.stringify({ blogCommentMail: false }) });
    const body = (await schemas.expectMatchesSchema(off, "/my/notifications", "post", 200)) as { profile: { blogCommentMail: boolean } };
    expect(body.profile.blogCommentMail).toBe(false);
    const post = await insertPost(t.app.db, { title: "Sessiz yazı", companyId: company.id });
    await moderate(await comment(post.id, member), "confirm");
    expect(await delivered()).toHaveLength(0);
    for (const bad of [{}, { blogCommentMail: "yes" }, { blogCommentMail: 1 }, { blogCommentMail: null }]) {
      await expectApiRefusalInBothLanguages(
        (h) => t.fetch("/api/v1/my/notifications", { method: "POST", headers: { ...h, authorization: `Bearer ${owner.token}`, "content-type": "application/json" }, body: JSON.stringify(bad) }),
        { status: 400, code: "E_VALIDATION", key: "settings.validation.notifications.flag", fields: { blogCommentMail: "settings.validation.notifications.flag" } },
        JSON.stringify(bad),
      );
    }
    const [row] = await t.app.db.select({ wants: users.blogCommentMail }).from(users).where(eq(users.id, owner.id));
    expect(row!.wants).toBe(false);
    await t.fetch("/api/v1/my/notifications", { method: "POST", headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" }, body: JSON.stringify({ blogCommentMail: true }) });
    await moderate(await comment(post.id, member), "confirm");
    expect(await delivered()).toHaveLength(1);
  });

  it("is turned off and on with the settings page's form, without JavaScript (an unchecked box is not sent)", async () => {
    const session = await getFormSession(t, "/iletisim");
    const cookie = `${session.cookie}; ${owner.cookie}`;
    const page = await (await t.fetch("/ayarlar", { headers: { cookie } })).text();
    expect(page).toContain('name="blogCommentMail"');
    const send = (fields: Record<string, string>) =>
      t.fetch("/ayarlar?sekme=hesap", { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrf: session.csrf, intent: "notifications", ...fields }) });
    const wants = async () => (await t.app.db.select({ wants: users.blogCommentMail }).from(users).where(eq(users.id, owner.id)))[0]!.wants;
    const offPage = await send({});
    expect(offPage.status).toBe(200);
    expect(await offPage.text()).toContain(msg("tr", "settings.notifications.success"));
    expect(await wants()).toBe(false);
    expect((await send({ blogCommentMail: "on" })).status).toBe(200);
    expect(await wants()).toBe(true);
    // A member who writes no posts is not offered the choice.
    const memberPage = await (await t.fetch("/ayarlar", { headers: { cookie: `${session.cookie}; ${member.cookie}` } })).text();
    expect(memberPage).not.toContain('name="blogCommentMail"');
  });
});
