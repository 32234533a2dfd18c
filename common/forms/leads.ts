import { z } from "../validation/zod";
import { CALLBACK_SLOTS, LEAD_BOUNDS } from "../packages";
import { codeFieldWith } from "./infrastructure";
import { requiredConsent, nameField } from "../validation/fields";
import { normalizePhone } from "./settings";

/**
 * The subscribe form (name, surname, phone, terms consent) and the call-me form (full name,
 * phone) of spec §3, shared by the actions of the package page and the company profile and by
 * the API. The phone is validated and normalised to E.164 by the site's libphonenumber helper
 * (a national number is Turkish). Both may name the flat the request is for (its BBK code, carried
 * from the infrastructure answer page; the server reads its address from the infrastructure
 * source, never from the client) and the call-back time slot.
 */

const phoneField = z
  .string({ error: "packages.leads.validation.phoneRequired" })
  .trim()
  .min(1, "packages.leads.validation.phoneRequired")
  .transform((raw, ctx) => {
    const phone = normalizePhone(raw);
    if (!phone) {
      ctx.addIssue({ code: "custom", input: raw, message: "packages.leads.validation.phone" });
      return z.NEVER;
    }
    return phone;
  });

/** The flat's BBK code (a hidden field of the page's form; a number or digit string in the API); absent for none. */
export const leadFlatField = () => codeFieldWith("packages.leads.validation.flat").optional();

/** When to call back; "any" when not chosen (the API), one of the list otherwise. */
export const callbackSlotField = () => z.enum(CALLBACK_SLOTS, { error: "packages.leads.validation.slot" }).default("any");

const flatField = leadFlatField();
const slotField = callbackSlotField();

export const subscribeSchema = z.object({
  firstName: nameField("packages.leads.validation.firstName", LEAD_BOUNDS.firstName),
  lastName: nameField("packages.leads.validation.lastName", LEAD_BOUNDS.lastName),
  phone: phoneField,
  consent: requiredConsent("packages.leads.validation.consent"),
  flat: flatField,
  slot: slotField,
});

export const callMeSchema = z.object({
  fullName: nameField("packages.leads.validation.fullName", LEAD_BOUNDS.fullName),
  phone: phoneField,
  flat: flatField,
  slot: slotField,
});

export type SubscribeInput = z.output<typeof subscribeSchema>;
export type CallMeInput = z.output<typeof callMeSchema>;

/** The request forms' intents (a package page, and a company profile: a request without a package). */
export const LEAD_INTENTS = ["subscribe", "callMe"] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

/** The intents of the dashboard's lead inbox (isletme/talepler/:id). */
export const LEAD_INBOX_INTENTS = ["updateLead", "settings", "testWebhook"] as const;
export type LeadInboxIntent = (typeof LEAD_INBOX_INTENTS)[number];
