import type { Request } from "express";
import { packageInputSchema } from "../../../common/forms/packages";
import { packageImageUrl } from "../../../common/packages";
import type { ApiCall, ApiHandler } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import { managedPackagesResponse, packageWithdrawnResponse, packageWrittenResponse } from "../api-schemas";
import { parseDashboardId } from "../dashboard-ids";
import { createCompanyPackage, duplicateCompanyPackage, listManagedPackages, setPackageWithdrawn, updateCompanyPackage } from "../manage-packages";

/** `{id}`: one of the caller's companies. */
const ownCompanyParams = z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) });
const packageParams = ownCompanyParams.extend({ packageId: z.string().openapi({ description: "The package's id", example: "42" }) });
/** What every call of the dashboard's package screens shares: the company's owner or an administrator. */
const dashboardCommon = { tag: "package-dashboard", auth: "bearer", forbidden: "Not a corporate account (E_FORBIDDEN)" } as const;
const notOwnCompany = "No such company among the caller's own (E_NOT_FOUND)";
const notOwnPackage = "No such company among the caller's own, or no such package of it (E_NOT_FOUND)";
const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

const withdrawal = (withdrawn: boolean): ApiHandler => async (req, _res, ctx) => {
  const packageId = parseDashboardId(req.params.packageId, "package");
  await setPackageWithdrawn(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId, withdrawn });
  return { success: true, id: packageId, withdrawn };
};

/**
 * /api/v1 calls of the dashboard's package screens for the mobile apps: the same services as
 * isletme/paketler/…, so the same owner checks (another owner's company or package is a 404) and
 * the same validation. JSON bodies: a package's image is uploaded on the web dashboard only (like
 * a company's logo); an update through the API keeps it, a duplicate copies it, and the answers
 * give its URL.
 */
export const packageDashboardCalls: ApiCall[] = [
  {
    // Every package of a company the caller manages, on sale first.
    ...dashboardCommon, id: "listOwnPackages", method: "get", path: "/my/companies/{id}/packages",
    summary: "Every package of an own company, on sale first, withdrawn ones after", params: ownCompanyParams, response: managedPackagesResponse, notFound: notOwnCompany,
    handler: async (req, _res, ctx) => {
      const { company, packages } = await listManagedPackages(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return {
        success: true,
        company: { id: company.id, name: company.name, slug: company.slug },
        packages: packages.map(({ image, ...p }) => ({ ...p, withdrawnAt: p.withdrawnAt ? p.withdrawnAt.toISOString() : null, imageUrl: image ? packageImageUrl(image) : null })),
      };
    },
  },
  {
    ...dashboardCommon, id: "createOwnPackage", path: "/my/companies/{id}/packages",
    summary: "A new package of an own company (every field of the dashboard's package form; prices in lira). JSON only: a package's image is uploaded on the web dashboard, like a company's logo",
    params: ownCompanyParams, body: { schema: packageInputSchema }, response: packageWrittenResponse, notFound: notOwnCompany, conflict: "The company already has a package at this url (E_CONFLICT, url not unique)",
    handler: async (req, _res, ctx) => {
      const id = await createCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), input: body(req) });
      return { success: true, id };
    },
  },
  {
    ...dashboardCommon, id: "updateOwnPackage", path: "/my/companies/{id}/packages/{packageId}",
    summary: "Replace every term of an own company's package; its image (set on the web dashboard) stays",
    params: packageParams, body: { schema: packageInputSchema }, response: packageWrittenResponse, notFound: notOwnPackage, conflict: "Another package of the company has this url (E_CONFLICT, url not unique)",
    handler: async (req, _res, ctx) => {
      const packageId = parseDashboardId(req.params.packageId, "package");
      await updateCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId, input: body(req) });
      return { success: true, id: packageId };
    },
  },
  {
    ...dashboardCommon, id: "withdrawOwnPackage", path: "/my/companies/{id}/packages/{packageId}/withdraw",
    summary: "Withdraw a package from sale (it stays visible, marked, for two years)", params: packageParams, response: packageWithdrawnResponse, notFound: notOwnPackage, bodyOptional: true,
    handler: withdrawal(true),
  },
  {
    ...dashboardCommon, id: "restoreOwnPackage", path: "/my/companies/{id}/packages/{packageId}/restore",
    summary: "Put a withdrawn package back on sale", params: packageParams, response: packageWithdrawnResponse, notFound: notOwnPackage, bodyOptional: true,
    handler: withdrawal(false),
  },
  {
    ...dashboardCommon, id: "duplicateOwnPackage", path: "/my/companies/{id}/packages/{packageId}/duplicate",
    summary: "A copy of a package under a free url, to edit into a new one (its image copied too)", params: packageParams, response: packageWrittenResponse, notFound: notOwnPackage, bodyOptional: true,
    handler: async (req, _res, ctx) => {
      const id = await duplicateCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId: parseDashboardId(req.params.packageId, "package") });
      return { success: true, id };
    },
  },
];
