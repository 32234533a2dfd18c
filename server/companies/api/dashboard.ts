import { companyEditSchema } from "../../../common/forms/company-edit";
import type { ApiCall } from "../../core/app-context";
import { z } from "../../platform/api-zod";
import { companyCreatedResponse, companyUpdatedResponse, ownCompaniesResponse } from "../api-schemas";
import { listOwnCompanies } from "../own-companies";
import { createCompany, updateCompany } from "../save-company";

const common = { tag: "company-dashboard", auth: "bearer", forbidden: "Not a corporate account (E_FORBIDDEN)" } as const;

/**
 * /api/v1 calls of the company dashboard for the mobile apps: the same services as the pages
 * (isletme/liste, isletme/yeni-isletme, isletme/duzenle/:id). JSON bodies; the logo is uploaded
 * on the web dashboard only.
 */
export const companyDashboardCalls: ApiCall[] = [
  {
    ...common,
    id: "listOwnCompanies",
    method: "get",
    path: "/my/companies",
    summary: "The signed-in corporate user's company profiles (every profile for an administrator)",
    response: ownCompaniesResponse,
    handler: async (_req, _res, ctx) => {
      const rows = await listOwnCompanies(ctx.app, { actor: ctx });
      return {
        success: true,
        companies: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          publishState: r.publishState,
          editPending: r.editPending,
          updatedAt: r.updatedAt.toISOString(),
        })),
      };
    },
  },
  {
    ...common,
    id: "createOwnCompany",
    path: "/my/companies",
    summary: "A new company profile; it waits for an administrator's approval before it is public",
    body: { schema: companyEditSchema },
    response: companyCreatedResponse,
    handler: async (req, _res, ctx) => {
      const { id, slug } = await createCompany(ctx.app, { actor: ctx, input: req.body ?? {} });
      return { success: true, id, slug, publishState: "pending" };
    },
  },
  {
    ...common,
    id: "updateOwnCompany",
    path: "/my/companies/{id}",
    summary: "Edit an own company profile; an edit of a published one waits for approval while the published version stays",
    params: z.object({ id: z.string().openapi({ description: "The company's id", example: "12" }) }),
    body: { schema: companyEditSchema },
    response: companyUpdatedResponse,
    notFound: "No such company among the user's own (E_NOT_FOUND)",
    // An edit of a published company waits for approval (the published version stays live).
    handler: async (req, _res, ctx) => {
      const result = await updateCompany(ctx.app, { actor: ctx, id: req.params.id, input: req.body ?? {} });
      return { success: true, id: result.id, outcome: result.outcome };
    },
  },
];
