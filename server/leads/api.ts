import type { Request } from "express";
import type { LeadKind } from "../../common/packages";
import type { ApiContext, ApiHandler } from "../core/app-context";
import { submitLead, type LeadTarget } from "./submit-lead";

// The request calls of packages and company profiles are one handler over a target, sharing the
// service with the pages (submit-lead.ts); the companies and packages areas declare them on
// their own paths.

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
