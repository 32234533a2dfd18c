import express from "express";
import { APPROVAL_QUEUE_SHOWN, approveCompany, countApprovalQueue, listApprovalQueue, rejectCompany } from "../../companies/approvals";
import { setCompanyFlags } from "../../companies/set-company-flags";
import { endSponsorship, listSponsorships, sponsorCompany, type SponsorshipPeriod } from "../../companies/sponsor-company";
import { parseCompanyId } from "../../companies/own-companies";
import { api, jsonBody } from "./respond";

/** A sponsorship period (a company's or a package's) as the API gives it, with its state at `now`. */
export function period(p: SponsorshipPeriod, now: number) {
  const state = p.endsAt.getTime() <= now ? "past" : p.startsAt.getTime() <= now ? "current" : "upcoming";
  return { startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString(), state } as const;
}

/**
 * /api/v1 calls of the administrators' company screens, for the mobile apps: the approval queue
 * (isletme/onay) and the edit page's sponsorship and flags forms (isletme/duzenle/:id), through
 * the same services, so the same checks (administrators only: 403 E_FORBIDDEN for any other
 * account, 401 for a guest), the same mails to the owner and the same audit log rows.
 */
export function createCompanyAdminApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("100kb");
  const body = (req: express.Request) => (req.body ?? {}) as unknown;

  /** What waits for an administrator: new profiles and edits, oldest first, each with what changed. */
  router.get(
    "/admin/company-approvals",
    api(async (_req, _res, ctx) => {
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
    }),
  );

  /** Approve what waits for a company (a new profile goes public; an edit replaces the live version); the owner is mailed. */
  router.post(
    "/admin/companies/:id/approve",
    api(async (req, _res, ctx) => {
      const r = await approveCompany(ctx.app, { actor: ctx, companyId: req.params.id });
      return { success: true, companyId: parseCompanyId(req.params.id), name: r.name, kind: r.kind, mailed: r.mailed };
    }),
  );

  /** Reject it with a reason, mailed to the owner in the owner's language. */
  router.post(
    "/admin/companies/:id/reject",
    json,
    api(async (req, _res, ctx) => {
      const r = await rejectCompany(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), name: r.name, kind: r.kind, mailed: r.mailed };
    }),
  );

  router.get(
    "/admin/companies/:id/sponsorships",
    api(async (req, _res, ctx) => {
      const periods = await listSponsorships(ctx.app, { actor: ctx, companyId: req.params.id });
      const now = Date.now();
      const shown = periods.map((p) => period(p, now));
      return { success: true, companyId: parseCompanyId(req.params.id), sponsoredNow: shown.some((p) => p.state === "current"), periods: shown };
    }),
  );

  /** Mark the company sponsored for a period (UTC days, `until` inclusive). */
  router.post(
    "/admin/companies/:id/sponsorships",
    json,
    api(async (req, _res, ctx) => {
      const p = await sponsorCompany(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), period: period(p, Date.now()) };
    }),
  );

  /** End the sponsorship now: the running period ends, upcoming ones are deleted. */
  router.post(
    "/admin/companies/:id/sponsorships/end",
    api(async (req, _res, ctx) => {
      const r = await endSponsorship(ctx.app, { actor: ctx, companyId: req.params.id });
      return { success: true, companyId: parseCompanyId(req.params.id), ...r };
    }),
  );

  /** The verified and self-managed flags, and taking a published profile down or back. */
  router.post(
    "/admin/companies/:id/flags",
    json,
    api(async (req, _res, ctx) => {
      const r = await setCompanyFlags(ctx.app, { actor: ctx, companyId: req.params.id, input: body(req) });
      return { success: true, companyId: parseCompanyId(req.params.id), ...r };
    }),
  );

  return router;
}
