import { contactSchema } from "../../common/forms/contact";
import type { ApiCall } from "../core/app-context";
import { z } from "../platform/api-zod";
import { idempotencyKeyOf } from "../platform/idempotency";
import { contactResponse } from "./api-schemas";
import { submitContactMessage } from "./submit-contact";

/** /api/v1 calls of the contact page: its offer form, with attachments (multipart, streamed by the service). */
export const contactCalls: ApiCall[] = [
  {
    id: "sendContactForm",
    path: "/contact",
    summary: "Contact offer form; attachments zip/pdf/png/jpg, ≤10 MB each, ≤50 MB in all",
    tag: "contact",
    body: {
      type: "multipart/form-data",
      schema: contactSchema.extend({ attachments: z.array(z.string().openapi({ format: "binary" })).optional() }),
    },
    response: contactResponse,
    idempotent: true,
    handler: async (req, _res, ctx) => {
      const requestKey = idempotencyKeyOf(req.headers, ctx.app.config.SESSION_SECRET, ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.ipHash ?? ctx.ip}`);
      const { id } = await submitContactMessage(ctx.app, {
        requestKey,
        headers: req.headers as Record<string, string | undefined>,
        body: req,
        locale: ctx.apiLocale,
        ipHash: ctx.ipHash,
        ip: ctx.ip,
      });
      return { success: true, id };
    },
  },
];
