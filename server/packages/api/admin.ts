import { sponsorshipSchema } from "../../../common/forms/company-edit";
import { period } from "../../companies/api-schemas";
import type { ApiCall } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import { packageSponsorshipEndedResponse, packageSponsorshipResponse, packageSponsorshipSetResponse } from "../api-schemas";
import { parseDashboardId } from "../dashboard-ids";
import { endPackageSponsorship, getPackageSponsorship, sponsorPackage } from "../sponsor-package";

const packageParam = z.object({ id: z.string().openapi({ description: "The package's id", example: "42" }) });
const common = { tag: "package-admin", auth: "bearer", forbidden: "Not an administrator (E_FORBIDDEN)", params: packageParam } as const;
const noPackage = "No package has this id (E_NOT_FOUND; a forged id answers the same)";

/**
 * /api/v1 calls of the administrators' package screens, for the mobile apps: the sponsored
 * period of a package (the form on isletme/paketler/duzenle/:id/:packageId), through the same
 * service, so the same checks (administrators only: 403 E_FORBIDDEN for any other account
 * before the id is read, 401 for a guest) and the same audit log rows.
 */
export const packageAdminCalls: ApiCall[] = [
  {
    ...common, id: "getPackageSponsorship", method: "get", path: "/admin/packages/{id}/sponsorship",
    summary: "A package's sponsored period and whether it is labelled sponsored now",
    response: packageSponsorshipResponse, notFound: noPackage,
    handler: async (req, _res, ctx) => {
      const s = await getPackageSponsorship(ctx.app, { actor: ctx, packageId: req.params.id });
      const shown = s.period ? period(s.period, Date.now()) : null;
      return { success: true, packageId: s.packageId, companyId: s.companyId, title: s.title, sponsoredNow: shown?.state === "current", period: shown };
    },
  },
  {
    // Mark the package sponsored for a period (UTC days, `until` inclusive), replacing the one it had.
    ...common, id: "sponsorPackage", path: "/admin/packages/{id}/sponsorship",
    summary: "Mark a package sponsored for a period (UTC days, `until` inclusive, 2000–2099), replacing the period it had. A label only: it never changes a search's results or their order; audit-logged",
    body: { schema: sponsorshipSchema }, bodyLimit: "16kb", response: packageSponsorshipSetResponse, notFound: noPackage, conflict: "The package was withdrawn from sale (E_CONFLICT)",
    handler: async (req, _res, ctx) => {
      const p = await sponsorPackage(ctx.app, { actor: ctx, packageId: req.params.id, input: (req.body ?? {}) as unknown });
      return { success: true, packageId: parseDashboardId(req.params.id, "package"), period: period(p, Date.now()) };
    },
  },
  {
    // End the sponsorship now: a running period ends, one not yet started is deleted.
    ...common, id: "endPackageSponsorship", path: "/admin/packages/{id}/sponsorship/end",
    summary: "End a package's sponsorship now: a running period ends, one not yet started is deleted; audit-logged",
    response: packageSponsorshipEndedResponse, notFound: noPackage, conflict: "No running or upcoming period (E_CONFLICT)", bodyOptional: true,
    handler: async (req, _res, ctx) => {
      const r = await endPackageSponsorship(ctx.app, { actor: ctx, packageId: req.params.id });
      return { success: true, packageId: parseDashboardId(req.params.id, "package"), outcome: r.outcome };
    },
  },
];
