import { callbackSlotField, callMeSchema, leadFlatField, subscribeSchema } from "../../common/forms/leads";
import { CALLBACK_SLOTS, DELIVERY_CHANNELS, DELIVERY_STATES, LEAD_KINDS, LEAD_STATES, WEBHOOK_FAILURES } from "../../common/packages";
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

/* ---------- the lead inbox (the company's requests, their delivery) and its webhook ---------- */

/** The flat a request is for, as stored with it (the inbox, the webhook). */
export const leadFlatSchema = z
  .object({
    code: z.number().int().openapi({ description: "The flat's BBK code (the infrastructure query's flat code)", example: 910000001 }),
    address: z.string().openapi({ description: "The flat's address as the infrastructure source gave it when the request was sent", example: "İZMİR, KONAK, ALSANCAK MAH, 1. SOKAK, 1, 3" }),
  })
  .nullable()
  .openapi("LeadFlat", { description: "The flat the request is for, when the person sent it from the infrastructure answer page; null otherwise" });

export const callbackSlotSchema = z
  .enum(CALLBACK_SLOTS)
  .openapi("CallbackSlot", { description: "When the person would like to be called back, in Turkey's time: any, morning (09–12), afternoon (12–17), evening (17–21)" });

/** The body of a company webhook's `lead.created` call (server/leads/deliver-lead.ts leadWebhookBody). */
export const leadCreatedWebhookBody = z
  .object({
    type: z.literal("lead.created"),
    timestamp: z.string().openapi({ format: "date-time" }),
    data: z.object({
      reference: z.string().openapi({ example: "GB-7K2M-QX4P" }),
      kind: z.enum(LEAD_KINDS),
      source: z.enum(["package", "profile"]).openapi({ description: "Sent from a package page, or from the company's profile (no package)" }),
      company: z.object({ id: z.number().int(), name: z.string() }),
      package: z.object({ id: z.number().int(), title: z.string(), url: z.string().openapi({ description: "The package's url slug" }) }).nullable(),
      firstName: z.string().openapi({ description: "Subscribe: the name; call-me: the full name" }),
      lastName: z.string().nullable().openapi({ description: "Subscribe: the surname; call-me: null" }),
      phone: z.string().openapi({ description: "E.164", example: "+905321234567" }),
      flat: leadFlatSchema,
      callbackSlot: callbackSlotSchema,
      consent: z.object({ text: z.string().openapi({ description: "The exact consent text the person agreed to" }), at: z.string().openapi({ format: "date-time" }) }),
    }),
  })
  .openapi("LeadCreatedWebhook");

export const inboxLeadSchema = z
  .object({
    id: z.number().int(),
    reference: z.string().openapi({ example: "GB-7K2M-QX4P" }),
    kind: z.enum(LEAD_KINDS),
    name: z.string(),
    phone: z.string().openapi({ description: "E.164", example: "+905321234567" }),
    packageTitle: z.string().nullable().openapi({ description: "null: a request sent from the company profile (no package chosen)" }),
    flat: leadFlatSchema,
    callbackSlot: callbackSlotSchema,
    state: z.enum(LEAD_STATES),
    notes: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    deliveries: z.array(
      z.object({
        channel: z.enum(DELIVERY_CHANNELS),
        state: z.enum(DELIVERY_STATES),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        lastStatus: z.number().int().nullable(),
      }),
    ),
  })
  .openapi("InboxLead");
export const inboxLeadsResponse = z.object({ success: z.literal(true), leads: z.array(inboxLeadSchema) });
export const deliverySettingsResponse = z.object({
  success: z.literal(true),
  mail: z.string().nullable().openapi({ description: "null: the company's own e-mail" }),
  webhookUrl: z.string().nullable(),
  hasSecret: z.boolean(),
});
export const deliverySettingsBody = z.object({
  mail: z.string().nullable().optional().openapi({ description: "Where requests are mailed; empty or null: the company's own e-mail" }),
  webhookUrl: z.string().nullable().optional().openapi({ description: "An http(s) address on the internet (local and private addresses are refused); empty or null: none" }),
  rotateSecret: z.boolean().optional().openapi({ description: "Make a new signing secret" }),
});
export const deliverySettingsSavedResponse = z.object({
  success: z.literal(true),
  mail: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  webhookSecret: z.string().nullable().openapi({ description: "The Standard Webhooks signing secret (whsec_…), only when it was made by this call; keep it" }),
});
export const webhookTestResponse = z.object({
  success: z.literal(true),
  answer: z.object({
    status: z.number().int().nullable().openapi({ description: "The webhook's HTTP status; null when it could not be reached" }),
    ok: z.boolean(),
    reason: z
      .enum(WEBHOOK_FAILURES)
      .nullable()
      .openapi({ description: "Why the call failed, as a class (never the receiver's body or the network error): refused, timeout, tls, dns, http (a status outside 2xx), private, invalid, network; null when it answered 2xx" }),
    ms: z.number().int().min(0).openapi({ description: "Milliseconds from the start of the call to its answer or failure" }),
    message: z.string().openapi({ description: "The same, in words, in the caller's language" }),
  }),
});
export const leadUpdateBody = z.object({ state: z.enum(LEAD_STATES), notes: z.string().nullable().optional() });
