import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USER_ACTIONS } from "../../server/accounts/admin-users";
import { hashPassword } from "../../server/accounts/passwords";
import { createSession } from "../../server/accounts/sessions";
import { RESEND_VERIFY_LIMIT } from "../../server/accounts/resend-verification";
import { CONTACT_LIMIT } from "../../server/contact/submit-contact";
import { users } from "../../server/accounts/schema";
import { NEWSLETTER_LIMIT } from "../../server/newsletter/subscribe";
import { resetLimit } from "../../server/security/rate-limit";
import { COMPANY_EDIT_INTENTS, MODERATION_INTENT_NAMES } from "../../common/forms/company-edit";
import { ANSWER_INTENTS } from "../../common/forms/infrastructure";
import { apiKeys, pageKeys, pageRoutes, type OpenApiDocument } from "../helpers/route-table";
import { PAGE_FORMS, pageIntents } from "../helpers/page-forms";
import { insertCompany } from "../helpers/companies";
import { insertPost } from "../helpers/blog";
import { blogPosts } from "../../server/blog/schema";
import { PACKAGE_LIST_INTENTS } from "../../common/forms/packages";
import { LEAD_INBOX_INTENTS } from "../../common/forms/leads";
import { REMINDER_INTENT } from "../../common/forms/reminders";
import { REVIEW_SUBJECTS } from "../../common/reviews";
import { makePackage } from "../helpers/packages";
import { getFormSession, startTestApp, type TestApp } from "../helpers/test-app";

/**
 * The permission matrix: every page and call, for each role, with the exact status (and where
 * a redirect goes). The rows' keys are checked against the route table (app/routes.ts), the
 * OpenAPI document's paths and the intents of the forms that dispatch on one: a page, call or
 * intent without a row fails the suite, and so does a row for something that no longer exists.
 */
const ROLES = ["guest", "individual", "unverified", "corporate", "admin", "deactivated", "deletionRequested"] as const;
type Role = (typeof ROLES)[number];
type Expected = number | `${number} ${string}`;
type Expectations = Record<Role, Expected>;

interface Row {
  /** "METHOD /pattern" as generated from the tables; intents add " intent=<name>". */
  key: string;
  /** The concrete path requested (a pattern's parameters filled in). */
  path?: string;
  /** urlencoded page form (the CSRF token is added) or, with `multipart`, a multipart one. */
  form?: Record<string, string> | ((ctx: RowContext) => Promise<Record<string, string>>);
  multipart?: boolean;
  /** JSON body of an API call. */
  json?: unknown;
  expect: Expectations;
}

interface RowContext {
  role: Role;
  /** A fresh account for actions on another user. */
  target(opts?: { isAdmin?: boolean; removedAt?: Date | null }): Promise<number>;
}

/** Accounts that cannot sign in (their sessions are void) are treated as guests everywhere. */
const GUEST_LIKE: Role[] = ["guest", "deactivated", "deletionRequested"];
const all = (e: Expected): Expectations => Object.fromEntries(ROLES.map((r) => [r, e])) as Expectations;
/** guest-like roles get `guest`, signed-in users `user`, administrators `admin` (default `user`). */
const byRole = (guest: Expected, user: Expected, admin: Expected = user): Expectations =>
  Object.fromEntries(ROLES.map((r) => [r, GUEST_LIKE.includes(r) ? guest : r === "admin" ? admin : user])) as Expectations;

const LOGIN = (from: string): Expected => `302 /giris?redirectTo=${encodeURIComponent(from)}`;
const HOME: Expected = "302 /";

/** A published company of the matrix's own (beforeAll). */
const MATRIX_PROFILE = "/kablolu-internet/matris-net";
/** A package on sale of that company, with a commitment (beforeAll): the package page's forms. */
const MATRIX_PACKAGE = `${MATRIX_PROFILE}/paket/matris-fiber-24`;
/** A published blog post of the matrix's own, at a fixed id (beforeAll): the post page's form. */
const MATRIX_POST_ID = 424242;
const MATRIX_POST = `/blog/telekomunikasyon/matris-blog-yazisi-${MATRIX_POST_ID}`;
/** The moderation page's intents, for each kind of review (the form's `subject`). */
const MODERATION_KEYS = MODERATION_INTENT_NAMES.flatMap((intent) => REVIEW_SUBJECTS.map((subject) => ({ intent, subject, key: `${intent} subject=${subject}` })));

const PAGE_ROWS: Row[] = [
  { key: "GET /", expect: all(200) },
  { key: "GET /iletisim", expect: all(200) },
  { key: "POST /iletisim", multipart: true, form: {}, expect: all(400) },
  { key: "GET /sikca-sorulan-sorular", expect: all(200) },
  { key: "GET /reklam", expect: all(200) },
  { key: "GET /cerez", expect: all(200) },
  { key: "GET /gizlilik", expect: all(200) },
  { key: "GET /kisisel-verilerin-korunmasi", expect: all(200) },
  { key: "GET /hakkimizda", expect: all(200) },
  { key: "GET /bulten", expect: all(200) },
  { key: "POST /bulten", form: async ({ role }) => ({ email: `bulten.${role}.${Date.now()}@example.com`, emailCheckbox: "on" }), expect: all(200) },
  { key: "GET /tercih", expect: HOME_ALL() },
  { key: "POST /tercih", form: { theme: "dark" }, expect: HOME_ALL() },
  { key: "GET /cikis", expect: HOME_ALL() },
  // The logout form says so on the home page (?bildirim=cikis, common/forms/notices.ts).
  { key: "POST /cikis", form: {}, expect: all("302 /?bildirim=cikis") },
  { key: "GET /robots.txt", expect: all(200) },
  // Infrastructure query: public; the answer page of a demo flat.
  { key: "GET /internet-altyapi-hiz-sorgulama", expect: all(200) },
  { key: "GET /internet-altyapi-hiz-sorgulama/:il", path: "/internet-altyapi-hiz-sorgulama/istanbul", expect: all(200) },
  { key: "GET /internet-altyapi-hiz-sorgulama/daire/:bbk", path: "/internet-altyapi-hiz-sorgulama/daire/200000000", expect: all(200) },
  { key: "POST /internet-altyapi-hiz-sorgulama/daire/:bbk", path: "/internet-altyapi-hiz-sorgulama/daire/200000000", form: { intent: "no-such-intent" }, expect: all(400) },
  // Report wrong data and alert me: open to everyone; an empty form reaches the checks.
  ...ANSWER_INTENTS.map(
    (intent): Row => ({
      key: `POST /internet-altyapi-hiz-sorgulama/daire/:bbk intent=${intent}`,
      path: "/internet-altyapi-hiz-sorgulama/daire/200000000",
      form: { intent },
      expect: all(400),
    }),
  ),
  // An alert's link: an unknown one is a 404 for everyone, to look at or to use.
  { key: "GET /altyapi-uyari/:token", path: "/altyapi-uyari/yanlis-baglanti", expect: all(404) },
  { key: "POST /altyapi-uyari/:token", path: "/altyapi-uyari/yanlis-baglanti", form: { intent: "unsubscribe" }, expect: all(404) },
  ...["confirm", "unsubscribe"].map((intent): Row => ({ key: `POST /altyapi-uyari/:token intent=${intent}`, path: "/altyapi-uyari/yanlis-baglanti", form: { intent }, expect: all(404) })),
  { key: "GET /kesinti-uyari/:token", path: "/kesinti-uyari/yanlis-baglanti", expect: all(404) },
  { key: "POST /kesinti-uyari/:token", path: "/kesinti-uyari/yanlis-baglanti", form: { intent: "unsubscribe" }, expect: all(404) },
  ...["confirm", "unsubscribe"].map((intent): Row => ({ key: `POST /kesinti-uyari/:token intent=${intent}`, path: "/kesinti-uyari/yanlis-baglanti", form: { intent }, expect: all(404) })),
  { key: "GET /sitemap.xml", expect: all(200) },
  // Accounts
  { key: "GET /hesap-olustur", expect: byRole(200, HOME) },
  { key: "POST /hesap-olustur", form: {}, expect: byRole(400, HOME) },
  { key: "GET /giris", expect: byRole(200, HOME) },
  { key: "POST /giris", form: {}, expect: byRole(400, HOME) },
  // A signed-in person may still ask for a reset mail (e.g. for another account they hold).
  { key: "GET /sifirla/sifre", expect: all(200) },
  { key: "POST /sifirla/sifre", form: {}, expect: all(400) },
  // The code pages answer the same to everyone: a wrong code is a 404 page, never a way in.
  { key: "GET /sifirla/sifre/:code", path: "/sifirla/sifre/yanlis-kod", expect: all(404) },
  { key: "POST /sifirla/sifre/:code", path: "/sifirla/sifre/yanlis-kod", form: { password: "Yeni-Parola-2024", passwordConfirm: "Yeni-Parola-2024" }, expect: all(404) },
  { key: "GET /dogrula/mail/:code", path: "/dogrula/mail/yanlis-kod", expect: all(404) },
  { key: "GET /kullanici/profil", expect: byRole(LOGIN("/kullanici/profil"), 200) },
  // "Send the verification mail again": only an unverified address gets one; a verified one is a 409.
  { key: "POST /kullanici/profil", form: {}, expect: { ...byRole(LOGIN("/kullanici/profil"), 409), unverified: 200 } },
  {
    key: "POST /kullanici/profil intent=resendVerification",
    form: { intent: "resendVerification" },
    expect: { ...byRole(LOGIN("/kullanici/profil"), 409), unverified: 200 },
  },
  { key: "GET /teknik-destek/profil", expect: byRole(LOGIN("/teknik-destek/profil"), 200) },
  { key: "GET /ayarlar", expect: byRole(LOGIN("/ayarlar"), 200) },
  { key: "POST /ayarlar", form: { intent: "no-such-intent" }, expect: byRole(LOGIN("/ayarlar"), 400) },
  // Each real intent of the settings page: a guest is sent to sign in, a user reaches the form's checks.
  { key: "POST /ayarlar intent=account", form: { intent: "account" }, expect: byRole(LOGIN("/ayarlar"), 400) },
  { key: "POST /ayarlar intent=photo", multipart: true, form: { intent: "photo" }, expect: byRole(LOGIN("/ayarlar"), 400) },
  { key: "POST /ayarlar intent=removePhoto", form: { intent: "removePhoto" }, expect: byRole(LOGIN("/ayarlar"), 200) },
  // The mail choices: an unchecked box is "off", so an empty form is a valid one.
  { key: "POST /ayarlar intent=notifications", form: { intent: "notifications" }, expect: byRole(LOGIN("/ayarlar"), 200) },
  { key: "POST /ayarlar intent=social", form: { intent: "social" }, expect: byRole(LOGIN("/ayarlar"), 200) },
  { key: "POST /ayarlar intent=password", form: { intent: "password" }, expect: byRole(LOGIN("/ayarlar"), 400) },
  // Only the person's own reminders: no such reminder (or another's, tests/integration/packages-reminders.test.ts) is a 404.
  { key: "POST /ayarlar intent=deleteReminder", form: { intent: "deleteReminder", reminderId: "99999999" }, expect: byRole(LOGIN("/ayarlar"), 404) },
  // Only the member's own outage alerts: no such alert (or another's, tests/integration/outage-alerts.test.ts) is a 404.
  { key: "POST /ayarlar intent=outageAlertOff", form: { intent: "outageAlertOff", alertId: "99999999" }, expect: byRole(LOGIN("/ayarlar"), 404) },
  { key: "POST /ayarlar intent=delete", form: { intent: "delete" }, expect: byRole(LOGIN("/ayarlar"), 400) },
  // Dashboard
  { key: "GET /baslangic", expect: all("302 /ozet") },
  { key: "GET /ozet", expect: byRole(LOGIN("/ozet"), 200) },
  { key: "GET /kullanicilar", expect: byRole(LOGIN("/kullanicilar"), 403, 200) },
  { key: "GET /altyapi-bildirimleri", expect: byRole(LOGIN("/altyapi-bildirimleri"), 403, 200) },
  { key: "POST /kullanicilar", form: { intent: "no-such-intent" }, expect: byRole(LOGIN("/kullanicilar"), 403, 400) },
  ...USER_ACTIONS.map(
    (intent): Row => ({
      key: `POST /kullanicilar intent=${intent}`,
      form: async ({ target }) => ({
        intent,
        userId: String(await target({ isAdmin: intent === "revokeAdmin", removedAt: intent === "restore" ? new Date() : null })),
      }),
      expect: byRole(LOGIN("/kullanicilar"), 403, 200),
    }),
  ),
  // Company directory: public lists and profiles; reviews need a user, answers the company's owner.
  { key: "GET /isletmeler", expect: all(200) },
  { key: "GET /isletmeler/siralama-ve-gelir", expect: all(200) },
  { key: "GET /isletmeler/karne-yontemi", expect: all(200) },
  { key: "GET /isletmeler/sehir/:state", path: "/isletmeler/sehir/izmir", expect: all(200) },
  { key: "GET /isletmeler/:subType", path: "/isletmeler/kablolu-internet", expect: all(200) },
  { key: "GET /isletmeler/:subType/:state", path: "/isletmeler/kablolu-internet/izmir", expect: all(200) },
  { key: "GET /:subType/:company", path: MATRIX_PROFILE, expect: all(200) },
  { key: "POST /:subType/:company", path: MATRIX_PROFILE, form: { intent: "no-such-intent" }, expect: all(400) },
  { key: "POST /:subType/:company intent=review", path: MATRIX_PROFILE, form: { intent: "review" }, expect: byRole(401, 400) },
  // The subscription and call-me requests without a package: anyone may ask; an empty form is refused by its checks.
  { key: "POST /:subType/:company intent=subscribe", path: MATRIX_PROFILE, form: { intent: "subscribe" }, expect: all(400) },
  { key: "POST /:subType/:company intent=callMe", path: MATRIX_PROFILE, form: { intent: "callMe" }, expect: all(400) },
  {
    key: "POST /:subType/:company intent=answer",
    path: MATRIX_PROFILE,
    form: { intent: "answer", reviewId: "99999999", answer: "Teşekkür ederiz." },
    expect: { ...byRole(401, 403, 404), corporate: 404 },
  },
  { key: "GET /:subType/:company/paketler", path: `${MATRIX_PROFILE}/paketler`, expect: all(200) },
  // Outage reports: anyone reads and reports (an empty form is refused by its checks).
  { key: "GET /:subType/:company/kesinti", path: `${MATRIX_PROFILE}/kesinti`, expect: all(200) },
  { key: "POST /:subType/:company/kesinti", path: `${MATRIX_PROFILE}/kesinti`, form: {}, expect: all(400) },
  { key: "POST /:subType/:company/kesinti intent=report", path: `${MATRIX_PROFILE}/kesinti`, form: { intent: "report" }, expect: all(400) },
  { key: "POST /:subType/:company/kesinti intent=alert", path: `${MATRIX_PROFILE}/kesinti`, form: { intent: "alert" }, expect: byRole(401, 400) },
  // The site search: anyone; the form's target sends a valid search on to its results (302).
  { key: "GET /arama", path: "/arama?q=fiber", expect: all(302) },
  { key: "GET /arama/:searchValue", path: "/arama/fiber", expect: all(200) },
  // Blog: public lists, feeds and posts; a comment needs a member (an empty one is refused by its checks).
  { key: "GET /blog-yazilari", expect: all(200) },
  { key: "GET /blog-yazilari/kategori/:categoryUrl", path: "/blog-yazilari/kategori/hosting", expect: all(200) },
  { key: "GET /blog-yazilari/isletme/:corporateUrl", path: "/blog-yazilari/isletme/matris-net", expect: all(200) },
  { key: "GET /blog-yazilari/rss", expect: all(200) },
  { key: "GET /blog-yazilari/atom", expect: all(200) },
  { key: "GET /blog-yazilari/kategori/:categoryUrl/rss", path: "/blog-yazilari/kategori/hosting/rss", expect: all(200) },
  { key: "GET /blog-yazilari/kategori/:categoryUrl/atom", path: "/blog-yazilari/kategori/hosting/atom", expect: all(200) },
  { key: "GET /blog/:categoryUrl/:blogUrl", path: MATRIX_POST, expect: all(200) },
  { key: "POST /blog/:categoryUrl/:blogUrl", path: MATRIX_POST, form: { intent: "no-such-intent" }, expect: all(400) },
  { key: "POST /blog/:categoryUrl/:blogUrl intent=comment", path: MATRIX_POST, form: { intent: "comment" }, expect: byRole(401, 400) },
  // Company dashboard: corporate users (their own companies) and administrators (all).
  { key: "GET /isletme/liste", expect: corporateOnly("/isletme/liste", 200) },
  { key: "GET /isletme/yeni-isletme", expect: corporateOnly("/isletme/yeni-isletme", 200) },
  // Without an intent (and a CSRF token in the multipart body) nothing is read further: 400.
  { key: "POST /isletme/yeni-isletme", multipart: true, form: {}, expect: corporateOnly("/isletme/yeni-isletme", 400) },
  ...COMPANY_EDIT_INTENTS.map(
    (intent): Row => ({
      key: `POST /isletme/yeni-isletme intent=${intent}`,
      multipart: intent === "save",
      form: { intent },
      // save: the empty form's checks; sponsor exists on the edit page only.
      expect: corporateOnly("/isletme/yeni-isletme", 400),
    }),
  ),
  // No such company: the same 404 as another owner's company.
  { key: "GET /isletme/duzenle/:id", path: "/isletme/duzenle/99999999", expect: corporateOnly("/isletme/duzenle/99999999", 404) },
  { key: "POST /isletme/duzenle/:id", path: "/isletme/duzenle/99999999", multipart: true, form: {}, expect: corporateOnly("/isletme/duzenle/99999999", 400) },
  {
    key: "POST /isletme/duzenle/:id intent=save",
    path: "/isletme/duzenle/99999999",
    multipart: true,
    form: { intent: "save" },
    expect: corporateOnly("/isletme/duzenle/99999999", 400),
  },
  {
    key: "POST /isletme/duzenle/:id intent=sponsor",
    path: "/isletme/duzenle/99999999",
    form: { intent: "sponsor", from: "2026-01-01", until: "2026-01-31" },
    expect: { ...corporateOnly("/isletme/duzenle/99999999", 403), admin: 404 },
  },
  {
    key: "POST /isletme/duzenle/:id intent=unsponsor",
    path: "/isletme/duzenle/99999999",
    form: { intent: "unsponsor" },
    expect: { ...corporateOnly("/isletme/duzenle/99999999", 403), admin: 404 },
  },
  {
    key: "POST /isletme/duzenle/:id intent=flags",
    path: "/isletme/duzenle/99999999",
    form: { intent: "flags", verified: "on" },
    expect: { ...corporateOnly("/isletme/duzenle/99999999", 403), admin: 404 },
  },
  // Packages and requests of a company: its owner or an administrator. No such
  // company answers as another owner's does: 404 (tests/integration/packages-dashboard.test.ts
  // has the other owner's ids).
  { key: "GET /isletme/paketler", expect: corporateOnly("/isletme/paketler", 200) },
  { key: "GET /isletme/talepler", expect: corporateOnly("/isletme/talepler", 200) },
  { key: "GET /isletme/paketler/liste/:id", path: "/isletme/paketler/liste/99999999", expect: corporateOnly("/isletme/paketler/liste/99999999", 404) },
  { key: "POST /isletme/paketler/liste/:id", path: "/isletme/paketler/liste/99999999", form: { intent: "no-such-intent" }, expect: corporateOnly("/isletme/paketler/liste/99999999", 400) },
  ...PACKAGE_LIST_INTENTS.map(
    (intent): Row => ({
      key: `POST /isletme/paketler/liste/:id intent=${intent}`,
      path: "/isletme/paketler/liste/99999999",
      form: { intent, packageId: "99999999" },
      expect: corporateOnly("/isletme/paketler/liste/99999999", 404),
    }),
  ),
  { key: "GET /isletme/paketler/yeni-paket/:id", path: "/isletme/paketler/yeni-paket/99999999", expect: corporateOnly("/isletme/paketler/yeni-paket/99999999", 404) },
  { key: "POST /isletme/paketler/yeni-paket/:id", path: "/isletme/paketler/yeni-paket/99999999", form: {}, expect: corporateOnly("/isletme/paketler/yeni-paket/99999999", 400) },
  {
    key: "POST /isletme/paketler/yeni-paket/:id intent=save",
    path: "/isletme/paketler/yeni-paket/99999999",
    form: { intent: "save" },
    expect: corporateOnly("/isletme/paketler/yeni-paket/99999999", 404),
  },
  {
    key: "GET /isletme/paketler/duzenle/:id/:packageId",
    path: "/isletme/paketler/duzenle/99999999/99999999",
    expect: corporateOnly("/isletme/paketler/duzenle/99999999/99999999", 404),
  },
  {
    key: "POST /isletme/paketler/duzenle/:id/:packageId",
    path: "/isletme/paketler/duzenle/99999999/99999999",
    form: {},
    expect: corporateOnly("/isletme/paketler/duzenle/99999999/99999999", 400),
  },
  {
    key: "POST /isletme/paketler/duzenle/:id/:packageId intent=save",
    path: "/isletme/paketler/duzenle/99999999/99999999",
    form: { intent: "save" },
    expect: corporateOnly("/isletme/paketler/duzenle/99999999/99999999", 404),
  },
  // A package's sponsored period: administrators only (the owner too is refused); no such package is a 404.
  {
    key: "POST /isletme/paketler/duzenle/:id/:packageId intent=sponsor",
    path: "/isletme/paketler/duzenle/99999999/99999999",
    form: { intent: "sponsor", from: "2026-01-01", until: "2026-01-31" },
    expect: { ...corporateOnly("/isletme/paketler/duzenle/99999999/99999999", 403), admin: 404 },
  },
  {
    key: "POST /isletme/paketler/duzenle/:id/:packageId intent=unsponsor",
    path: "/isletme/paketler/duzenle/99999999/99999999",
    form: { intent: "unsponsor" },
    expect: { ...corporateOnly("/isletme/paketler/duzenle/99999999/99999999", 403), admin: 404 },
  },
  { key: "GET /isletme/talepler/:id", path: "/isletme/talepler/99999999", expect: corporateOnly("/isletme/talepler/99999999", 404) },
  { key: "POST /isletme/talepler/:id", path: "/isletme/talepler/99999999", form: { intent: "no-such-intent" }, expect: corporateOnly("/isletme/talepler/99999999", 400) },
  ...LEAD_INBOX_INTENTS.map(
    (intent): Row => ({
      key: `POST /isletme/talepler/:id intent=${intent}`,
      path: "/isletme/talepler/99999999",
      form: { intent, leadId: "99999999", state: "closed", mail: "" },
      expect: corporateOnly("/isletme/talepler/99999999", 404),
    }),
  ),
  { key: "GET /isletme/onay", expect: byRole(LOGIN("/isletme/onay"), 403, 200) },
  { key: "POST /isletme/onay", form: { intent: "no-such-intent" }, expect: byRole(LOGIN("/isletme/onay"), 403, 400) },
  { key: "POST /isletme/onay intent=approve", form: { intent: "approve", companyId: "99999999" }, expect: byRole(LOGIN("/isletme/onay"), 403, 404) },
  { key: "POST /isletme/onay intent=reject", form: { intent: "reject", companyId: "99999999", reason: "Eksik bilgi var." }, expect: byRole(LOGIN("/isletme/onay"), 403, 404) },
  { key: "GET /yorumlar", expect: byRole(LOGIN("/yorumlar"), 403, 200) },
  { key: "POST /yorumlar", form: { intent: "no-such-intent" }, expect: byRole(LOGIN("/yorumlar"), 403, 400) },
  ...MODERATION_KEYS.map(
    ({ intent, subject, key }): Row => ({ key: `POST /yorumlar intent=${key}`, form: { intent, subject, reviewId: "99999999" }, expect: byRole(LOGIN("/yorumlar"), 403, 404) }),
  ),
  ...MODERATION_INTENT_NAMES.map(
    (intent): Row => ({ key: `POST /yorumlar intent=${intent} subject=blog`, form: { intent, subject: "blog", reviewId: "99999999" }, expect: byRole(LOGIN("/yorumlar"), 403, 404) }),
  ),
  // The blog's dashboard: corporate members (their companies' posts) and administrators (every
  // post, and the site's own, without a company: a corporate member is refused those). No such
  // company or post answers as another owner's does: 404 (tests/integration/blog-dashboard.test.ts
  // has the other owner's ids).
  { key: "GET /blog/liste", expect: corporateOnly("/blog/liste", 200) },
  { key: "GET /blog/liste/:corporateId", path: "/blog/liste/99999999", expect: corporateOnly("/blog/liste/99999999", 404) },
  { key: "GET /blog/yeni", expect: { ...corporateOnly("/blog/yeni", 403), admin: 200 } },
  { key: "POST /blog/yeni", form: { intent: "no-such-intent" }, expect: corporateOnly("/blog/yeni", 400) },
  { key: "POST /blog/yeni intent=save", form: { intent: "save" }, expect: { ...corporateOnly("/blog/yeni", 403), admin: 400 } },
  { key: "GET /blog/yeni/:corporateId", path: "/blog/yeni/99999999", expect: corporateOnly("/blog/yeni/99999999", 404) },
  { key: "POST /blog/yeni/:corporateId", path: "/blog/yeni/99999999", form: { intent: "no-such-intent" }, expect: corporateOnly("/blog/yeni/99999999", 400) },
  { key: "POST /blog/yeni/:corporateId intent=save", path: "/blog/yeni/99999999", form: { intent: "save" }, expect: corporateOnly("/blog/yeni/99999999", 404) },
  ...["/blog/duzenle/:id", "/blog/duzenle/:id/:corporateId"].flatMap((pattern): Row[] => {
    const path = pattern.replace(":id", "99999999").replace(":corporateId", "99999999");
    return [
      { key: `GET ${pattern}`, path, expect: corporateOnly(path, 404) },
      { key: `POST ${pattern}`, path, form: { intent: "no-such-intent" }, expect: corporateOnly(path, 400) },
      { key: `POST ${pattern} intent=save`, path, form: { intent: "save" }, expect: corporateOnly(path, 404) },
      { key: `POST ${pattern} intent=state`, path, form: { intent: "state", state: "published" }, expect: corporateOnly(path, 404) },
    ];
  }),
  // Speed test: the test and a share page for everyone, the evidence report for its owner.
  { key: "GET /internet-hiz-testi", expect: all(200) },
  { key: "GET /internet-hiz-testi/sonuc/:id", path: "/internet-hiz-testi/sonuc/AAAAAAAAAAAAAAAA", expect: all(404) },
  { key: "GET /internet-hiz-testi/rapor", expect: byRole(LOGIN("/internet-hiz-testi/rapor"), 200) },
  { key: "GET /internet-hiz-testi/rapor/csv", expect: byRole(LOGIN("/internet-hiz-testi/rapor/csv"), 200) },
  // Packages: public lists; a package path that names nothing is a 404 for everyone.
  { key: "GET /paketler", expect: all(200) },
  { key: "GET /paketler/karsilastir", expect: all(200) },
  { key: "GET /:subType/:company/paket/:packageUrl", path: "/kablolu-internet/yok-sirket/paket/yok-paket", expect: all(404) },
  { key: "POST /:subType/:company/paket/:packageUrl", path: "/kablolu-internet/yok-sirket/paket/yok-paket", form: { intent: "subscribe" }, expect: all(404) },
  // A package on sale: anyone may send a request (an empty form is refused by its checks);
  // reviews need a user, answers the company's owner (no such review: 404; an individual: 403).
  { key: "POST /:subType/:company/paket/:packageUrl intent=subscribe", path: MATRIX_PACKAGE, form: { intent: "subscribe" }, expect: all(400) },
  { key: "POST /:subType/:company/paket/:packageUrl intent=callMe", path: MATRIX_PACKAGE, form: { intent: "callMe" }, expect: all(400) },
  { key: "POST /:subType/:company/paket/:packageUrl intent=review", path: MATRIX_PACKAGE, form: { intent: "review" }, expect: byRole(401, 400) },
  {
    key: "POST /:subType/:company/paket/:packageUrl intent=answer",
    path: MATRIX_PACKAGE,
    form: { intent: "answer", reviewId: "99999999", answer: "Teşekkür ederiz." },
    expect: { ...byRole(401, 403, 404), corporate: 404 },
  },
  // The commitment reminder: open to everyone; an empty form reaches the checks (a guest's
  // reminder needs an address, anyone's an end date).
  { key: `POST /:subType/:company/paket/:packageUrl intent=${REMINDER_INTENT}`, path: MATRIX_PACKAGE, form: { intent: REMINDER_INTENT }, expect: all(400) },
  // A commitment reminder's mailed link: an unknown one is a 404 for everyone, to look at or to use.
  { key: "GET /taahhut-hatirlatma/:token", path: "/taahhut-hatirlatma/yanlis-baglanti", expect: all(404) },
  { key: "POST /taahhut-hatirlatma/:token", path: "/taahhut-hatirlatma/yanlis-baglanti", form: { intent: "unsubscribe" }, expect: all(404) },
  ...["confirm", "unsubscribe"].map(
    (intent): Row => ({ key: `POST /taahhut-hatirlatma/:token intent=${intent}`, path: "/taahhut-hatirlatma/yanlis-baglanti", form: { intent }, expect: all(404) }),
  ),
  { key: "GET /404", expect: all(404) },
  { key: "GET /*", path: "/bu-sayfa-hic-yok", expect: all(404) },
];

/** Corporate users and administrators get `ok`; other signed-in users 403; guests sign in first. */
function corporateOnly(from: string, ok: Expected): Expectations {
  return { ...byRole(LOGIN(from), 403), corporate: ok, admin: ok };
}

function HOME_ALL(): Expectations {
  return all(HOME);
}

const API_ROWS: Row[] = [
  { key: "POST /api/v1/corporate/sub-types", expect: all(200) },
  { key: "POST /api/v1/ttservice/cities", expect: all(200) },
  { key: "POST /api/v1/ttservice/cities-for-footer", expect: all(200) },
  { key: "POST /api/v1/blog/categories", expect: all(200) },
  { key: "POST /api/v1/home/add-mail-to-list", json: {}, expect: all(400) },
  { key: "POST /api/v1/contact", multipart: true, form: {}, expect: all(400) },
  { key: "POST /api/v1/register", json: {}, expect: all(400) },
  { key: "POST /api/v1/login", json: {}, expect: all(400) },
  { key: "POST /api/v1/logout", expect: all(200) },
  { key: "POST /api/v1/verification-mail", expect: { ...byRole(401, 409), unverified: 200 } },
  { key: "GET /api/v1/me", expect: byRole(401, 200) },
  // The pages reached from mails: a wrong code is a 404 for everyone; an empty forgot form reaches its checks.
  { key: "POST /api/v1/forgot-password", json: {}, expect: all(400) },
  { key: "POST /api/v1/reset-password/check", json: { code: "yanlis-kod" }, expect: all(404) },
  { key: "POST /api/v1/reset-password", json: { code: "yanlis-kod", password: "Yeni-Parola-2024", passwordConfirm: "Yeni-Parola-2024" }, expect: all(404) },
  { key: "POST /api/v1/verify-email", json: { code: "yanlis-kod" }, expect: all(404) },
  // The settings page's calls: the caller's own account (an empty form reaches the checks; no social link or photo is valid).
  { key: "GET /api/v1/my/profile", expect: byRole(401, 200) },
  { key: "POST /api/v1/my/profile", json: {}, expect: byRole(401, 400) },
  { key: "POST /api/v1/my/profile/social", json: {}, expect: byRole(401, 200) },
  { key: "POST /api/v1/my/notifications", json: {}, expect: byRole(401, 400) },
  { key: "POST /api/v1/my/profile/photo", multipart: true, form: { note: "no file" }, expect: byRole(401, 400) },
  { key: "POST /api/v1/my/profile/photo/remove", expect: byRole(401, 200) },
  { key: "POST /api/v1/my/password", json: {}, expect: byRole(401, 400) },
  { key: "POST /api/v1/my/deletion-request", json: {}, expect: byRole(401, 400) },
  // The user administration calls: administrators only, refused (403) before the id is read; no such user is a 404.
  { key: "GET /api/v1/admin/users", expect: byRole(401, 403, 200) },
  { key: "GET /api/v1/admin/users/{id}", path: "/api/v1/admin/users/99999999", expect: byRole(401, 403, 404) },
  ...["grant-admin", "revoke-admin", "deactivate", "restore"].map(
    (action): Row => ({ key: `POST /api/v1/admin/users/{id}/${action}`, path: `/api/v1/admin/users/99999999/${action}`, expect: byRole(401, 403, 404) }),
  ),
  // Company directory
  { key: "GET /api/v1/companies", expect: all(200) },
  { key: "GET /api/v1/companies/{slug}", path: "/api/v1/companies/matris-net", expect: all(200) },
  { key: "GET /api/v1/companies/{slug}/reviews", path: "/api/v1/companies/matris-net/reviews", expect: all(200) },
  { key: "POST /api/v1/companies/{slug}/reviews", path: "/api/v1/companies/matris-net/reviews", json: {}, expect: byRole(401, 400) },
  // The profile's requests (no package): anyone may send one; an empty body is refused by its checks.
  { key: "POST /api/v1/companies/{slug}/subscribe", path: "/api/v1/companies/matris-net/subscribe", json: {}, expect: all(400) },
  { key: "POST /api/v1/companies/{slug}/call-me", path: "/api/v1/companies/matris-net/call-me", json: {}, expect: all(400) },
  {
    key: "POST /api/v1/reviews/{id}/answer",
    path: "/api/v1/reviews/99999999/answer",
    json: { answer: "Teşekkür ederiz." },
    expect: { ...byRole(401, 403, 404), corporate: 404 },
  },
  // Company dashboard calls
  { key: "GET /api/v1/my/companies", expect: { ...byRole(401, 403), corporate: 200, admin: 200 } },
  { key: "POST /api/v1/my/companies", json: {}, expect: { ...byRole(401, 403), corporate: 400, admin: 400 } },
  { key: "POST /api/v1/my/companies/{id}", path: "/api/v1/my/companies/99999999", json: {}, expect: { ...byRole(401, 403), corporate: 400, admin: 400 } },
  // The administrators' company calls: any other account is refused (403) before the id is read; no such company is a 404.
  { key: "GET /api/v1/admin/company-approvals", expect: byRole(401, 403, 200) },
  { key: "POST /api/v1/admin/companies/{id}/approve", path: "/api/v1/admin/companies/99999999/approve", expect: byRole(401, 403, 404) },
  { key: "POST /api/v1/admin/companies/{id}/reject", path: "/api/v1/admin/companies/99999999/reject", json: { reason: "Eksik bilgi var." }, expect: byRole(401, 403, 404) },
  { key: "GET /api/v1/admin/companies/{id}/sponsorships", path: "/api/v1/admin/companies/99999999/sponsorships", expect: byRole(401, 403, 404) },
  {
    key: "POST /api/v1/admin/companies/{id}/sponsorships",
    path: "/api/v1/admin/companies/99999999/sponsorships",
    json: { from: "2026-01-01", until: "2026-01-31" },
    expect: byRole(401, 403, 404),
  },
  { key: "POST /api/v1/admin/companies/{id}/sponsorships/end", path: "/api/v1/admin/companies/99999999/sponsorships/end", expect: byRole(401, 403, 404) },
  { key: "POST /api/v1/admin/companies/{id}/flags", path: "/api/v1/admin/companies/99999999/flags", json: { verified: true }, expect: byRole(401, 403, 404) },
  // Package screens and lead inbox calls: no such company or package answers as another owner's: 404.
  { key: "GET /api/v1/my/companies/{id}/packages", path: "/api/v1/my/companies/99999999/packages", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/companies/{id}/packages", path: "/api/v1/my/companies/99999999/packages", json: {}, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/companies/{id}/packages/{packageId}", path: "/api/v1/my/companies/99999999/packages/99999999", json: {}, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  ...["withdraw", "restore", "duplicate"].map(
    (action): Row => ({
      key: `POST /api/v1/my/companies/{id}/packages/{packageId}/${action}`,
      path: `/api/v1/my/companies/99999999/packages/99999999/${action}`,
      expect: { ...byRole(401, 403), corporate: 404, admin: 404 },
    }),
  ),
  { key: "GET /api/v1/my/companies/{id}/leads", path: "/api/v1/my/companies/99999999/leads", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/leads/{id}", path: "/api/v1/my/leads/99999999", json: { state: "closed" }, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "GET /api/v1/my/companies/{id}/delivery", path: "/api/v1/my/companies/99999999/delivery", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/companies/{id}/delivery", path: "/api/v1/my/companies/99999999/delivery", json: {}, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/companies/{id}/delivery/test", path: "/api/v1/my/companies/99999999/delivery/test", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  // A package's sponsored period: administrators only, refused (403) before the id is read; no such package is a 404.
  { key: "GET /api/v1/admin/packages/{id}/sponsorship", path: "/api/v1/admin/packages/99999999/sponsorship", expect: byRole(401, 403, 404) },
  {
    key: "POST /api/v1/admin/packages/{id}/sponsorship",
    path: "/api/v1/admin/packages/99999999/sponsorship",
    json: { from: "2026-01-01", until: "2026-01-31" },
    expect: byRole(401, 403, 404),
  },
  { key: "POST /api/v1/admin/packages/{id}/sponsorship/end", path: "/api/v1/admin/packages/99999999/sponsorship/end", expect: byRole(401, 403, 404) },
  // The infrastructure query (demo source): open to everyone, the same answer for every role.
  { key: "POST /api/v1/ttservice/districts", json: { code: 34 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/subdistricts", json: { code: 3401 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/villages", json: { code: 34011 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/neighbourhoods", json: { code: 340111 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/streets", json: { code: 100000 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/buildings", json: { code: 10000000 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/flats", json: { code: 20000000 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/flat-by-code", json: { bbk: 200000000 }, expect: all(200) },
  { key: "POST /api/v1/ttservice/flat-by-uavt", json: { uavt: "1000000000" }, expect: all(200) },
  { key: "POST /api/v1/ttservice/flat-by-landline", json: { phone: "0322 200 00 00" }, expect: all(200) },
  { key: "POST /api/v1/ttservice/query", json: { bbk: 200000000 }, expect: all(200) },
  // Report wrong data: open to everyone; an empty body reaches the checks (and spends nothing of the hourly budget).
  { key: "POST /api/v1/ttservice/report", json: {}, expect: all(400) },
  // Alert me, and the alert's mailed link: open to everyone (an empty form reaches the checks; an unknown link is a 404).
  { key: "POST /api/v1/ttservice/alert", json: {}, expect: all(400) },
  ...["link", "confirm", "unsubscribe"].map(
    (action): Row => ({ key: `POST /api/v1/ttservice/alert/${action}`, json: { token: "yanlis-baglanti" }, expect: all(404) }),
  ),
  { key: "GET /api/v1/admin/infrastructure-reports", expect: byRole(401, 403, 200) },
  // Speed test: the streams take a test id (none here: 404; no size: 400), answered by its worker thread.
  { key: "POST /api/v1/speedtest/start", expect: all(200) },
  { key: "GET /api/v1/speedtest/ping", expect: all(404) },
  { key: "GET /api/v1/speedtest/download", expect: all(400) },
  { key: "POST /api/v1/speedtest/upload", expect: all(404) },
  { key: "POST /api/v1/speedtest/finish", expect: all(404) },
  { key: "POST /api/v1/speedtest/results", json: {}, expect: all(400) },
  { key: "GET /api/v1/speedtest/results", expect: byRole(401, 200) },
  // A member's speed-test history for the apps: signed in only.
  { key: "GET /api/v1/my/speedtests", expect: byRole(401, 200) },
  { key: "GET /api/v1/speedtest/results/{id}", path: "/api/v1/speedtest/results/AAAAAAAAAAAAAAAA", expect: all(404) },
  { key: "GET /api/v1/speedtest/stats", path: "/api/v1/speedtest/stats?by=city", expect: all(200) },
  { key: "GET /api/v1/speedtest/providers", expect: all(200) },
  { key: "GET /api/v1/speedtest/providers/{id}/packages", path: "/api/v1/speedtest/providers/99999999/packages", expect: all(404) },
  { key: "GET /api/v1/speedtest/districts", path: "/api/v1/speedtest/districts?city=6", expect: all(200) },
  // Packages: public; a request form is checked before anything is looked up.
  { key: "POST /api/v1/packages/search", json: {}, expect: all(200) },
  { key: "GET /api/v1/packages/{id}", path: "/api/v1/packages/999999", expect: all(404) },
  { key: "GET /api/v1/packages/{id}/price-history", path: "/api/v1/packages/999999/price-history", expect: all(404) },
  { key: "GET /api/v1/companies/{slug}/price-changes", path: "/api/v1/companies/yok-boyle-sirket/price-changes", expect: all(404) },
  { key: "GET /api/v1/companies/{slug}/scorecard", path: "/api/v1/companies/yok-boyle-sirket/scorecard", expect: all(404) },
  { key: "GET /api/v1/companies/{slug}/outages", path: "/api/v1/companies/matris-net/outages", expect: all(200) },
  { key: "POST /api/v1/companies/{slug}/outages", path: "/api/v1/companies/matris-net/outages", json: {}, expect: all(400) },
  // Outage alerts: asked for by a member (an empty body is refused by its checks); the mailed link's calls by whoever holds it.
  { key: "POST /api/v1/companies/{slug}/outage-alerts", path: "/api/v1/companies/matris-net/outage-alerts", json: {}, expect: byRole(401, 400) },
  ...["link", "confirm", "unsubscribe"].map((action): Row => ({ key: `POST /api/v1/outage-alerts/${action}`, json: { token: "yanlis-baglanti" }, expect: all(404) })),
  // A member's own outage alerts (no such one, or another's: 404).
  { key: "GET /api/v1/my/outage-alerts", expect: byRole(401, 200) },
  { key: "POST /api/v1/my/outage-alerts/{id}/off", path: "/api/v1/my/outage-alerts/99999999/off", expect: byRole(401, 404) },
  { key: "POST /api/v1/packages/compare", json: { ids: [] }, expect: all(200) },
  { key: "POST /api/v1/packages/{id}/subscribe", path: "/api/v1/packages/999999/subscribe", json: {}, expect: all(400) },
  { key: "POST /api/v1/packages/{id}/call-me", path: "/api/v1/packages/999999/call-me", json: {}, expect: all(400) },
  // Package reviews: read by anyone (no such package: 404), written by a user (an empty body is
  // refused by its checks first), answered by the company's owner or an administrator.
  { key: "GET /api/v1/packages/{id}/reviews", path: "/api/v1/packages/999999/reviews", expect: all(404) },
  { key: "POST /api/v1/packages/{id}/reviews", path: "/api/v1/packages/999999/reviews", json: {}, expect: byRole(401, 400) },
  {
    key: "POST /api/v1/package-reviews/{id}/answer",
    path: "/api/v1/package-reviews/99999999/answer",
    json: { answer: "Teşekkür ederiz." },
    expect: { ...byRole(401, 403, 404), corporate: 404 },
  },
  // Moderation of company and package reviews: administrators only.
  ...REVIEW_SUBJECTS.flatMap((subject): Row[] => [
    { key: `GET /api/v1/admin/${subject}-reviews`, expect: byRole(401, 403, 200) },
    ...MODERATION_INTENT_NAMES.map(
      (intent): Row => ({
        key: `POST /api/v1/admin/${subject}-reviews/{id}/${intent}`,
        path: `/api/v1/admin/${subject}-reviews/99999999/${intent}`,
        expect: byRole(401, 403, 404),
      }),
    ),
  ]),
  // Blog: lists and public posts for everyone (no such post: 404); comments written by members
  // (an empty body reaches the checks); the dashboard's posts for corporate members and
  // administrators (no such post: 404, as another owner's); the site's own posts (no company)
  // for administrators only; moderation and featuring for administrators.
  { key: "GET /api/v1/search", path: "/api/v1/search?q=fiber", expect: all(200) },
  { key: "GET /api/v1/search/suggestions", path: "/api/v1/search/suggestions?q=fib", expect: all(200) },
  { key: "GET /api/v1/search/popular", path: "/api/v1/search/popular", expect: all(200) },
  { key: "GET /api/v1/blog/posts", expect: all(200) },
  { key: "GET /api/v1/blog/highlights", expect: all(200) },
  { key: "GET /api/v1/blog/posts/{id}", path: "/api/v1/blog/posts/99999999", expect: all(404) },
  { key: "POST /api/v1/blog/posts/{id}/view", path: "/api/v1/blog/posts/99999999/view", expect: all(404) },
  { key: "GET /api/v1/blog/posts/{id}/comments", path: "/api/v1/blog/posts/99999999/comments", expect: all(404) },
  { key: "POST /api/v1/blog/posts/{id}/comments", path: "/api/v1/blog/posts/99999999/comments", json: {}, expect: byRole(401, 400) },
  { key: "GET /api/v1/my/blog/posts", expect: { ...byRole(401, 403), corporate: 200, admin: 200 } },
  { key: "GET /api/v1/my/blog/posts/{id}", path: "/api/v1/my/blog/posts/99999999", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "GET /api/v1/my/blog/posts/{id}/preview", path: "/api/v1/my/blog/posts/99999999/preview", expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/blog/posts", json: {}, expect: { ...byRole(401, 403), corporate: 403, admin: 400 } },
  { key: "POST /api/v1/my/blog/posts/{id}", path: "/api/v1/my/blog/posts/99999999", json: {}, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  { key: "POST /api/v1/my/blog/posts/{id}/state", path: "/api/v1/my/blog/posts/99999999/state", json: { state: "published" }, expect: { ...byRole(401, 403), corporate: 404, admin: 404 } },
  // A picture for a post's body: without post or company it is the site's (administrators only); no file reaches the checks.
  { key: "POST /api/v1/my/blog/images", multipart: true, form: { note: "no file" }, expect: { ...byRole(401, 403), corporate: 403, admin: 400 } },
  { key: "POST /api/v1/admin/blog-posts/{id}/featured", path: "/api/v1/admin/blog-posts/99999999/featured", json: { featured: true }, expect: byRole(401, 403, 404) },
  { key: "GET /api/v1/admin/blog-comments", expect: byRole(401, 403, 200) },
  ...MODERATION_INTENT_NAMES.map(
    (intent): Row => ({ key: `POST /api/v1/admin/blog-comments/{id}/${intent}`, path: `/api/v1/admin/blog-comments/99999999/${intent}`, expect: byRole(401, 403, 404) }),
  ),
  { key: "POST /api/v1/packages/{id}/commitment-reminder", path: "/api/v1/packages/999999/commitment-reminder", json: {}, expect: all(400) },
  // A reminder's mailed link: an unknown one is a 404 for everyone.
  ...["link", "confirm", "unsubscribe"].map(
    (action): Row => ({ key: `POST /api/v1/commitment-reminders/${action}`, json: { token: "yanlis-baglanti" }, expect: all(404) }),
  ),
  // A signed-in person's own reminders (no such one, or another's: 404).
  { key: "GET /api/v1/my/commitment-reminders", expect: byRole(401, 200) },
  { key: "POST /api/v1/my/commitment-reminders/{id}/delete", path: "/api/v1/my/commitment-reminders/99999999/delete", expect: byRole(401, 404) },
];

/** "/x" → "/en/x", "/" → "/en": the English twin of a Turkish path (decision 008). */
const english = (p: string) => (p === "/" ? "/en" : `/en${p}`);

/**
 * A page route's English twin answers as its Turkish page does, its redirects staying in English:
 * the target is the English page, and a sign-in's redirectTo is the English page asked for.
 */
function twinRow(row: Row, basePattern: string, twinPattern: string): Row {
  const [method] = row.key.split(" ");
  const suffix = row.key.slice(`${method} ${basePattern}`.length);
  const toEnglish = (e: Expected): Expected => {
    const [status, location] = String(e).split(" ");
    if (!location) return e;
    const url = new URL(location, "http://site.invalid");
    const back = url.searchParams.get("redirectTo");
    if (back) url.searchParams.set("redirectTo", english(back));
    const query = url.search.replace(/\+/g, "%20");
    return `${status} ${english(url.pathname)}${query}` as Expected;
  };
  return {
    ...row,
    key: `${method} ${twinPattern}${suffix}`,
    path: `/en${row.path ?? basePattern}`.replace(/(.)\/$/, "$1"),
    expect: Object.fromEntries(Object.entries(row.expect).map(([r, e]) => [r, toEnglish(e)])) as Expectations,
  };
}

let t: TestApp;
let openapi: OpenApiDocument;
const passwordHash = await hashPassword("Parola1234");
let seq = 0;

async function createAccount(opts: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  seq++;
  const [row] = await t.app.db
    .insert(users)
    .values({
      fullName: `Matris Üye ${seq}`,
      email: `matrix.${seq}.${Date.now()}@example.com`,
      passwordHash,
      accountType: "individual",
      emailVerifiedAt: new Date(),
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
      ...opts,
    })
    .returning({ id: users.id });
  return row.id;
}

const ROLE_ACCOUNTS: Record<Exclude<Role, "guest">, Partial<typeof users.$inferInsert>> = {
  individual: {},
  unverified: { emailVerifiedAt: null },
  corporate: { accountType: "corporate" },
  admin: { isAdmin: true },
  deactivated: { removedAt: new Date() },
  deletionRequested: { deletionRequestedAt: new Date() },
};
const accountIds = new Map<Role, number>();

beforeAll(async () => {
  t = await startTestApp({}, { speedtest: {} });
  for (const [role, values] of Object.entries(ROLE_ACCOUNTS)) accountIds.set(role as Role, await createAccount(values));
  const company = await insertCompany(t.app.db, { name: "Matris Net", provinces: [35] });
  await makePackage(t.app.db, company.id, { title: "Matris Fiber 24", slug: "matris-fiber-24", price: "500", commitmentMonths: 24, commitmentPrice: "350", priceAfterCommitment: "600" });
  const post = await insertPost(t.app.db, { title: "Matris blog yazısı" });
  await t.app.db.update(blogPosts).set({ id: MATRIX_POST_ID }).where(eq(blogPosts.id, post.id));
  openapi = (await (await t.fetch("/api/v1/openapi.json")).json()) as OpenApiDocument;
});
afterAll(() => t?.close());
// The contact rows send more than the hourly budget of one address; each starts with a fresh one.
// So do the newsletter rows (both languages), and the unverified account's verification mails.
beforeEach(async () => {
  await resetLimit(t.app.limits, CONTACT_LIMIT, "127.0.0.1");
  await resetLimit(t.app.limits, NEWSLETTER_LIMIT, "127.0.0.1");
  await resetLimit(t.app.limits, RESEND_VERIFY_LIMIT, String(accountIds.get("unverified")));
});

/** A fresh session per request (a logout row must not end the sessions other rows use). */
async function credentials(role: Role, kind: "web" | "api"): Promise<string | undefined> {
  if (role === "guest") return undefined;
  const id = accountIds.get(role)!;
  // Deactivated and deletion-requested accounts keep no session: one made now must be void.
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return (await createSession(t.app.db, user.id, kind)).token;
}

function allRows(): Row[] {
  const twins = pageRoutes().filter((r) => r.twinOf);
  const rows = [...PAGE_ROWS];
  for (const twin of twins) {
    for (const row of PAGE_ROWS.filter((r) => r.key.split(" ")[1] === twin.twinOf)) rows.push(twinRow(row, twin.twinOf!, twin.pattern));
  }
  return [...rows, ...API_ROWS];
}

/** "POST <pattern> intent=<name>" for a form's page and its English twin. */
function intentKeys(base: string, intents: readonly string[]): string[] {
  const patterns = pageRoutes().filter((r) => r.pattern === base || r.twinOf === base).map((r) => r.pattern);
  return patterns.flatMap((p) => intents.map((i) => `POST ${p} intent=${i}`));
}

describe("the matrix covers everything", () => {
  it("has exactly one row per page route and method, per real form intent and per documented call", () => {
    const rows = allRows().map((r) => r.key);
    const wanted = [
      ...pageKeys(),
      // Every intent of every page's forms (tests/helpers/page-forms.ts, checked against the pages in page-calls.test.ts).
      ...[...new Set(PAGE_FORMS.map((f) => f.page))].flatMap((page) => intentKeys(page, pageIntents(page))),
      ...apiKeys(openapi),
    ];
    expect(rows.filter((k, i) => rows.indexOf(k) !== i), "rows listed twice").toEqual([]);
    expect(wanted.filter((k) => !rows.includes(k)), "pages, intents and calls without a row").toEqual([]);
    expect(rows.filter((k) => !wanted.includes(k)), "rows for what does not exist").toEqual([]);
  });
});

async function send(row: Row, role: Role): Promise<Response> {
  const [method, pattern] = row.key.split(" ");
  const target = row.path ?? pattern;
  const isApi = target.startsWith("/api/");
  const token = await credentials(role, isApi ? "api" : "web");
  const headers: Record<string, string> = {};
  const ctx: RowContext = { role, target: (o = {}) => createAccount(o) };
  const fields = typeof row.form === "function" ? await row.form(ctx) : row.form;
  let body: BodyInit | undefined;
  if (isApi) {
    if (token) headers.authorization = `Bearer ${token}`;
    if (row.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(row.json);
    } else if (row.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields ?? {})) form.set(k, v);
      body = form;
    }
  } else {
    const cookies = token ? [`gb_session=${token}`] : [];
    if (method === "POST") {
      const s = await getFormSession(t, "/");
      cookies.push(s.cookie);
      if (row.multipart) {
        const form = new FormData();
        form.set("csrf", s.csrf);
        for (const [k, v] of Object.entries(fields ?? {})) form.set(k, v);
        body = form;
      } else {
        body = new URLSearchParams({ csrf: s.csrf, ...fields });
      }
    }
    if (cookies.length) headers.cookie = cookies.join("; ");
  }
  return t.fetch(target, { method, headers, body });
}

describe("permission matrix", () => {
  for (const row of allRows()) {
    for (const role of ROLES) {
      const expected = row.expect[role];
      it(`${row.key} as ${role} → ${expected}`, async () => {
        const res = await send(row, role);
        const [status, location] = String(expected).split(" ");
        expect(res.status).toBe(Number(status));
        if (location) expect(res.headers.get("location")).toBe(location);
      });
    }
  }
});
