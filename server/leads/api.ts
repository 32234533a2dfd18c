import type { Request } from "express";
import type { LeadKind } from "../../common/packages";
import type { ApiCall, ApiContext, ApiHandler, ApiWebhook } from "../core/app-context";
import { parseDashboardId, parsePackageId } from "../packages";
import { packageIdParams, packageWrittenResponse } from "../packages/api-schemas";
import { z } from "../platform/api-zod";
import {
  callMeBody,
  deliverySettingsBody,
  deliverySettingsResponse,
  deliverySettingsSavedResponse,
  inboxLeadsResponse,
  leadCreatedWebhookBody,
  leadResponse,
  leadUpdateBody,
  subscribeBody,
  webhookTestResponse,
} from "./api-schemas";
import { getDeliverySettings, listCompanyLeads, sendTestWebhook, setDeliverySettings, updateLead, webhookAnswerMessage } from "./inbox";
import { submitLead, type LeadTarget } from "./submit-lead";

// The request calls of packages and company profiles are one handler over a target, sharing the
// service with the pages (submit-lead.ts); the companies area declares a profile's on its own
// paths, a package's are declared below with the lead inbox.

/** The two request calls: the path's last segment and the kind stored. */
export const LEAD_CALLS = [
  ["subscribe", "subscribe"],
  ["call-me", "call_me"],
] as const satisfies readonly (readonly [string, LeadKind])[];

/**
 * POST …/subscribe and …/call-me: the page form's fields as JSON, except that the consent is
 * the boolean `true` (the page's checkbox sends "on"). The body is checked before the target is
 * looked up, as on the pages; a repeat within minutes answers the first request's reference.
 */
export function leadRequestHandler(kind: LeadKind, targetOf: (req: Request, ctx: ApiContext) => LeadTarget): ApiHandler {
  return async (req, _res, ctx) => {
    const target = targetOf(req, ctx);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = kind === "subscribe" ? { ...body, consent: body.consent === true ? true : undefined } : body;
    const lead = await submitLead(ctx.app, { kind, input, ...target, locale: ctx.apiLocale, ip: ctx.ip, ipHash: ctx.ipHash });
    return { success: true, reference: lead.reference, company: lead.companyName, created: lead.created };
  };
}

/** A package page's request forms: JSON bodies read up to 16 KB. */
const packageForm = {
  tag: "packages",
  params: packageIdParams,
  bodyLimit: "16kb",
  notFound: "No public package has this id (E_NOT_FOUND)",
  conflict: "The package was withdrawn (E_CONFLICT)",
} as const;
const ofPackage = (req: Request): LeadTarget => ({ packageId: parsePackageId(req.params.id) });

/** The subscription and call-me requests for a package (a company profile's: the companies area). */
export const packageLeadCalls: ApiCall[] = [
  {
    ...packageForm,
    id: "sendSubscriptionRequest",
    path: "/packages/{id}/subscribe",
    summary:
      "Subscription request (name, surname, phone, consent; optionally the flat it is for and a call-back slot) passed to the company by mail and its webhook (the `lead.created` webhook); a reference number back. The same request again within 10 minutes (same package, phone and flat) answers the first one's reference",
    body: { schema: subscribeBody },
    response: leadResponse,
    handler: leadRequestHandler("subscribe", ofPackage),
  },
  {
    ...packageForm,
    id: "sendCallMeRequest",
    path: "/packages/{id}/call-me",
    summary: "Call-me request (full name, phone; optionally the flat it is for and a call-back slot) passed to the company; a reference number back",
    body: { schema: callMeBody },
    response: leadResponse,
    handler: leadRequestHandler("call_me", ofPackage),
  },
];

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
/** The inbox is a screen of the package dashboard: its tag and refusals are those of the package screens. */
const dashboardCommon = { tag: "package-dashboard", auth: "bearer", forbidden: "Not a corporate account (E_FORBIDDEN)" } as const;
const ownCompanyParams = z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) });
const notOwnCompany = "No such company among the caller's own (E_NOT_FOUND)";

/**
 * The dashboard's lead inbox for the mobile apps: the same services as isletme/talepler/:id, so
 * the same owner checks (another owner's company or request is a 404) and the same validation.
 */
export const leadInboxCalls: ApiCall[] = [
  {
    // The company's requests, newest first, with each delivery's state.
    ...dashboardCommon, id: "listOwnLeads", method: "get", path: "/my/companies/{id}/leads",
    summary: "An own company's subscription and call-me requests, newest first, with each delivery's state", params: ownCompanyParams, response: inboxLeadsResponse, notFound: notOwnCompany,
    handler: async (req, _res, ctx) => {
      const leads = await listCompanyLeads(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), limit: 200 });
      return { success: true, leads };
    },
  },
  {
    ...dashboardCommon, id: "updateOwnLead", path: "/my/leads/{id}", summary: "Move a request to new, contacted or closed, with the company's notes",
    params: z.object({ id: z.string().openapi({ description: "The request's id", example: "7" }) }), body: { schema: leadUpdateBody }, response: packageWrittenResponse, notFound: "No request of the caller's companies has this id (E_NOT_FOUND)",
    handler: async (req, _res, ctx) => {
      const b = body(req);
      const leadId = parseDashboardId(req.params.id, "lead");
      await updateLead(ctx.app, ctx, { leadId, input: { state: b.state, notes: b.notes } });
      return { success: true, id: leadId };
    },
  },
  {
    // Where requests are delivered; the secret itself is only ever returned when it is made.
    ...dashboardCommon, id: "getOwnDeliverySettings", method: "get", path: "/my/companies/{id}/delivery",
    summary: "Where an own company's requests are delivered (the secret is never returned here)", params: ownCompanyParams, response: deliverySettingsResponse, notFound: notOwnCompany,
    handler: async (req, _res, ctx) => {
      const s = await getDeliverySettings(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return { success: true, mail: s.mail, webhookUrl: s.webhookUrl, hasSecret: s.hasSecret };
    },
  },
  {
    ...dashboardCommon, id: "setOwnDeliverySettings", path: "/my/companies/{id}/delivery",
    summary: "Set the delivery e-mail and webhook; a webhook's signing secret is returned once, when it is made",
    params: ownCompanyParams, body: { schema: deliverySettingsBody }, response: deliverySettingsSavedResponse, notFound: notOwnCompany,
    handler: async (req, _res, ctx) => {
      const b = body(req);
      const saved = await setDeliverySettings(ctx.app, ctx, {
        companyId: parseDashboardId(req.params.id),
        input: { mail: b.mail, webhookUrl: b.webhookUrl },
        rotateSecret: b.rotateSecret === true,
      });
      return { success: true, mail: saved.mail, webhookUrl: saved.webhookUrl, webhookSecret: saved.secretIsNew ? saved.webhookSecret : null };
    },
  },
  {
    ...dashboardCommon, id: "testOwnWebhook", path: "/my/companies/{id}/delivery/test", summary: "Send a signed lead.test call to the company's webhook; its answer back",
    params: ownCompanyParams, response: webhookTestResponse, notFound: notOwnCompany, conflict: "No webhook is set (E_CONFLICT)", bodyOptional: true,
    handler: async (req, _res, ctx) => {
      const answer = await sendTestWebhook(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return { success: true, answer: { ...answer, message: webhookAnswerMessage(ctx.apiLocale, answer) } };
    },
  },
];

/** What a company's webhook receives for each request (Standard Webhooks signing; the inbox's settings). */
export const leadWebhooks: ApiWebhook[] = [
  {
    id: "leadCreated",
    name: "lead.created",
    summary:
      "A subscription or call-me request for the company, signed after Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature with the secret shown once in the inbox). Sent one at a time per receiving host, in order of creation. While the receiver is unreachable or answers 5xx or 429, every call to it waits (tried again after 30 s, doubling, at most every 5 minutes) and they all go, in order, once it answers; another answer is retried with backoff for about three days until a 2xx. The webhook-id is the same on every retry",
    tag: "package-dashboard",
    body: leadCreatedWebhookBody,
  },
];
