import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { CALLBACK_SLOTS, DELIVERY_CHANNELS, DELIVERY_STATES, LEAD_KINDS, LEAD_STATES } from "../../common/packages";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";

// Subscription and call-me requests (leads), their deliveries to the company by mail and signed
// webhook, and each company's delivery settings.

/** Where a company wants its requests: a mail address and optionally a signed webhook. */
export const companyDeliverySettings = pgTable("company_delivery_settings", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** null = the company's own e-mail. */
  mail: text("mail"),
  webhookUrl: text("webhook_url"),
  /** Standard Webhooks secret, base64 (shown to the owner as "whsec_…"). */
  webhookSecret: text("webhook_secret"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A subscription request or call-me request: personal data, erased after the privacy text's retention. */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    /** Shown to the visitor ("GB-7K2M-QX4P"); unique. */
    reference: text("reference").notNull(),
    kind: text("kind", { enum: LEAD_KINDS }).notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** null for a call-me request from a profile. */
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    /** Subscribe: name and surname; call-me: the full name in first_name, last_name null. */
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    /** E.164, normalised by libphonenumber. */
    phone: text("phone").notNull(),
    /**
     * The flat the request is for (its BBK code, carried from the infrastructure answer page),
     * and its address as the infrastructure source gave it when the request was sent; both null
     * when the person named no flat.
     */
    flatCode: bigint("flat_code", { mode: "number" }),
    flatAddress: text("flat_address"),
    /** When the person would like to be called back (common/packages.ts CALLBACK_SLOTS). */
    callbackSlot: text("callback_slot", { enum: CALLBACK_SLOTS }).notNull().default("any"),
    /** The exact consent text the visitor agreed to, and when (KVKK). */
    consentText: text("consent_text").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    locale: text("locale").notNull().default("tr"),
    state: text("state", { enum: LEAD_STATES }).notNull().default("new"),
    notes: text("notes"),
    /** Hashed IP (never the address itself). */
    ipHash: text("ip_hash"),
    /**
     * Same company + package + kind + phone (+ flat) inside the duplicate window = one row. Unique:
     * the latest request with a key holds it, so concurrent duplicates meet in the index; a request
     * arriving after the window releases it (sets the older row's key to null) and takes it.
     */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_reference_idx").on(t.reference),
    index("leads_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("leads_dedupe_key_idx").on(t.dedupeKey),
    index("leads_created_idx").on(t.createdAt),
    check("leads_flat_check", sql`(${t.flatCode} IS NULL) = (${t.flatAddress} IS NULL)`),
    check("leads_callback_slot_check", sql`${t.callbackSlot} IN ('any', 'morning', 'afternoon', 'evening')`),
  ],
);

/** One delivery of a lead on one channel; the job worker drives it with retries and backoff. */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /** Where it goes (mail address or webhook URL) when it was created. */
    target: text("target").notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextTryAt: timestamp("next_try_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The webhook's HTTP status of the last attempt. */
    lastStatus: smallint("last_status"),
    /** The webhook-id header: the same for every retry, so the receiver can drop repeats. */
    messageId: text("message_id").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("lead_deliveries_lead_channel_idx").on(t.leadId, t.channel), index("lead_deliveries_state_idx").on(t.state, t.nextTryAt)],
);
