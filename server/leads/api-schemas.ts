import { callbackSlotField, callMeSchema, leadFlatField, subscribeSchema } from "../../common/forms/leads";
import { z } from "../platform/api-zod";

// The request calls' shapes (a package's and a company profile's).

/**
 * The request calls' optional fields, described: the flat (from the infrastructure answer) and
 * the call-back slot. The same zod fields the service validates with (made here again, after the
 * OpenAPI extension, to carry their descriptions).
 */
const leadExtras = {
  flat: leadFlatField().openapi({
    description:
      "The flat the request is for: its BBK code from the infrastructure query (a number, or a string of digits). The company receives the flat's address as the infrastructure source gives it; an unknown code is refused (400, field `flat`). Omit for none",
    example: 910000001,
  }),
  slot: callbackSlotField().openapi({ description: "When to call back, in Turkey's time: any (the default), morning (09–12), afternoon (12–17), evening (17–21)" }),
};
export const subscribeBody = subscribeSchema.extend({ consent: z.literal(true), ...leadExtras });
export const callMeBody = callMeSchema.extend(leadExtras);

export const leadResponse = z.object({
  success: z.literal(true),
  reference: z.string().openapi({ example: "GB-7K2M-QX4P" }),
  company: z.string(),
  created: z.boolean().openapi({ description: "false: the same request was sent moments ago; its reference is returned" }),
});
