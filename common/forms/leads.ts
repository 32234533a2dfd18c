import { z } from "../validation/zod";
import { LEAD_BOUNDS } from "../packages";
import { requiredConsent, nameField } from "../validation/fields";
import { normalizePhone } from "./settings";

/**
 * The subscribe form (name, surname, phone, terms consent) and the call-me form (full name,
 * phone) of spec §3, shared by the actions of the package page and the company profile and by
 * the API. The phone is validated and normalised to E.164 by the site's libphonenumber helper
 * (a national number is Turkish).
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

export const subscribeSchema = z.object({
  firstName: nameField("packages.leads.validation.firstName", LEAD_BOUNDS.firstName),
  lastName: nameField("packages.leads.validation.lastName", LEAD_BOUNDS.lastName),
  phone: phoneField,
  consent: requiredConsent("packages.leads.validation.consent"),
});

export const callMeSchema = z.object({
  fullName: nameField("packages.leads.validation.fullName", LEAD_BOUNDS.fullName),
  phone: phoneField,
});

export type SubscribeInput = z.output<typeof subscribeSchema>;
export type CallMeInput = z.output<typeof callMeSchema>;

/** The request forms' intents (a package page, and a company profile: a request without a package). */
export const LEAD_INTENTS = ["subscribe", "callMe"] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

/** The intents of the dashboard's lead inbox (isletme/talepler/:id). */
export const LEAD_INBOX_INTENTS = ["updateLead", "settings", "testWebhook"] as const;
export type LeadInboxIntent = (typeof LEAD_INBOX_INTENTS)[number];
