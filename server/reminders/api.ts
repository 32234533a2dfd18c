import type { Request } from "express";
import { linkTokenSchema } from "../../common/forms/link-token";
import { guestReminderSchema } from "../../common/forms/reminders";
import { dayInTurkey } from "../../common/reminders";
import { requireUser } from "../accounts";
import type { ApiCall } from "../core/app-context";
import { parsePackageId } from "../packages";
import { packageIdParams } from "../packages/api-schemas";
import { successResponse } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { ownRemindersResponse, reminderLinkResponse, reminderResponse, reminderStateResponse } from "./api-schemas";
import { changeReminderLink, getReminderLink } from "./link-page";
import { deleteOwnReminder, listOwnReminders } from "./own-reminders";
import { requestReminder } from "./request-reminder";

const idParam = z.string().regex(/^\d{1,9}$/);

/**
 * The reminder's body: the form's schema (its date bounds are the day's), a guest's fields
 * marked optional since a signed-in caller sends neither.
 */
function reminderBody() {
  const form = guestReminderSchema(dayInTurkey(new Date()));
  return form.extend({
    endsOn: form.shape.endsOn.openapi({
      description: "The end of the commitment: a day (YYYY-MM-DD, DD.MM.YYYY) or a month (YYYY-MM, MM.YYYY: its first day); not past, at most 24 months away",
      example: "14.05.2027",
    }),
    provinceCode: form.shape.provinceCode.openapi({ description: "The province's plate code: the cheaper packages are the ones sold there", example: 34 }),
    email: z.email().optional().openapi({ description: "A guest's address (required without a bearer token; a signed-in caller's reminder goes to the account's address)" }),
    consent: z.literal(true).optional().openapi({ description: "A guest's consent to keeping the address, package, end date and province for the reminder (required without a bearer token)" }),
  });
}

// The reminder's mailed link (/taahhut-hatirlatma/:token): what its page shows, and its two buttons.
const token = (req: Request) => parseInput(linkTokenSchema, req.body ?? {}).token;
const link = { tag: "packages", bodyLimit: "16kb", body: { schema: linkTokenSchema } } as const;
const unknownLink = "No reminder has this link (E_NOT_FOUND)";

/** The commitment reminder's mailed link (/taahhut-hatirlatma/:token). */
const reminderLinkCalls: ApiCall[] = [
  {
    ...link, id: "getCommitmentReminderLink", path: "/commitment-reminders/link",
    summary: "What the reminder's link page shows: its state, dates and package (opening it changes nothing)", response: reminderLinkResponse, notFound: unknownLink,
    handler: async (req, _res, ctx) => {
      const reminder = await getReminderLink(ctx.app, token(req));
      if (!reminder) throw new AppError("E_NOT_FOUND", "packages.reminder.unknownLink");
      return { success: true, ...reminder };
    },
  },
  {
    ...link, id: "confirmCommitmentReminder", path: "/commitment-reminders/confirm",
    summary: "Confirm the reminder (double opt-in); idempotent. An unsubscribe link cannot confirm (404)", response: reminderStateResponse, notFound: unknownLink,
    handler: async (req, _res, ctx) => {
      const { state } = await changeReminderLink(ctx.app, { token: token(req), action: "confirm" });
      return { success: true, state };
    },
  },
  {
    ...link, id: "unsubscribeCommitmentReminder", path: "/commitment-reminders/unsubscribe",
    summary: "Delete the reminder (erased at once); idempotent", response: reminderStateResponse, notFound: unknownLink,
    handler: async (req, _res, ctx) => {
      const { state } = await changeReminderLink(ctx.app, { token: token(req), action: "unsubscribe" });
      return { success: true, state };
    },
  },
];

/**
 * /api/v1 calls of the commitment-end reminder: set one from a package page, its mailed link's
 * page, and a signed-in caller's list and delete.
 */
export const reminderCalls: ApiCall[] = [
  {
    // The package page's reminder form: a guest gives an address and consent (true), and confirms by mail.
    id: "setCommitmentReminder",
    path: "/packages/{id}/commitment-reminder",
    auth: "optional",
    summary:
      "Remind me a month before my commitment ends: one mail with the package's price after it and up to three packages in the province that cost less a month. A guest gives an address and consent and confirms by mail (double opt-in); a signed-in caller's reminder goes to the account's address. 10 an hour per client, 5 a day per address",
    tag: "packages",
    params: packageIdParams,
    body: { schema: reminderBody() },
    bodyLimit: "16kb",
    response: reminderResponse,
    notFound: "No public package has this id (E_NOT_FOUND)",
    conflict: "The package has no commitment (E_CONFLICT)",
    handler: async (req, res, ctx) => {
      const id = parsePackageId(req.params.id);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const input = { ...body, consent: body.consent === true ? true : undefined };
      const result = await requestReminder(ctx.app, { user: ctx.user, packageId: id, input, locale: ctx.apiLocale, ip: ctx.ip });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, ...result };
    },
  },
  {
    id: "listOwnCommitmentReminders",
    method: "get",
    path: "/my/commitment-reminders",
    auth: "bearer",
    summary: "The caller's commitment reminders, the soonest mail first",
    tag: "packages",
    response: ownRemindersResponse,
    handler: async (_req, res, ctx) => {
      const reminders = await listOwnReminders(ctx.app, { user: ctx.user });
      res.setHeader("Cache-Control", "no-store");
      return { success: true, reminders };
    },
  },
  ...reminderLinkCalls,
  {
    id: "deleteOwnCommitmentReminder",
    path: "/my/commitment-reminders/{id}/delete",
    auth: "bearer",
    summary: "Delete one of the caller's commitment reminders (erased at once)",
    tag: "packages",
    params: z.object({ id: z.string().regex(/^\d+$/).openapi({ description: "The reminder's id", example: "7" }) }),
    response: successResponse,
    notFound: "No reminder of the caller has this id (E_NOT_FOUND)",
    bodyOptional: true,
    handler: async (req, _res, ctx) => {
      requireUser(ctx);
      // A malformed id names no reminder: the same 404 as another person's.
      if (!idParam.safeParse(req.params.id).success) throw new AppError("E_NOT_FOUND", "packages.reminder.notFound");
      await deleteOwnReminder(ctx.app, { user: ctx.user, input: { reminderId: req.params.id } });
      return { success: true };
    },
  },
];
