import express from "express";
import { z } from "../../../common/validation/zod";
import { compareSchema, packageSearchSchema } from "../../../common/forms/package-search";
import { comparePackages } from "../../packages/compare-packages";
import { getPublicPackageById, isPublicPackage } from "../../packages/get-package";
import { searchPackages } from "../../packages/search-packages";
import { linkTokenSchema } from "../../../common/forms/link-token";
import { changeReminderLink, getReminderLink } from "../../reminders/link-page";
import { deleteOwnReminder, listOwnReminders } from "../../reminders/own-reminders";
import { requestReminder } from "../../reminders/request-reminder";
import { requireUser } from "../../accounts/permissions";
import { AppError } from "../../platform/app-error";
import { parseInput } from "../../platform/validate";
import { leadRequestHandler, LEAD_CALLS } from "../../leads/api";
import { api, jsonBody } from "./respond";
import { answerReviewHandler, readReviewsHandler, writeReviewHandler } from "../../reviews/api";

const idParam = z.string().regex(/^\d{1,9}$/);

function packageId(raw: unknown): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
  return Number(parsed.data);
}

/**
 * /api/v1 calls of packages: search, one package, compare, the two request forms,
 * reviews, and the commitment-end reminder (set one; its mailed link's page; a signed-in
 * caller's list and delete).
 */
export function createPackagesApiRouter(): express.Router {
  const router = express.Router();
  const json = jsonBody("16kb");

  /** Every filter of /paketler in a JSON body; the same service and answer as the page. */
  router.post(
    "/packages/search",
    json,
    api(async (req, _res, ctx) => {
      const search = parseInput(packageSearchSchema, req.body ?? {});
      const result = await searchPackages(ctx.app, search);
      return { success: true, ...result };
    }),
  );

  router.get(
    "/packages/:id",
    api(async (req, _res, ctx) => {
      const detail = await getPublicPackageById(ctx.app, packageId(req.params.id));
      return { success: true, package: detail };
    }),
  );

  router.post(
    "/packages/compare",
    json,
    api(async (req, _res, ctx) => {
      const given = (req.body as { ids?: unknown } | undefined)?.ids;
      const ids = given === undefined ? [] : given;
      // The API takes a list of numbers (the page's URL takes text).
      if (!Array.isArray(ids) || !ids.every((x) => typeof x === "number")) throw new AppError("E_VALIDATION", "packages.compare.errors.id", { fieldErrors: { ids: { key: "packages.compare.errors.id" } } });
      const { p } = parseInput(compareSchema, { p: ids.map(String) });
      const comparison = await comparePackages(ctx.app, { ids: p });
      return { success: true, ...comparison };
    }),
  );

  // The subscription and call-me requests for a package (a company profile's: companies.ts).
  for (const [suffix, kind] of LEAD_CALLS) {
    router.post(
      `/packages/:id/${suffix}`,
      json,
      api(leadRequestHandler(kind, (req) => ({ packageId: packageId(req.params.id) }))),
    );
  }

  /** Confirmed reviews of a public package (the tariff archive included), the caller's own, and whether the caller may answer. */
  router.get(
    "/packages/:id/reviews",
    api(readReviewsHandler("package", async (req, ctx) => {
      const id = packageId(req.params.id);
      if (!(await isPublicPackage(ctx.app, id))) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
      return id;
    })),
  );
  /** Writes or replaces the caller's review of a package on sale; it waits for moderation. */
  router.post(
    "/packages/:id/reviews",
    json,
    api(writeReviewHandler("package", async (req) => packageId(req.params.id))),
  );
  /** The company's one public answer to a review of one of its packages. */
  router.post("/package-reviews/:id/answer", json, api(answerReviewHandler("package")));

  // The package page's reminder form: a guest gives an address and consent (true), and confirms by mail.
  router.post(
    "/packages/:id/commitment-reminder",
    json,
    api(async (req, res, ctx) => {
      const id = packageId(req.params.id);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = { ...body, consent: body.consent === true ? true : undefined };
      const result = await requestReminder(ctx.app, { user: ctx.user, packageId: id, input, locale: ctx.apiLocale, ip: ctx.ip });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, ...result };
    }),
  );

  router.get(
    "/my/commitment-reminders",
    api(async (_req, res, ctx) => {
      const reminders = await listOwnReminders(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, reminders };
    }),
  );

  router.post(
    "/my/commitment-reminders/:id/delete",
    api(async (req, _res, ctx) => {
      requireUser(ctx);
      // A malformed id names no reminder: the same 404 as another person's.
      if (!idParam.safeParse(req.params.id).success) throw new AppError("E_NOT_FOUND", "packages.reminder.notFound");
      await deleteOwnReminder(ctx.app, { user: ctx.user, input: { reminderId: req.params.id } });
      return { success: true };
    }),
  );

  // The reminder's mailed link (/taahhut-hatirlatma/:token): what its page shows, and its two buttons.
  const token = (req: express.Request) => parseInput(linkTokenSchema, req.body ?? {}).token;
  router.post(
    "/commitment-reminders/link",
    json,
    api(async (req, _res, ctx) => {
      const reminder = await getReminderLink(ctx.app, token(req));
      if (!reminder) throw new AppError("E_NOT_FOUND", "packages.reminder.unknownLink");
      return { success: true, ...reminder };
    }),
  );
  for (const action of ["confirm", "unsubscribe"] as const) {
    router.post(
      `/commitment-reminders/${action}`,
      json,
      api(async (req, _res, ctx) => {
        const { state } = await changeReminderLink(ctx.app, { token: token(req), action });
        return { success: true, state };
      }),
    );
  }
  return router;
}
