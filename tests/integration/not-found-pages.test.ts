import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { htmlText, LOCALES, msg, type Locale } from "../helpers/messages";
import { makeCompany, makePackage } from "../helpers/packages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Spec §8's not-found messages on pages: an unknown company profile, a package path under a
 * company that has no such package (another company has), and an unknown package each answer
 * 404 with their own message, in the page's language, keeping the noindex, the way home and a
 * link onwards; any other unknown path keeps the generic not-found page.
 */

let t: TestApp;
let seller: { id: number; slug: string; name: string };
let other: { id: number; slug: string; name: string };
let hidden: { id: number; slug: string; name: string };

const at = (locale: Locale, path: string) => (locale === "en" ? `/en${path}` : path);
const heading = (locale: Locale, key: string) => msg(locale, key).replace(/\.$/, "");

async function notFound(path: string): Promise<string> {
  const res = await t.fetch(path);
  expect(res.status, path).toBe(404);
  const html = await res.text();
  // Not indexed, one title, the way home.
  expect(html, path).toContain('<meta name="robots" content="noindex"');
  expect(html.match(/<title>[^<]*<\/title>/g), path).toHaveLength(1);
  return html;
}

/** A 404 naming `subject`: its title and heading, its hint, the home link and the link onwards. */
function expectSpecific(html: string, locale: Locale, subject: "company" | "companyPackage" | "package", key: string, onward: { href: string; text: string }, company = "") {
  const title = heading(locale, key);
  expect(html).toContain(`data-not-found="${subject}"`);
  expect(html).toContain(`<title>${htmlText(title)} | GenişBant</title>`);
  expect(html).toMatch(new RegExp(`<h1[^>]*>${htmlText(title).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h1>`));
  expect(html).toContain(htmlText(msg(locale, `notFound.hints.${subject}`, { company })));
  expect(html).not.toContain(htmlText(msg(locale, "notFound.text")));
  expect(html).toContain(`href="${locale === "en" ? "/en" : "/"}"`);
  expect(html).toContain(htmlText(msg(locale, "notFound.home")));
  expect(html).toContain(`href="${onward.href}"`);
  expect(html).toContain(htmlText(onward.text));
}

beforeAll(async () => {
  t = await startTestApp();
  seller = await makeCompany(t.app.db, { name: "Satıcı Fiber & Net" });
  other = await makeCompany(t.app.db, { name: "Öbür Fiber AŞ" });
  hidden = await makeCompany(t.app.db, { name: "Gizli Fiber AŞ" });
  await t.app.db.update(companies).set({ publishState: "pending" }).where(eq(companies.id, hidden.id));
  await makePackage(t.app.db, seller.id, { title: "Özel Fiber 100", price: "450" });
  const old = await makePackage(t.app.db, seller.id, { title: "Arşivden Düşmüş", price: "300" });
  // Withdrawn three years ago: past the two years of the tariff archive.
  await t.app.db.update(packages).set({ withdrawnAt: new Date(Date.now() - 3 * 365 * 86_400_000) }).where(eq(packages.id, old));
});
afterAll(() => t?.close());

describe.each(LOCALES)("not-found pages that say what was not found (%s)", (locale) => {
  it("an unknown or unpublished company profile, and its packages page: the profile's message", async () => {
    const onward = { href: at(locale, "/isletmeler"), text: msg(locale, "notFound.links.company") };
    for (const path of ["/kablolu-internet/yok-boyle-sirket", "/kablolu-internet/yok-boyle-sirket/paketler", `/kablolu-internet/${hidden.slug}`, `/teknik-servis/${"x".repeat(201)}`]) {
      expectSpecific(await notFound(at(locale, path)), locale, "company", "companies.errors.notFound", onward);
    }
  });

  it("a package path under an unknown company: the profile's message", async () => {
    const html = await notFound(at(locale, "/kablolu-internet/yok-boyle-sirket/paket/ozel-fiber-100"));
    expectSpecific(html, locale, "company", "companies.errors.notFound", { href: at(locale, "/isletmeler"), text: msg(locale, "notFound.links.company") });
  });

  it("a package's url under a company that has no such package (another has): the profile package's message, with a link to the company's packages", async () => {
    const html = await notFound(at(locale, `/kablolu-internet/${other.slug}/paket/ozel-fiber-100`));
    expectSpecific(
      html,
      locale,
      "companyPackage",
      "packages.errors.companyPackageNotFound",
      { href: at(locale, `/kablolu-internet/${other.slug}/paketler`), text: msg(locale, "notFound.links.companyPackage", { company: other.name }) },
      other.name,
    );
  });

  it("a package no company has, or one withdrawn past the archive's two years: the package's message", async () => {
    const onward = { href: at(locale, "/paketler"), text: msg(locale, "notFound.links.package") };
    for (const path of [`/kablolu-internet/${seller.slug}/paket/yok-boyle-paket`, `/kablolu-internet/${seller.slug}/paket/arsivden-dusmus`]) {
      expectSpecific(await notFound(at(locale, path)), locale, "package", "packages.errors.packageNotFound", onward);
    }
  });

  it("a form sent to a package path that names nothing: the same 404 page", async () => {
    const path = at(locale, `/kablolu-internet/${other.slug}/paket/ozel-fiber-100`);
    const session = await getFormSession(t, at(locale, "/"));
    const res = await t.fetch(path, {
      method: "POST",
      headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: session.csrf, intent: "callMe", fullName: "Ali Veli", phone: "05321234567" }),
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('data-not-found="companyPackage"');
  });

  it("any other unknown path keeps the generic not-found page", async () => {
    for (const path of ["/bu-sayfa-hic-yok", "/yok-kategori/yok-sirket", "/yok-kategori/yok-sirket/paketler", "/yok-kategori/yok-sirket/paket/yok-paket"]) {
      const html = await notFound(at(locale, path));
      expect(html, path).not.toContain("data-not-found=");
      expect(html, path).toContain(`<title>${htmlText(msg(locale, "notFound.title"))} | GenişBant</title>`);
      expect(html, path).toContain(htmlText(msg(locale, "notFound.text")));
      expect(html, path).toContain(htmlText(msg(locale, "notFound.home")));
    }
  });
});

describe("the pages that were found stay as they were", () => {
  it("the seller's profile and package answer 200", async () => {
    expect((await t.fetch(`/kablolu-internet/${seller.slug}`)).status).toBe(200);
    expect((await t.fetch(`/kablolu-internet/${seller.slug}/paket/ozel-fiber-100`)).status).toBe(200);
  });
});
