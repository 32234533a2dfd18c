import { newsletterSchema } from "../../common/forms/newsletter";
import type { ApiCall } from "../core/app-context";
import { successResponse } from "../platform/api-shapes";
import { z } from "../platform/api-zod";
import { subscribeToNewsletter } from "./subscribe";

/** /api/v1 calls of the newsletter: the footer's sign-up form. */
export const newsletterCalls: ApiCall[] = [
  {
    id: "subscribeToNewsletter",
    path: "/home/add-mail-to-list",
    summary: "Newsletter sign-up (consent required; a repeated address is not an error)",
    tag: "newsletter",
    body: { schema: newsletterSchema.extend({ emailCheckbox: z.literal(true) }) },
    response: successResponse,
    handler: async (req, _res, ctx) => {
      await subscribeToNewsletter(ctx.app, { input: req.body ?? {}, locale: ctx.apiLocale, ipHash: ctx.ipHash, ip: ctx.ip });
      return { success: true };
    },
  },
];
