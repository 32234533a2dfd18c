import { z } from "../platform/api-zod";

/** The commitment-end reminder: set one, a signed-in caller's list. */
export const reminderResponse = z
  .discriminatedUnion("state", [
    z.object({
      success: z.literal(true),
      state: z.literal("pending").openapi({
        description: "A confirmation link is on its way to the address; the reminder is sent only once it is opened (also the answer when the address already has this reminder)",
      }),
    }),
    z.object({
      success: z.literal(true),
      state: z.literal("active").openapi({ description: "A verified account's reminder: on at once" }),
      created: z.boolean().openapi({ description: "false: the account already had this reminder; nothing was stored twice" }),
      email: z.string().openapi({ description: "The account's address the mail goes to" }),
      remindOn: z.string().openapi({ description: "The day the mail goes (YYYY-MM-DD, in Turkey)", example: "2027-04-14" }),
    }),
  ])
  .openapi("ReminderRequested");

export const ownReminderSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(["pending", "active", "sent"]),
    endsOn: z.string().openapi({ description: "The end of the commitment (YYYY-MM-DD)", example: "2027-05-14" }),
    remindOn: z.string().openapi({ description: "The day of the mail (YYYY-MM-DD)", example: "2027-04-14" }),
    province: z.string().nullable(),
    pkg: z
      .object({ id: z.number().int(), title: z.string(), company: z.string(), path: z.string().openapi({ description: "The package page's path" }) })
      .nullable()
      .openapi({ description: "null: the package is no longer listed" }),
  })
  .openapi("OwnReminder");
export const ownRemindersResponse = z.object({ success: z.literal(true), reminders: z.array(ownReminderSchema) });

/* ---------- the reminder's mailed link (/taahhut-hatirlatma/:token) ---------- */

export const reminderLinkResponse = z.object({
  success: z.literal(true),
  state: z.enum(["pending", "active", "sent", "unsubscribed"]).openapi({ description: "unsubscribed: an unsubscribe link whose reminder is gone" }),
  endsOn: z.string().nullable().openapi({ description: "The end of the commitment (YYYY-MM-DD)" }),
  remindOn: z.string().nullable().openapi({ description: "The day of the mail (YYYY-MM-DD)" }),
  pkg: z
    .object({ title: z.string(), company: z.string(), path: z.string().openapi({ description: "The package page's path" }) })
    .nullable()
    .openapi({ description: "null: the package is no longer listed" }),
  unsubscribeOnly: z.boolean().openapi({ description: "An unsubscribe link (it is in every mail): it cannot confirm" }),
});
export const reminderStateResponse = z.object({ success: z.literal(true), state: z.enum(["pending", "active", "sent", "unsubscribed"]) });
