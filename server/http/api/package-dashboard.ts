import express from "express";
import { packageImageUrl } from "../../../common/packages";
import { getDeliverySettings, listCompanyLeads, sendTestWebhook, setDeliverySettings, updateLead, webhookAnswerMessage } from "../../leads/inbox";
import { parseDashboardId } from "../../packages/dashboard-ids";
import { createCompanyPackage, duplicateCompanyPackage, listManagedPackages, setPackageWithdrawn, updateCompanyPackage } from "../../packages/manage-packages";
import { api, jsonBody } from "./respond";

/**
 * /api/v1 calls of the dashboard's package screens and lead inbox for the mobile
 * apps: the same services as isletme/paketler/… and isletme/talepler/:id, so the same owner
 * checks (another owner's company, package or request is a 404) and the same validation.
 * JSON bodies: a package's image is uploaded on the web dashboard only (like a company's logo);
 * an update through the API keeps it, a duplicate copies it, and the answers give its URL.
 */
export function createPackageDashboardApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("100kb");
  const body = (req: express.Request) => (req.body ?? {}) as Record<string, unknown>;

  /** Every package of a company the caller manages, on sale first. */
  router.get(
    "/my/companies/:id/packages",
    api(async (req, _res, ctx) => {
      const { company, packages } = await listManagedPackages(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return {
        success: true,
        company: { id: company.id, name: company.name, slug: company.slug },
        packages: packages.map(({ image, ...p }) => ({ ...p, withdrawnAt: p.withdrawnAt ? p.withdrawnAt.toISOString() : null, imageUrl: image ? packageImageUrl(image) : null })),
      };
    }),
  );

  router.post(
    "/my/companies/:id/packages",
    json,
    api(async (req, _res, ctx) => {
      const id = await createCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), input: body(req) });
      return { success: true, id };
    }),
  );

  router.post(
    "/my/companies/:id/packages/:packageId",
    json,
    api(async (req, _res, ctx) => {
      const packageId = parseDashboardId(req.params.packageId, "package");
      await updateCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId, input: body(req) });
      return { success: true, id: packageId };
    }),
  );

  for (const [suffix, withdrawn] of [
    ["withdraw", true],
    ["restore", false],
  ] as const) {
    router.post(
      `/my/companies/:id/packages/:packageId/${suffix}`,
      api(async (req, _res, ctx) => {
        const packageId = parseDashboardId(req.params.packageId, "package");
        await setPackageWithdrawn(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId, withdrawn });
        return { success: true, id: packageId, withdrawn };
      }),
    );
  }

  router.post(
    "/my/companies/:id/packages/:packageId/duplicate",
    api(async (req, _res, ctx) => {
      const id = await duplicateCompanyPackage(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), packageId: parseDashboardId(req.params.packageId, "package") });
      return { success: true, id };
    }),
  );

  /** The company's requests, newest first, with each delivery's state. */
  router.get(
    "/my/companies/:id/leads",
    api(async (req, _res, ctx) => {
      const leads = await listCompanyLeads(ctx.app, ctx, { companyId: parseDashboardId(req.params.id), limit: 200 });
      return { success: true, leads };
    }),
  );

  router.post(
    "/my/leads/:leadId",
    json,
    api(async (req, _res, ctx) => {
      const b = body(req);
      const leadId = parseDashboardId(req.params.leadId, "lead");
      await updateLead(ctx.app, ctx, { leadId, input: { state: b.state, notes: b.notes } });
      return { success: true, id: leadId };
    }),
  );

  /** Where requests are delivered; the secret itself is only ever returned when it is made. */
  router.get(
    "/my/companies/:id/delivery",
    api(async (req, _res, ctx) => {
      const s = await getDeliverySettings(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return { success: true, mail: s.mail, webhookUrl: s.webhookUrl, hasSecret: s.hasSecret };
    }),
  );

  router.post(
    "/my/companies/:id/delivery",
    json,
    api(async (req, _res, ctx) => {
      const b = body(req);
      const saved = await setDeliverySettings(ctx.app, ctx, {
        companyId: parseDashboardId(req.params.id),
        input: { mail: b.mail, webhookUrl: b.webhookUrl },
        rotateSecret: b.rotateSecret === true,
      });
      return { success: true, mail: saved.mail, webhookUrl: saved.webhookUrl, webhookSecret: saved.secretIsNew ? saved.webhookSecret : null };
    }),
  );

  router.post(
    "/my/companies/:id/delivery/test",
    api(async (req, _res, ctx) => {
      const answer = await sendTestWebhook(ctx.app, ctx, { companyId: parseDashboardId(req.params.id) });
      return { success: true, answer: { ...answer, message: webhookAnswerMessage(ctx.apiLocale, answer) } };
    }),
  );

  return router;
}
