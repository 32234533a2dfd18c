/**
 * The blog's dashboard in Chromium: a corporate member writes a post for their company with a
 * picture (uploaded by the editor's image button), a table, a link and two FAQ entries, previews
 * it and schedules it a minute or two ahead; once its time comes (the job worker's every-minute
 * run) it is in its category's list, its company's list, the feed and the sitemap. A member
 * comments, an administrator approves on the moderation page's blog tab, and the post shows the
 * comment with the count's wording right. The post form, its state form and the blog tab's
 * actions also work without JavaScript; the writer's comment-mail choice on the settings page is
 * saved with JavaScript and without. axe finds nothing serious on the dashboard's blog pages, and
 * none scrolls sideways at 360 px.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, formatAxe, gotoHydrated, msg, seriousAxeViolations, sessionCookies, tinyPng, until, useBrowser } from "./helpers";

const { newPage, browser } = useBrowser();
const STEP_MS = 90_000;
const test = (name: string, fn: () => Promise<void>, timeout = STEP_MS) => it(name, fn, timeout);
const ADMIN = { email: "demo.admin@genisbant.com.tr", password: "Demo12345!" };
// The commenter: blog.test.ts comments as the demo member, whose next comment then waits 5 minutes
// (the per-member limit); this file's comment is written from the administrator's account instead.
const MEMBER = ADMIN;
const CORPORATE = { email: "demo.kurumsal@genisbant.com.tr", password: "Demo12345!" };
const stamp = Date.now().toString(36);
const TITLE = `Panelden yazılan fiber rehberi ${stamp}`;

async function api<T>(path: string, init: { json?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.json !== undefined ? "POST" : "GET",
    headers: { ...(init.json !== undefined ? { "content-type": "application/json" } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const state: { company?: { id: number; slug: string; name: string }; editPath?: string; postId?: number; publicPath?: string } = {};

beforeAll(async () => {
  const { token } = await api<{ token: string }>("/login", { json: CORPORATE });
  const { companies } = await api<{ companies: { id: number; slug: string; name: string; publishState: string }[] }>("/my/companies", { token });
  const company = companies.find((c) => c.publishState === "published");
  if (!company) throw new Error("the demo corporate account has no published company");
  state.company = company;
}, 60_000);

async function noOverflow(page: Page, label: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${label}: no sideways scroll`).toBeLessThanOrEqual(widths.client);
}

/** Turkey's wall clock (UTC+3, no daylight saving) as a datetime-local field takes it. */
function turkeyLocal(d: Date): string {
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

describe("writing a post", () => {
  test("with JavaScript: picture, table, link and two FAQ entries; the preview; scheduled a minute ahead", async () => {
    const { page, context } = await newPage();
    await context.addCookies(await sessionCookies(CORPORATE));
    const company = state.company!;
    await gotoHydrated(page, "/blog/liste");
    await page.getByRole("navigation", { name: msg("tr", "blog.dashboard.list.companies") }).getByRole("link", { name: company.name }).click();
    await page.waitForURL((u) => u.pathname === `/blog/liste/${company.id}`);
    await page.getByRole("link", { name: msg("tr", "blog.dashboard.list.newForCompany", { company: company.name }) }).click();
    await page.waitForURL((u) => u.pathname === `/blog/yeni/${company.id}`);

    await page.getByLabel(msg("tr", "blog.dashboard.fields.title"), { exact: false }).first().fill(TITLE);
    await page.getByLabel(msg("tr", "blog.dashboard.fields.categoryId")).selectOption("1");
    await page.getByLabel(msg("tr", "blog.dashboard.fields.tags"), { exact: false }).fill("fiber, e2e");

    // The rich editor replaces the textarea once loaded.
    const editor = page.locator('#post-content[role="textbox"]');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type("Fiber altyapı hakkında kısa bir rehber. Ayrıntılar için ");
    await page.keyboard.type("hız testi");
    for (let i = 0; i < "hız testi".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    const toolbar = page.getByRole("toolbar", { name: msg("tr", "blog.editor.toolbar") });
    await toolbar.getByRole("button", { name: msg("tr", "blog.editor.link") }).click();
    await page.getByLabel(msg("tr", "blog.editor.linkUrl")).fill("/internet-hiz-testi");
    await page.getByRole("button", { name: msg("tr", "blog.editor.linkApply") }).click();
    await until(async () => (await editor.locator('a[href="/internet-hiz-testi"]').count()) === 1, "the link in the body");
    // The editor takes the focus back (with the linked words selected) a frame later; a key
    // pressed before that would land on the old selection, and Enter would replace the link.
    await until(() => page.evaluate(() => document.activeElement?.id === "post-content" && String(window.getSelection()) === "hız testi"), "the editor focused on the link");
    await page.keyboard.press("End");
    // ProseMirror reads the browser's selection on its own "selectionchange" event: a key pressed
    // before it has would act on the old one. Tiptap keeps the editor on its element for tests.
    await until(
      () => page.evaluate(() => (document.getElementById("post-content") as unknown as { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty === true),
      "the editor's own selection collapsed after the link",
    );
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: msg("tr", "blog.editor.table") }).click();
    await until(async () => (await editor.locator("table").count()) === 1, "the table in the body");
    await page.keyboard.type("Hız");
    expect(await editor.locator('a[href="/internet-hiz-testi"]').count(), "the link kept").toBe(1);

    // The picture goes through the blog's upload call and comes back with its stored size.
    await toolbar.getByRole("button", { name: msg("tr", "blog.editor.image") }).click();
    const upload = page.waitForResponse((r) => r.url().includes("/api/v1/my/blog/images") && r.request().method() === "POST");
    await page.getByLabel(msg("tr", "blog.editor.imageFile")).setInputFiles({ name: "kablo.png", mimeType: "image/png", buffer: tinyPng() });
    await page.getByLabel(msg("tr", "blog.editor.imageAlt")).fill("Fiber kablo");
    await page.getByRole("button", { name: msg("tr", "blog.editor.imageInsert") }).click();
    expect((await upload).status()).toBe(200);
    await until(async () => (await editor.locator('img[src^="/media/blog-images/"]').count()) === 1, "the picture in the body");

    for (const [i, q, a] of [
      [0, "Fiber nedir?", "Işıkla veri taşıyan bir bağlantıdır."],
      [1, "Hız neden düşer?", "Evdeki kablosuz ağ ve hattın yükü hızı etkiler."],
    ] as const) {
      await page.locator(`[name="faq.${i}.question"]`).fill(q);
      await page.locator(`[name="faq.${i}.answer"]`).fill(a);
    }
    await page.getByRole("button", { name: msg("tr", "blog.dashboard.form.submitNew") }).click();
    await page.waitForURL((u) => /^\/blog\/duzenle\/\d+\//.test(u.pathname));
    await page.getByText(msg("tr", "blog.dashboard.form.created")).waitFor();
    state.editPath = new URL(page.url()).pathname;
    state.postId = Number(/duzenle\/(\d+)/.exec(state.editPath)![1]);

    // The preview: the body as a reader sees it.
    await page.getByRole("link", { name: msg("tr", "blog.dashboard.preview.open") }).click();
    await page.waitForURL((u) => u.searchParams.get("onizleme") === "1");
    const preview = page.getByTestId("post-preview");
    await preview.locator("table").waitFor();
    expect(await preview.locator('a[href="/internet-hiz-testi"]').count()).toBe(1);
    expect(await preview.locator('img[src^="/media/blog-images/"]').count()).toBe(1);
    await expect(page.getByText("Hız neden düşer?").first().isVisible()).resolves.toBe(true);

    // Scheduled for the next whole minute that is at least a minute away.
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    await gotoHydrated(page, state.editPath);
    await page.getByLabel(msg("tr", "blog.dashboard.state.publishAt")).fill(turkeyLocal(at));
    await page.getByRole("button", { name: msg("tr", "blog.dashboard.state.to_scheduled") }).click();
    await until(async () => (await page.getByTestId("post-state").innerText()).includes(msg("tr", "blog.states.scheduled")), "the post is scheduled");
  });

  test(
    "once its time comes it is in its category's and company's lists, the feed and the sitemap",
    async () => {
      expect(state.postId, "the post was written by the test before").toBeTypeOf("number");
      const id = state.postId!;
      let path: string | undefined;
      const deadline = Date.now() + 200_000;
      while (!path && Date.now() < deadline) {
        const res = await fetch(`${baseUrl()}/api/v1/blog/posts/${id}`);
        if (res.status === 200) path = ((await res.json()) as { post: { path: string } }).post.path;
        else await new Promise((r) => setTimeout(r, 3000));
      }
      expect(path, "the post went public").toBeTruthy();
      state.publicPath = path!;
      const categoryUrl = path!.split("/")[2]!;
      const { page } = await newPage();
      for (const list of [`/blog-yazilari/kategori/${categoryUrl}`, `/blog-yazilari/isletme/${state.company!.slug}`]) {
        await until(
          async () => {
            await page.goto(list);
            return (await page.getByRole("link", { name: TITLE }).count()) > 0;
          },
          `${list} lists the post`,
          70_000,
        );
      }
      await until(async () => (await (await fetch(`${baseUrl()}/blog-yazilari/rss`)).text()).includes(TITLE), "the feed has it", 70_000);
      await until(async () => (await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).includes(path!), "the sitemap has it", 70_000);
    },
    300_000,
  );

  test("without JavaScript the form posts too: the textarea and the fixed FAQ rows", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    try {
      await context.addCookies([...(await sessionCookies(CORPORATE)), { name: "gb_consent", value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto(`/blog/yeni/${state.company!.id}`);
      expect(await page.getByRole("button", { name: msg("tr", "blog.dashboard.form.faqAdd") }).count()).toBe(0);
      await page.locator('[name="title"]').fill(`JavaScript olmadan yazı ${stamp}`);
      await page.locator('[name="categoryId"]').selectOption("2");
      await page.locator('[name="contentText"]').fill("Birinci paragraf.\n\nİkinci paragraf.");
      await page.locator('[name="faq.0.question"]').fill("Tek soru?");
      await page.locator('[name="faq.0.answer"]').fill("Tek cevap.");
      await page.getByRole("button", { name: msg("tr", "blog.dashboard.form.submitNew") }).click();
      await page.waitForURL((u) => /^\/blog\/duzenle\/\d+\//.test(u.pathname));
      await page.getByText(msg("tr", "blog.dashboard.form.created")).waitFor();

      // The state form without JavaScript: published now, then taken down again (the other
      // tests' lists stay as they were).
      await page.getByRole("button", { name: msg("tr", "blog.dashboard.state.to_published") }).click();
      await page.getByText(msg("tr", "blog.dashboard.state.done_published")).waitFor();
      expect(await page.getByTestId("post-state").innerText()).toContain(msg("tr", "blog.states.published"));
      await page.getByRole("button", { name: msg("tr", "blog.dashboard.state.to_unpublished") }).click();
      await page.getByText(msg("tr", "blog.dashboard.state.done_unpublished")).waitFor();
      expect(await page.getByTestId("post-state").innerText()).toContain(msg("tr", "blog.states.unpublished"));
    } finally {
      await context.close();
    }
  });
});

describe("its comment", () => {
  test("a member comments, an administrator approves on the blog tab, the post shows it with the count's wording", async () => {
    const path = state.publicPath!;
    const member = await newPage();
    await member.context.addCookies(await sessionCookies(MEMBER));
    await gotoHydrated(member.page, path);
    const form = member.page.getByTestId("comment-form");
    await form.getByLabel(msg("tr", "blog.commentSection.body")).fill(`Panel yazısına yorum ${stamp}`);
    await form.getByRole("button", { name: msg("tr", "blog.commentSection.submit") }).click();
    await member.page.getByText(msg("tr", "blog.comments.awaitingApproval")).waitFor();

    const admin = await newPage();
    await admin.context.addCookies(await sessionCookies(ADMIN));
    await gotoHydrated(admin.page, "/yorumlar?sekme=blog");
    const item = admin.page.locator("li", { hasText: `Panel yazısına yorum ${stamp}` });
    await item.getByRole("button", { name: msg("tr", "companyAdmin.comments.actionFor", { action: msg("tr", "companyAdmin.comments.confirm"), title: TITLE }) }).click();
    await admin.page.getByText(msg("tr", "companyAdmin.comments.done_confirm")).waitFor();

    const reader = await newPage({ locale: "en" });
    await until(
      async () => {
        await reader.page.goto(`/en${path}`);
        return (await reader.page.getByTestId("comments").innerText()).includes(`Panel yazısına yorum ${stamp}`);
      },
      "the approved comment shows",
      30_000,
    );
    await expect(reader.page.getByTestId("comment-count").innerText()).resolves.toBe(`(${msg("en", "blog.comments.count", { count: 1 })})`);
    expect(msg("en", "blog.comments.count", { count: 1 })).toBe("1 comment");
  });

  test("without JavaScript the blog tab's actions post too: the comment is removed, then restored", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    try {
      await context.addCookies([...(await sessionCookies(ADMIN)), { name: "gb_consent", value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      // Every state: the tab opens on the comments waiting for approval, and this one is confirmed.
      await page.goto("/yorumlar?sekme=blog&durum=tumu");
      const item = page.locator("li", { hasText: `Panel yazısına yorum ${stamp}` });
      const action = (key: "remove" | "restore") =>
        item.getByRole("button", { name: msg("tr", "companyAdmin.comments.actionFor", { action: msg("tr", `companyAdmin.comments.${key}`), title: TITLE }) });
      await action("remove").click();
      await page.getByText(msg("tr", "companyAdmin.comments.done_remove")).waitFor();
      await action("restore").click();
      await page.getByText(msg("tr", "companyAdmin.comments.done_restore")).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the comment mails a writer gets", () => {
  const checkbox = (page: Page) => page.getByRole("region", { name: msg("tr", "settings.notifications.title") }).getByLabel(msg("tr", "settings.notifications.blogCommentMail"));
  const save = (page: Page) => page.getByRole("region", { name: msg("tr", "settings.notifications.title") }).getByRole("button", { name: msg("tr", "settings.save") });

  test("with JavaScript the writer turns them off on the settings page, and the choice is kept", async () => {
    const { page, context } = await newPage();
    await context.addCookies(await sessionCookies(CORPORATE));
    await gotoHydrated(page, "/ayarlar");
    await expect(checkbox(page).isChecked()).resolves.toBe(true);
    await checkbox(page).uncheck();
    await save(page).click();
    await page.getByText(msg("tr", "settings.notifications.success")).waitFor();
    await gotoHydrated(page, "/ayarlar");
    await expect(checkbox(page).isChecked()).resolves.toBe(false);
  });

  test("without JavaScript the same form turns them on again", async () => {
    const context = await browser()!.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    try {
      await context.addCookies([...(await sessionCookies(CORPORATE)), { name: "gb_consent", value: "1", url: baseUrl() }]);
      const page = await context.newPage();
      await page.goto("/ayarlar");
      await expect(checkbox(page).isChecked()).resolves.toBe(false);
      await checkbox(page).check();
      await save(page).click();
      await page.getByText(msg("tr", "settings.notifications.success")).waitFor();
      await page.goto("/ayarlar");
      await expect(checkbox(page).isChecked()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("the dashboard's blog pages", () => {
  test("axe finds nothing serious and nothing scrolls sideways at 360 px", async () => {
    const { page, context } = await newPage({ viewport: { width: 360, height: 740 } });
    await context.addCookies(await sessionCookies(CORPORATE));
    const id = state.company!.id;
    for (const path of ["/blog/liste", `/blog/liste/${id}`, `/blog/yeni/${id}`, state.editPath!, `${state.editPath!}?onizleme=1`]) {
      await gotoHydrated(page, path);
      expect(await seriousAxeViolations(page).then(formatAxe), path).toBe("");
      await noOverflow(page, path);
    }
    const admin = await newPage({ viewport: { width: 360, height: 740 }, theme: "dark" });
    await admin.context.addCookies(await sessionCookies(ADMIN));
    for (const path of ["/yorumlar?sekme=blog", "/en/blog/liste", "/blog/yeni"]) {
      await gotoHydrated(admin.page, path);
      expect(await seriousAxeViolations(admin.page).then(formatAxe), path).toBe("");
      await noOverflow(admin.page, path);
    }
  });
});
