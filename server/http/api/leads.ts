import type { Request } from "express";
import type { LeadKind } from "../../../common/packages";
import { submitLead, type LeadTarget } from "../../leads/submit-lead";
import { api, type ApiHandler } from "./respond";

// The request calls of packages and company profiles are one handler over a target, sharing the
// service with the pages (server/leads/submit-lead.ts).

/** The two request calls: the path's last segment and the kind stored. */
export const LEAD_CALLS = [
  ["subscribe", "subscribe"],
  ["call-me", "call_me"],
] as const satisfies readonly (readonly [string, LeadKind])[];

type Ctx = Parameters<ApiHandler>[2];

/**
 * POST …/subscribe and …/call-me: the page form's fields as JSON, except that the consent is
 * the boolean `true` (the page's checkbox sends "on"). The body is checked before the target is
 * looked up, as on the pages; a repeat within minutes answers the first request's reference.
 */
export function leadRequestHandler(kind: LeadKind, targetOf: (req: Request, ctx: Ctx) => LeadTarget) {
  return api(async (req, _res, ctx) => {
    const target = targetOf(req, ctx);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = kind === "subscribe" ? { ...body, consent: body.consent === true ? true : undefined } : body;
    const lead = await submitLead(ctx.app, { kind, input, ...target, locale: ctx.apiLocale, ip: ctx.ip, ipHash: ctx.ipHash });
    return { success: true, reference: lead.reference, company: lead.companyName, created: lead.created };
  });
}
