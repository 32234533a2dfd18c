// What each page's forms ask, and the /api/v1 call that does the same through the same service:
// the apps can do what a page can do (DESIGN.md, "the same service layer answers a JSON API").
// The permission matrix takes its per-intent rows from this list, and
// tests/integration/page-calls.test.ts checks every named call is in the OpenAPI document and
// that no page's form is missing from the list.
import { OUTAGE_PAGE_INTENTS } from "../../common/forms/outages";
import { USER_ACTIONS, type UserAction } from "../../server/accounts/admin-users";
import { SETTINGS_INTENTS, type SettingsIntent } from "../../common/forms/settings";
import { COMPANY_EDIT_INTENTS, MODERATION_INTENT_NAMES } from "../../common/forms/company-edit";
import { ANSWER_INTENTS } from "../../common/forms/infrastructure";
import { PROFILE_INTENTS } from "../../common/forms/companies";
import { PACKAGE_EDIT_INTENTS, PACKAGE_LIST_INTENTS } from "../../common/forms/packages";
import { LEAD_INBOX_INTENTS } from "../../common/forms/leads";
import { REMINDER_INTENT } from "../../common/forms/reminders";
import { PACKAGE_PAGE_INTENTS, REVIEW_SUBJECTS } from "../../common/reviews";
import { BLOG_EDIT_INTENTS, type BlogEditIntent } from "../../common/forms/blog-fields";

/** An operationId of the OpenAPI document, or why the form has no call (a matter of the browser alone). */
export type PageCall = string | { browserOnly: string };

export interface PageForm {
  /** The page's route pattern (its English twin under /en answers the same). */
  page: string;
  /**
   * The form's `intent`; null for a page whose one form posts no intent. The moderation page's
   * forms are told apart by their `subject` too ("confirm subject=company").
   */
  intent: string | null;
  /** The request that does it: POST (a form) unless the page's GET does the work (a mailed link). */
  method?: "GET" | "POST";
  call: PageCall;
}

/**
 * The rows of a page whose forms dispatch on the intents of `intents` (the constant the page's
 * action reads): a row per intent, its call looked up in `calls`. An intent added to the constant
 * without a call gets `undefined`, which the page-calls test reports.
 */
function dispatching<I extends string>(page: string, intents: readonly I[], calls: Record<I, PageCall>): PageForm[] {
  return intents.map((intent) => ({ page, intent, call: calls[intent] }));
}

const COMPANY_EDIT_CALLS = (save: string) => ({ save, sponsor: "sponsorCompany", unsponsor: "endCompanySponsorship", flags: "setCompanyFlags" });

export const PAGE_FORMS: PageForm[] = [
  { page: "/iletisim", intent: null, call: "sendContactForm" },
  { page: "/bulten", intent: null, call: "subscribeToNewsletter" },
  {
    page: "/tercih",
    intent: null,
    call: { browserOnly: "theme, language and cookie consent are the browser's own preferences, kept in its cookies; an app keeps its own" },
  },
  { page: "/cikis", intent: null, call: "logout" },
  // Accounts
  { page: "/hesap-olustur", intent: null, call: "register" },
  { page: "/giris", intent: null, call: "login" },
  { page: "/sifirla/sifre", intent: null, call: "requestPasswordReset" },
  { page: "/sifirla/sifre/:code", intent: null, call: "resetPassword" },
  // Opening the mailed link is what verifies: the page's GET does it.
  { page: "/dogrula/mail/:code", intent: null, method: "GET", call: "verifyEmail" },
  { page: "/kullanici/profil", intent: "resendVerification", call: "resendVerificationMail" },
  ...dispatching("/ayarlar", SETTINGS_INTENTS, {
    account: "updateOwnProfile",
    photo: "uploadOwnPhoto",
    removePhoto: "removeOwnPhoto",
    notifications: "updateOwnNotifications",
    social: "updateOwnSocialLinks",
    password: "changeOwnPassword",
    deleteReminder: "deleteOwnCommitmentReminder",
    outageAlertOff: "turnOffOwnOutageAlert",
    delete: "requestOwnAccountDeletion",
  } satisfies Record<SettingsIntent, PageCall>),
  ...dispatching("/kullanicilar", USER_ACTIONS, {
    grantAdmin: "grantAdmin",
    revokeAdmin: "revokeAdmin",
    deactivate: "deactivateUser",
    restore: "restoreUser",
  } satisfies Record<UserAction, PageCall>),
  // Infrastructure
  ...dispatching("/internet-altyapi-hiz-sorgulama/daire/:bbk", ANSWER_INTENTS, { report: "reportWrongInfrastructure", alert: "requestInfrastructureAlert" }),
  ...dispatching("/altyapi-uyari/:token", ["confirm", "unsubscribe"], { confirm: "confirmInfrastructureAlert", unsubscribe: "unsubscribeInfrastructureAlert" }),
  // Outage reports and alerts
  ...dispatching("/:subType/:company/kesinti", OUTAGE_PAGE_INTENTS, { report: "reportProviderOutage", alert: "requestProviderOutageAlert" }),
  ...dispatching("/kesinti-uyari/:token", ["confirm", "unsubscribe"], { confirm: "confirmOutageAlert", unsubscribe: "unsubscribeOutageAlert" }),
  // Companies
  ...dispatching("/:subType/:company", PROFILE_INTENTS, {
    review: "writeCompanyReview",
    answer: "answerCompanyReview",
    subscribe: "sendCompanySubscriptionRequest",
    callMe: "sendCompanyCallMeRequest",
  }),
  // The new company's page shares the edit page's action; its sponsorship and flags act on a saved company.
  ...dispatching("/isletme/yeni-isletme", COMPANY_EDIT_INTENTS, COMPANY_EDIT_CALLS("createOwnCompany")),
  ...dispatching("/isletme/duzenle/:id", COMPANY_EDIT_INTENTS, COMPANY_EDIT_CALLS("updateOwnCompany")),
  ...dispatching("/isletme/onay", ["approve", "reject"], { approve: "approveCompany", reject: "rejectCompany" }),
  ...dispatching(
    "/yorumlar",
    MODERATION_INTENT_NAMES.flatMap((intent) => REVIEW_SUBJECTS.map((subject) => `${intent} subject=${subject}`)),
    Object.fromEntries(
      MODERATION_INTENT_NAMES.flatMap((intent) =>
        REVIEW_SUBJECTS.map((subject) => [`${intent} subject=${subject}`, `${intent}${subject === "company" ? "Company" : "Package"}Review`]),
      ),
    ),
  ),
  ...dispatching(
    "/yorumlar",
    MODERATION_INTENT_NAMES.map((intent) => `${intent} subject=blog`),
    Object.fromEntries(MODERATION_INTENT_NAMES.map((intent) => [`${intent} subject=blog`, `${intent}BlogComment`])),
  ),
  // Blog posts, dashboard side
  ...["/blog/yeni", "/blog/yeni/:corporateId"].map((page) => ({ page, intent: "save", call: "createOwnBlogPost" })),
  ...["/blog/duzenle/:id", "/blog/duzenle/:id/:corporateId"].flatMap((page) =>
    dispatching(page, BLOG_EDIT_INTENTS, { save: "updateOwnBlogPost", state: "changeOwnBlogPostState" } satisfies Record<BlogEditIntent, PageCall>),
  ),
  // Packages
  ...dispatching("/:subType/:company/paket/:packageUrl", [...PACKAGE_PAGE_INTENTS, REMINDER_INTENT], {
    subscribe: "sendSubscriptionRequest",
    callMe: "sendCallMeRequest",
    review: "writePackageReview",
    answer: "answerPackageReview",
    reminder: "setCommitmentReminder",
  }),
  // Blog: a member's comment or reply under a post.
  ...dispatching("/blog/:categoryUrl/:blogUrl", ["comment"], { comment: "writeBlogComment" }),
  ...dispatching("/taahhut-hatirlatma/:token", ["confirm", "unsubscribe"], { confirm: "confirmCommitmentReminder", unsubscribe: "unsubscribeCommitmentReminder" }),
  ...dispatching("/isletme/paketler/liste/:id", PACKAGE_LIST_INTENTS, { duplicate: "duplicateOwnPackage", withdraw: "withdrawOwnPackage", restore: "restoreOwnPackage" }),
  ...dispatching("/isletme/paketler/yeni-paket/:id", ["save"], { save: "createOwnPackage" }),
  ...dispatching("/isletme/paketler/duzenle/:id/:packageId", PACKAGE_EDIT_INTENTS, { save: "updateOwnPackage", sponsor: "sponsorPackage", unsponsor: "endPackageSponsorship" }),
  ...dispatching("/isletme/talepler/:id", LEAD_INBOX_INTENTS, { updateLead: "updateOwnLead", settings: "setOwnDeliverySettings", testWebhook: "testOwnWebhook" }),
];

/** The intents of a page's forms, as the permission matrix's rows name them. */
export function pageIntents(page: string): string[] {
  return PAGE_FORMS.filter((f) => f.page === page && f.intent !== null).map((f) => f.intent!);
}
