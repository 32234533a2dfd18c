import { z } from "../../platform/api-zod";
import type { ApiCall, ApiWebhook } from "../../core/app-context";
import { alertSchema } from "../../../common/forms/infrastructure";
import { linkTokenSchema } from "../../../common/forms/link-token";
import { companyReviewSchema, reviewAnswerSchema } from "../../../common/forms/companies";
import { flatCodeSchema, landlineSchema, nodeLookupSchema, reportSchema, uavtSchema } from "../../../common/forms/infrastructure";
import { LEVEL_CALLS } from "../../../common/infrastructure/cascade";
import { speedtestResultSchema } from "../../../common/forms/speedtest";
import { packageSearchSchema } from "../../../common/forms/package-search";
import { guestReminderSchema } from "../../../common/forms/reminders";
import { dayInTurkey } from "../../../common/reminders";
import {
  blogCategoriesResponse,
  citiesResponse,
  compareBody,
  compareResponse,
  leadCreatedWebhookBody,
  reminderResponse,
  ownRemindersResponse,
  packageDetailResponse,
  packageSearchResponse,
  flatAnswerResponse,
  infraReportResponse,
  flatResponse,
  footerCitiesResponse,
  infraNodesResponse,
  subTypesResponse,
  speedtestFinishResponse,
  speedtestResultResponse,
  speedtestResultsResponse,
  ownSpeedtestsResponse,
  speedtestSavedResponse,
  speedtestStartResponse,
  speedtestStatsResponse,
  speedtestProvidersResponse,
  speedtestPackagesResponse,
  speedtestDistrictsResponse,
  speedtestUploadResponse,
  successResponse,
  testIdParam,
  managedPackagesResponse,
  packageWrittenResponse,
  packageWithdrawnResponse,
  inboxLeadsResponse,
  deliverySettingsResponse,
  deliverySettingsBody,
  deliverySettingsSavedResponse,
  webhookTestResponse,
  leadUpdateBody,
  packageSponsorshipResponse,
  packageSponsorshipSetResponse,
  packageSponsorshipEndedResponse,
  alertLinkResponse,
  alertStateResponse,
  reminderLinkResponse,
  reminderStateResponse,
  infraReportsResponse,
} from "./schemas";
import { reviewsResponse, reviewWrittenResponse } from "../../reviews/api-schemas";
import { callMeBody, leadResponse, subscribeBody } from "../../leads/api-schemas";
import { packageInputSchema } from "../../../common/forms/packages";
import { sponsorshipSchema } from "../../../common/forms/company-edit";

type Operation = ApiCall;

const LEVEL_NAMES = {
  district: "districts of a province",
  subdistrict: "sub-districts (bucak) of a district",
  village: "villages (köy) of a sub-district",
  neighbourhood: "neighbourhoods (mahalle) of a village",
  street: "streets (cadde/sokak) of a neighbourhood",
  building: "buildings of a street",
  flat: "flats of a building (their codes are BBK codes)",
} as const;

const infrastructureOperations: Operation[] = [
  ...(Object.keys(LEVEL_CALLS) as (keyof typeof LEVEL_CALLS)[]).map((level) => ({
    id: `list${LEVEL_CALLS[level][0].toUpperCase()}${LEVEL_CALLS[level].slice(1)}`,
    path: `/ttservice/${LEVEL_CALLS[level]}`,
    summary: `The ${LEVEL_NAMES[level]}; body: the parent's code`,
    tag: "infrastructure",
    body: { schema: nodeLookupSchema },
    response: infraNodesResponse,
    notFound: "No node with this parent code (E_NOT_FOUND)",
    upstream: true,
  })),
  {
    id: "findFlatByCode", path: "/ttservice/flat-by-code", summary: "A flat and its address by its BBK code", tag: "infrastructure",
    body: { schema: flatCodeSchema }, response: flatResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
  },
  {
    id: "findFlatByUavt", path: "/ttservice/flat-by-uavt", summary: "A flat and its address by its 10-digit UAVT address code", tag: "infrastructure",
    body: { schema: uavtSchema }, response: flatResponse, notFound: "No flat with this address code (E_NOT_FOUND)", upstream: true,
  },
  {
    id: "findFlatByLandline", path: "/ttservice/flat-by-landline", summary: "The flat a Turkish landline number belongs to (area code checked)", tag: "infrastructure",
    body: { schema: landlineSchema }, response: flatResponse, notFound: "No flat with this number (E_NOT_FOUND)", upstream: true,
  },
  {
    id: "queryFlat", path: "/ttservice/query", summary: "What reaches a flat: per technology availability, free port, speeds, line length, estimated copper speed", tag: "infrastructure",
    body: { schema: flatCodeSchema }, response: flatAnswerResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
  },
  {
    id: "reportWrongInfrastructure", path: "/ttservice/report",
    summary: "\"This answer is wrong\": what the person really has at a flat (technology, optional speed and note); nothing about the sender is stored; 5 an hour per address",
    tag: "infrastructure", body: { schema: reportSchema }, response: infraReportResponse, notFound: "No such flat (E_NOT_FOUND)", upstream: true,
  },
];

const testQuery = z.object({ t: testIdParam });

/** The speed test: streams served by its own worker thread, result store and statistics. */
const speedtestOperations: Operation[] = [
  { id: "startSpeedtest", path: "/speedtest/start", summary: "Start a speed test: its id, which the streams below take", tag: "speedtest", response: speedtestStartResponse },
  {
    id: "speedtestPing", method: "get", path: "/speedtest/ping", summary: "An empty answer: one round trip on a warm connection",
    tag: "speedtest", query: testQuery.extend({ n: z.string().optional().openapi({ description: "Any value, to tell requests apart" }) }),
    response: z.string().max(0), responseType: "application/octet-stream", notFound: "No such test for this address (E_NOT_FOUND)",
    conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "speedtestDownload", method: "get", path: "/speedtest/download",
    summary: "`bytes` incompressible random bytes (never compressed, never cached); limited per address (429)",
    tag: "speedtest", query: testQuery.extend({ bytes: z.string().regex(/^\d+$/).openapi({ description: "1 to 268435456" }) }),
    response: z.string().openapi({ format: "binary" }), responseType: "application/octet-stream",
    notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "speedtestUpload", path: "/speedtest/upload",
    summary: "An upload sink: any bytes (at most 256 MB, 15 s; past that the connection is cut); answers what the server received per slice",
    tag: "speedtest", query: testQuery, body: { type: "application/octet-stream", schema: z.string().openapi({ format: "binary" }) }, bodyOptional: true,
    response: speedtestUploadResponse, notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "finishSpeedtest", path: "/speedtest/finish", summary: "End a test: the server's signed receipt and its upload figure over the first `upTo` slices",
    tag: "speedtest", query: testQuery.extend({ upTo: z.string().regex(/^\d+$/).optional() }), response: speedtestFinishResponse,
    notFound: "No such test for this address (E_NOT_FOUND)", conflict: "The test has finished or expired (E_CONFLICT)",
  },
  {
    id: "saveSpeedtestResult", path: "/speedtest/results", auth: "optional",
    summary:
      "Store a finished test (with its receipt; its figures must fit the server's counts). Signed in: it joins the person's history; `share: false` keeps it there only (401 for a guest), and the same receipt posted again by its owner with `share: true` adds the choices and shares it, once",
    tag: "speedtest", body: { schema: speedtestResultSchema }, response: speedtestSavedResponse,
    conflict: "This test's result is already stored, or already shared (E_CONFLICT)",
  },
  {
    id: "listOwnSpeedtestResults", method: "get", path: "/speedtest/results", auth: "bearer",
    summary: "The signed-in person's results, newest first (the first 200; GET /my/speedtests pages them)", tag: "speedtest", response: speedtestResultsResponse,
  },
  {
    id: "listOwnSpeedtests", method: "get", path: "/my/speedtests", auth: "bearer",
    summary: "The signed-in person's speed-test history, shared and kept results alike, newest first, a page at a time (the history on the speed test page)",
    tag: "speedtest", query: z.object({ page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }) }), response: ownSpeedtestsResponse,
  },
  {
    id: "getSpeedtestResult", method: "get", path: "/speedtest/results/{id}", auth: "optional",
    summary: "One stored result (its share page's figures); a result kept private answers its owner only",
    tag: "speedtest", params: z.object({ id: z.string() }), response: speedtestResultResponse, notFound: "No such result, or another person's private one (E_NOT_FOUND)",
  },
  {
    id: "listSpeedtestProviders", method: "get", path: "/speedtest/providers",
    summary: "The internet providers a result can name (published companies in the internet category or with an internet package on sale)",
    tag: "speedtest", response: speedtestProvidersResponse,
  },
  {
    id: "listSpeedtestProviderPackages", method: "get", path: "/speedtest/providers/{id}/packages",
    summary: "A provider's internet packages on sale, slowest first, with their promised speeds",
    tag: "speedtest", params: z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The provider's company id", example: "12" }) }),
    response: speedtestPackagesResponse, notFound: "Not an internet provider's id (E_NOT_FOUND)",
  },
  {
    id: "listSpeedtestDistricts", method: "get", path: "/speedtest/districts", summary: "The districts of a province, as a result's district is written",
    tag: "speedtest", query: z.object({ city: z.string().openapi({ description: "The province's plate code, 1–81", example: "6" }) }),
    response: speedtestDistrictsResponse,
  },
  {
    id: "getSpeedtestStats", method: "get", path: "/speedtest/stats",
    summary: "Medians of download, upload and ping per province or per provider over the last 90 days, with counts; groups with fewer than 5 tests are left out",
    tag: "speedtest",
    query: z.object({
      by: z.enum(["city", "provider"]),
      city: z.string().optional().openapi({ description: "Only the tests of this province (plate code, 1–81)", example: "35" }),
      district: z.string().optional().openapi({ description: "Only the tests of this district of `city`", example: "Konak" }),
    }),
    response: speedtestStatsResponse,
  },
];

const packageIdParams = z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The package's id", example: "42" }) });
const reviewIdParams = z.object({ id: z.string().openapi({ description: "The review's id", example: "12" }) });
const pageQuery = z.object({ page: z.string().optional().openapi({ description: "Page number from 1", example: "1" }) });

/**
 * The calls not yet declared beside their area: documented here, served by the routers of this
 * folder. Each area's calls move into its module (`api`) and out of this list.
 */
export const legacyOperations: Operation[] = [
  { id: "listCorporateSubTypes", path: "/corporate/sub-types", summary: "Corporate types with their sub types", tag: "reference", response: subTypesResponse },
  { id: "listCities", path: "/ttservice/cities", summary: "The 81 provinces", tag: "reference", response: citiesResponse },
  { id: "listFooterCities", path: "/ttservice/cities-for-footer", summary: "Cities linked from the footer", tag: "reference", response: footerCitiesResponse },
  { id: "listBlogCategories", path: "/blog/categories", summary: "Blog categories", tag: "reference", response: blogCategoriesResponse },
  ...packageDashboardOperations(),
  ...packageAdminOperations(),
  ...infrastructureOperations,
  ...alertOperations(),
  ...speedtestOperations,
  {
    id: "searchPackages",
    path: "/packages/search",
    summary: "Packages matching every filter of /paketler, one page, with the count each filter value would give",
    tag: "packages",
    body: { schema: packageSearchSchema },
    response: packageSearchResponse,
    notFound: "The flat filter names no known flat (E_NOT_FOUND)",
    // The flat filter asks the infrastructure source.
    upstream: true,
  },
  {
    id: "getPackage",
    method: "get",
    path: "/packages/{id}",
    summary: "One public package: every term, the whole cost and the termination fee by month",
    tag: "packages",
    params: packageIdParams,
    response: packageDetailResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
  },
  {
    id: "comparePackages",
    path: "/packages/compare",
    summary: "Up to four packages side by side; the lowest total cost and the fastest named",
    tag: "packages",
    body: { schema: compareBody },
    response: compareResponse,
  },
  {
    id: "listPackageReviews",
    method: "get",
    path: "/packages/{id}/reviews",
    summary: "Confirmed reviews of a public package (20 a page, newest first), the caller's own review in any state, and whether the caller may answer",
    tag: "packages",
    auth: "optional",
    params: packageIdParams,
    query: pageQuery,
    response: reviewsResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
  },
  {
    id: "writePackageReview",
    path: "/packages/{id}/reviews",
    summary: "Write or replace the caller's review of a package on sale (one per user per package); it waits for an administrator. 5 an hour.",
    tag: "packages",
    auth: "bearer",
    params: packageIdParams,
    body: { schema: companyReviewSchema },
    response: reviewWrittenResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
    conflict: "The package was withdrawn; it takes no reviews (E_CONFLICT)",
  },
  {
    id: "answerPackageReview",
    path: "/package-reviews/{id}/answer",
    summary: "The company's one public answer to a confirmed review of one of its packages (its owner or an administrator)",
    tag: "packages",
    auth: "bearer",
    params: reviewIdParams,
    body: { schema: reviewAnswerSchema },
    response: successResponse,
    notFound: "No review of the caller's companies' packages has this id (E_NOT_FOUND)",
    forbidden: "The caller is an individual account (E_FORBIDDEN)",
    conflict: "The review is not confirmed, or already answered (E_CONFLICT)",
  },
  {
    id: "sendSubscriptionRequest",
    path: "/packages/{id}/subscribe",
    summary:
      "Subscription request (name, surname, phone, consent; optionally the flat it is for and a call-back slot) passed to the company by mail and its webhook (the `lead.created` webhook); a reference number back. The same request again within 10 minutes (same package, phone and flat) answers the first one's reference",
    tag: "packages",
    params: packageIdParams,
    body: { schema: subscribeBody },
    response: leadResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
    conflict: "The package was withdrawn (E_CONFLICT)",
  },
  {
    id: "sendCallMeRequest",
    path: "/packages/{id}/call-me",
    summary: "Call-me request (full name, phone; optionally the flat it is for and a call-back slot) passed to the company; a reference number back",
    tag: "packages",
    params: packageIdParams,
    body: { schema: callMeBody },
    response: leadResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
    conflict: "The package was withdrawn (E_CONFLICT)",
  },
  {
    id: "setCommitmentReminder",
    path: "/packages/{id}/commitment-reminder",
    auth: "optional",
    summary:
      "Remind me a month before my commitment ends: one mail with the package's price after it and up to three packages in the province that cost less a month. A guest gives an address and consent and confirms by mail (double opt-in); a signed-in caller's reminder goes to the account's address. 10 an hour per client, 5 a day per address",
    tag: "packages",
    params: packageIdParams,
    body: { schema: reminderBody() },
    response: reminderResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
    conflict: "The package has no commitment (E_CONFLICT)",
  },
  {
    id: "listOwnCommitmentReminders",
    method: "get",
    path: "/my/commitment-reminders",
    auth: "bearer",
    summary: "The caller's commitment reminders, the soonest mail first",
    tag: "packages",
    response: ownRemindersResponse,
  },
  ...reminderLinkOperations(),
  {
    id: "deleteOwnCommitmentReminder",
    path: "/my/commitment-reminders/{id}/delete",
    auth: "bearer",
    summary: "Delete one of the caller's commitment reminders (erased at once)",
    tag: "packages",
    params: z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The reminder's id", example: "7" }) }),
    response: successResponse,
    notFound: "No reminder of the caller has this id (E_NOT_FOUND)",
    bodyOptional: true,
  },
];

/** The answer page's alert form and the alert's mailed link (/altyapi-uyari/:token). */
function alertOperations(): Operation[] {
  const link = { tag: "infrastructure", body: { schema: linkTokenSchema } };
  const unknown = "No alert has this link (E_NOT_FOUND)";
  return [
    {
      id: "requestInfrastructureAlert", path: "/ttservice/alert", tag: "infrastructure",
      summary: "Tell me when fiber or a free port reaches this flat: a confirmation link is mailed (double opt-in); one mail once it happens, with a one-click unsubscribe. 5 an hour per client",
      body: { schema: alertSchema }, response: successResponse,
      notFound: "No such flat (E_NOT_FOUND)", conflict: "The flat already has fiber or a free port (E_CONFLICT)", upstream: true,
    },
    { ...link, id: "getInfrastructureAlertLink", path: "/ttservice/alert/link", summary: "What the alert's link page shows: the alert's state and flat (opening it changes nothing)", response: alertLinkResponse, notFound: unknown },
    { ...link, id: "confirmInfrastructureAlert", path: "/ttservice/alert/confirm", summary: "Confirm the alert (double opt-in); idempotent. An unsubscribe link cannot confirm (404)", response: alertStateResponse, notFound: unknown },
    { ...link, id: "unsubscribeInfrastructureAlert", path: "/ttservice/alert/unsubscribe", summary: "Turn the alert off; idempotent", response: alertStateResponse, notFound: unknown },
    {
      id: "listInfrastructureReports", method: "get", path: "/admin/infrastructure-reports", tag: "infrastructure", auth: "bearer",
      summary: "The latest \"this answer is wrong\" reports (100), newest first (/altyapi-bildirimleri)", response: infraReportsResponse,
      forbidden: "Not an administrator (E_FORBIDDEN)",
    },
  ];
}

/** The commitment reminder's mailed link (/taahhut-hatirlatma/:token). */
function reminderLinkOperations(): Operation[] {
  const link = { tag: "packages", body: { schema: linkTokenSchema } };
  const unknown = "No reminder has this link (E_NOT_FOUND)";
  return [
    { ...link, id: "getCommitmentReminderLink", path: "/commitment-reminders/link", summary: "What the reminder's link page shows: its state, dates and package (opening it changes nothing)", response: reminderLinkResponse, notFound: unknown },
    { ...link, id: "confirmCommitmentReminder", path: "/commitment-reminders/confirm", summary: "Confirm the reminder (double opt-in); idempotent. An unsubscribe link cannot confirm (404)", response: reminderStateResponse, notFound: unknown },
    { ...link, id: "unsubscribeCommitmentReminder", path: "/commitment-reminders/unsubscribe", summary: "Delete the reminder (erased at once); idempotent", response: reminderStateResponse, notFound: unknown },
  ];
}

/**
 * The reminder's body: the form's schema (its date bounds are the day's), a guest's fields
 * marked optional since a signed-in caller sends neither.
 */
function reminderBody() {
  const form = guestReminderSchema(dayInTurkey(new Date()));
  return form.extend({
    endsOn: form.shape.endsOn.openapi({
      description: "The end of the commitment: a day (YYYY-MM-DD, DD.MM.YYYY) or a month (YYYY-MM, MM.YYYY: its first day); not past, at most 24 months away",
      example: "14.05.2027",
    }),
    provinceCode: form.shape.provinceCode.openapi({ description: "The province's plate code: the cheaper packages are the ones sold there", example: 34 }),
    email: z.email().optional().openapi({ description: "A guest's address (required without a bearer token; a signed-in caller's reminder goes to the account's address)" }),
    consent: z.literal(true).optional().openapi({ description: "A guest's consent to keeping the address, package, end date and province for the reminder (required without a bearer token)" }),
  });
}


/** The administrators' package calls: a package's sponsored period. Administrators only. */
function packageAdminOperations(): Operation[] {
  const packageParam = z.object({ id: z.string().openapi({ description: "The package's id", example: "42" }) });
  const common = { tag: "package-admin", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)", params: packageParam };
  const noPackage = "No package has this id (E_NOT_FOUND; a forged id answers the same)";
  return [
    {
      ...common, id: "getPackageSponsorship", method: "get", path: "/admin/packages/{id}/sponsorship",
      summary: "A package's sponsored period and whether it is labelled sponsored now",
      response: packageSponsorshipResponse, notFound: noPackage,
    },
    {
      ...common, id: "sponsorPackage", path: "/admin/packages/{id}/sponsorship",
      summary: "Mark a package sponsored for a period (UTC days, `until` inclusive, 2000–2099), replacing the period it had. A label only: it never changes a search's results or their order; audit-logged",
      body: { schema: sponsorshipSchema }, response: packageSponsorshipSetResponse, notFound: noPackage, conflict: "The package was withdrawn from sale (E_CONFLICT)",
    },
    {
      ...common, id: "endPackageSponsorship", path: "/admin/packages/{id}/sponsorship/end",
      summary: "End a package's sponsorship now: a running period ends, one not yet started is deleted; audit-logged",
      response: packageSponsorshipEndedResponse, notFound: noPackage, conflict: "No running or upcoming period (E_CONFLICT)", bodyOptional: true,
    },
  ];
}

/** The dashboard's package screens and lead inbox: the company's owner or an administrator. */
function packageDashboardOperations(): Operation[] {
  const companyParam = z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) });
  const packageParams = companyParam.extend({ packageId: z.string().openapi({ description: "The package's id", example: "42" }) });
  const common = { tag: "package-dashboard", auth: "bearer" as const, forbidden: "Not a corporate account (E_FORBIDDEN)" };
  const notOwnCompany = "No such company among the caller's own (E_NOT_FOUND)";
  const notOwnPackage = "No such company among the caller's own, or no such package of it (E_NOT_FOUND)";
  return [
    { ...common, id: "listOwnPackages", method: "get", path: "/my/companies/{id}/packages", summary: "Every package of an own company, on sale first, withdrawn ones after", params: companyParam, response: managedPackagesResponse, notFound: notOwnCompany },
    {
      ...common, id: "createOwnPackage", path: "/my/companies/{id}/packages", summary: "A new package of an own company (every field of the dashboard's package form; prices in lira). JSON only: a package's image is uploaded on the web dashboard, like a company's logo",
      params: companyParam, body: { schema: packageInputSchema }, response: packageWrittenResponse, notFound: notOwnCompany, conflict: "The company already has a package at this url (E_CONFLICT, url not unique)",
    },
    {
      ...common, id: "updateOwnPackage", path: "/my/companies/{id}/packages/{packageId}", summary: "Replace every term of an own company's package; its image (set on the web dashboard) stays",
      params: packageParams, body: { schema: packageInputSchema }, response: packageWrittenResponse, notFound: notOwnPackage, conflict: "Another package of the company has this url (E_CONFLICT, url not unique)",
    },
    { ...common, id: "withdrawOwnPackage", path: "/my/companies/{id}/packages/{packageId}/withdraw", summary: "Withdraw a package from sale (it stays visible, marked, for two years)", params: packageParams, response: packageWithdrawnResponse, notFound: notOwnPackage, bodyOptional: true },
    { ...common, id: "restoreOwnPackage", path: "/my/companies/{id}/packages/{packageId}/restore", summary: "Put a withdrawn package back on sale", params: packageParams, response: packageWithdrawnResponse, notFound: notOwnPackage, bodyOptional: true },
    { ...common, id: "duplicateOwnPackage", path: "/my/companies/{id}/packages/{packageId}/duplicate", summary: "A copy of a package under a free url, to edit into a new one (its image copied too)", params: packageParams, response: packageWrittenResponse, notFound: notOwnPackage, bodyOptional: true },
    { ...common, id: "listOwnLeads", method: "get", path: "/my/companies/{id}/leads", summary: "An own company's subscription and call-me requests, newest first, with each delivery's state", params: companyParam, response: inboxLeadsResponse, notFound: notOwnCompany },
    {
      ...common, id: "updateOwnLead", path: "/my/leads/{id}", summary: "Move a request to new, contacted or closed, with the company's notes",
      params: z.object({ id: z.string().openapi({ description: "The request's id", example: "7" }) }), body: { schema: leadUpdateBody }, response: packageWrittenResponse, notFound: "No request of the caller's companies has this id (E_NOT_FOUND)",
    },
    { ...common, id: "getOwnDeliverySettings", method: "get", path: "/my/companies/{id}/delivery", summary: "Where an own company's requests are delivered (the secret is never returned here)", params: companyParam, response: deliverySettingsResponse, notFound: notOwnCompany },
    {
      ...common, id: "setOwnDeliverySettings", path: "/my/companies/{id}/delivery", summary: "Set the delivery e-mail and webhook; a webhook's signing secret is returned once, when it is made",
      params: companyParam, body: { schema: deliverySettingsBody }, response: deliverySettingsSavedResponse, notFound: notOwnCompany,
    },
    {
      ...common, id: "testOwnWebhook", path: "/my/companies/{id}/delivery/test", summary: "Send a signed lead.test call to the company's webhook; its answer back",
      params: companyParam, response: webhookTestResponse, notFound: notOwnCompany, conflict: "No webhook is set (E_CONFLICT)", bodyOptional: true,
    },
  ];
}


/** What a company's webhook receives for each request (Standard Webhooks signing; the inbox's settings). */
export const legacyWebhooks: ApiWebhook[] = [
  {
    id: "leadCreated",
    name: "lead.created",
    summary:
      "A subscription or call-me request for the company, signed after Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature with the secret shown once in the inbox). Retried with backoff for about three days until a 2xx; the webhook-id is the same on every retry",
    tag: "package-dashboard",
    body: leadCreatedWebhookBody,
  },
];
