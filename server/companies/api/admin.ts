import type { Request } from "express";
import { rejectSchema, sponsorshipSchema } from "../../../common/forms/company-edit";
import type { ApiCall } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import {
  approvalDecisionResponse,
  approvalQueueResponse,
  companyFlagsBody,
  companyFlagsResponse,
  period,
  sponsorshipEndedResponse,
  sponsorshipSetResponse,
  sponsorshipsResponse,
} from "../api-schemas";
import { APPROVAL_QUEUE_SHOWN, approveCompany, countApprovalQueue, listApprovalQueue, rejectCompany } from "../approvals";
import { parseCompanyId } from "../own-companies";
import { setCompanyFlags } from "../set-company-flags";
import { endSponsorship, listSponsorships, sponsorCompany } from "../sponsor-company";

const body = (req: Request) => (req.body ?? {}) as unknown;

const companyParam = z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) });
const common = { tag: "company-admin", auth: "bearer", forbidden: "Not an administrator (E_FORBIDDEN)" } as const;
const noCompany = "No company has this id (E_NOT_FOUND; a forged id answers the same)";
/** The calls on one company: its id in the path. */
const ofCompany = { ...common, params: companyParam, notFound: noCompany } as const;

/**
 * /api/v1 calls of the administrators' company screens, for the mobile apps: the approval queue
 * (isletme/onay) and the edit page's sponsorship and flags forms (isletme/duzenle/:id), through
 * the same services, so the same checks (administrators only: 403 E_FORBIDDEN for any other
 * account, 401 for a guest), the same mails to the owner and the same audit log rows.
 */
export const companyAdminCalls: ApiCall[] = [
  {
    ...common,
    id: "listCompanyApprovals",
    method: "get",
    path: "/admin/company-approvals",
    summary: "The approval queue of isletme/onay: new profiles and edits of published ones, oldest first, each with what changed field by field",
    response: approvalQueueResponse,
    handler: async (_req, _res, ctx) => {
      const items = await listApprovalQueue(ctx.app, { actor: ctx });
      const waiting = await countApprovalQueue(ctx.app, { actor: ctx });
      return {
        success: true,
        waiting: { ...waiting, shown: APPROVAL_QUEUE_SHOWN },
        items: items.map((q) => ({
          companyId: q.companyId,
          kind: q.kind,
          name: q.name,
          ownerName: q.ownerName,
          submittedAt: q.submittedAt.toISOString(),
          changes: q.changes.map((c) => ({ field: c.field, before: c.before ?? null, after: c.after ?? null })),
        })),
      };
    },
  },
  {
    ...ofCompany,
    id: "approveCompany",
    path: "/admin/companies/{id}/approve",
    summary: "Approve what waits for a company: a new profile goes public, or a pending edit replaces the published version; the owner is mailed; audit-logged",
    response: approvalDecisionResponse,
    conflict: "Nothing of this company waits for approval (E_CONFLICT)",
    bodyOptional: true,
    handler: async (req, _res, ctx) => {
      const r = await approveCompany(ctx.app, { actor: ctx, companyId: req.params.id });
      return { success: true, companyId: parseCompanyId(req.params.id), name: r.name, kind: r.kind, mailed: r.mailed };
    },
  },
  {
    ...ofCompany,
    id: "rejectCompany",
    path: "/admin/companies/{id}/reject",
    summary:
      "Reject what waits for a company, with a reason mailed to the owner in the owner's language (a new profile becomes rejected; a pending edit is dropped and the published version stays); audit-logged",
    body: { schema: rejectSchema },
    response: approvalDecisionResponse,
    conflict: "Nothing of this company waits for approval (E_CONFLICT)",
    handler: async (req, _res, ctx) => {
      const r = await rejectCompany(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), name: r.name, kind: r.kind, mailed: r.mailed };
    },
  },
  {
    ...ofCompany,
    id: "listCompanySponsorships",
    method: "get",
    path: "/admin/companies/{id}/sponsorships",
    summary: "A company's sponsorship periods, latest first, and whether it is labelled sponsored now",
    response: sponsorshipsResponse,
    handler: async (req, _res, ctx) => {
      const periods = await listSponsorships(ctx.app, { actor: ctx, companyId: req.params.id });
      const now = Date.now();
      const shown = periods.map((p) => period(p, now));
      return { success: true, companyId: parseCompanyId(req.params.id), sponsoredNow: shown.some((p) => p.state === "current"), periods: shown };
    },
  },
  {
    ...ofCompany,
    id: "sponsorCompany",
    path: "/admin/companies/{id}/sponsorships",
    summary:
      "Mark a company sponsored for a period (UTC days, `until` inclusive, 2000–2099). A label only: it never changes a list's results or their order; audit-logged",
    body: { schema: sponsorshipSchema },
    response: sponsorshipSetResponse,
    handler: async (req, _res, ctx) => {
      const p = await sponsorCompany(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), period: period(p, Date.now()) };
    },
  },
  {
    ...ofCompany,
    id: "endCompanySponsorship",
    path: "/admin/companies/{id}/sponsorships/end",
    summary: "End a company's sponsorship now: the running period ends, periods not yet started are deleted, past ones stay; audit-logged",
    response: sponsorshipEndedResponse,
    conflict: "No running or upcoming period (E_CONFLICT)",
    bodyOptional: true,
    handler: async (req, _res, ctx) => {
      const r = await endSponsorship(ctx.app, { actor: ctx, companyId: req.params.id });
      return { success: true, companyId: parseCompanyId(req.params.id), ...r };
    },
  },
  {
    ...ofCompany,
    id: "setCompanyFlags",
    path: "/admin/companies/{id}/flags",
    summary: "Set the verified and self-managed flags (both, as the page's form does), and take a published profile down or put it back; audit-logged",
    body: { schema: companyFlagsBody },
    response: companyFlagsResponse,
    conflict: "`visible` for a profile that is pending or rejected: it is published through the approval queue (E_CONFLICT)",
    handler: async (req, _res, ctx) => {
      const r = await setCompanyFlags(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), ...r };
    },
  },
];
