import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { callMeSchema, subscribeSchema } from "../../common/forms/leads";
import type { Locale } from "../../common/format";
import { LEAD_DUPLICATE_WINDOW_MS, type CallbackSlot, type LeadKind } from "../../common/packages";
import type { AppContext } from "../core/app-context";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { companyDeliverySettings, leadDeliveries, leads } from "./schema";
import { getT } from "../i18n";
import { leadFlatByCode } from "./lead-flat";
import { enqueueJob, webhookChannel } from "../jobs/queue";
import { MAIL_CHANNEL } from "../mail/mailer";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";

export const LEAD_DELIVERY_JOB = "lead.deliver";
/** About three days of retries (backoff doubles from 30 s up to one hour). */
export const LEAD_DELIVERY_MAX_ATTEMPTS = 80;
/** Per IP: 10 requests an hour; per phone number: 5 a day (all companies together). */
export const LEAD_IP_LIMIT = { name: "lead-ip", points: 10, durationSeconds: 3600 };
export const LEAD_PHONE_LIMIT = { name: "lead-phone", points: 5, durationSeconds: 86_400 };
/**
 * Flat look-ups by requests, per address: a request naming a flat asks the infrastructure source
 * before the request limits are counted, so this bounds that on its own (generous: a person
 * corrects a flat a few times).
 */
export const LEAD_FLAT_LIMIT = { name: "lead-flat", points: 30, durationSeconds: 3600 };

/** "GB-7K2M-QX4P": no 0/O/1/I, easy to read out on the phone. */
export function newReference(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `GB-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export interface SubmittedLead {
  reference: string;
  companyName: string;
  /** false when the same request was sent a moment ago (the earlier one's reference is returned). */
  created: boolean;
}

/**
 * Whom a request is for: a package (on sale, of a published company), or a published company
 * itself (a request from its profile, without a package) by its id (the profile page) or its
 * url slug (the API).
 */
export interface LeadTarget {
  packageId?: number;
  companyId?: number;
  companySlug?: string;
}

/**
 * A subscribe or call-me request for a package or for a company profile (no package): validated,
 * rate limited per IP and per phone, stored with the consent text and time, the flat it is for
 * (its code and its address as the infrastructure source gives it now; an unknown code is a
 * field error and stores nothing) and the call-back slot, in the same
 * transaction as its deliveries (mail, and the company's webhook when it set one) and their
 * job, so nothing is lost while mail or the webhook is down. A repeat of the same request
 * within LEAD_DUPLICATE_WINDOW_MS stores nothing and answers the first one's reference.
 */
export async function submitLead(
  app: Pick<AppContext, "db" | "limits" | "config" | "infrastructure">,
  opts: LeadTarget & { kind: LeadKind; input: unknown; locale: Locale; ip: string; ipHash: string | null; now?: Date },
): Promise<SubmittedLead> {
  const now = opts.now ?? new Date();
  const t = getT(opts.locale);
  const parsed: { firstName: string; lastName: string | null; phone: string; flat: number | undefined; slot: CallbackSlot } =
    opts.kind === "subscribe"
      ? (({ firstName, lastName, phone, flat, slot }) => ({ firstName, lastName, phone, flat, slot }))(parseInput(subscribeSchema, opts.input))
      : (({ fullName, phone, flat, slot }) => ({ firstName: fullName, lastName: null, phone, flat, slot }))(parseInput(callMeSchema, opts.input));

  // The target: a package on sale of a published company, or a published company.
  let companyId: number;
  let packageId: number | null = null;
  if (opts.packageId !== undefined) {
    const [row] = await app.db
      .select({ companyId: packages.companyId, withdrawnAt: packages.withdrawnAt })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(and(eq(packages.id, opts.packageId), eq(companies.publishState, "published")));
    if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
    if (row.withdrawnAt) throw new AppError("E_CONFLICT", "packages.leads.withdrawn");
    companyId = row.companyId;
    packageId = opts.packageId;
  } else if (opts.companyId !== undefined) {
    // A request from the company's profile: the company itself, no package.
    companyId = opts.companyId;
  } else if (opts.companySlug !== undefined) {
    const [row] =
      opts.companySlug.length <= 200
        ? await app.db.select({ id: companies.id }).from(companies).where(and(eq(companies.slug, opts.companySlug), eq(companies.publishState, "published"))).limit(1)
        : [];
    if (!row) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
    companyId = row.id;
  } else {
    throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  }
  const [company] = await app.db
    .select({ id: companies.id, name: companies.name, email: companies.email, publishState: companies.publishState })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company || company.publishState !== "published") throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");

  // The flat is the infrastructure source's, read now: the client sends only its code, never an
  // address. A source that is down answers its own error (nothing stored; the person may send
  // again, or without the flat).
  if (parsed.flat !== undefined) await consumeLimit(app.limits, LEAD_FLAT_LIMIT, opts.ip, "packages.leads.rateLimited");
  const flat = parsed.flat === undefined ? null : await leadFlatByCode(app, parsed.flat);
  if (parsed.flat !== undefined && !flat) {
    throw new AppError("E_VALIDATION", "packages.leads.validation.flat", { fieldErrors: { flat: { key: "packages.leads.validation.flat" } } });
  }

  const secret = app.config.SESSION_SECRET;
  const phoneKey = createHash("sha256").update(`${secret}:${parsed.phone}`).digest("hex");
  // Two flats of one person are two requests. (Without a flat the key is what it was before flats.)
  // The call-back slot is not part of it: the same request with another slot a moment later is a
  // repeat, answered with the first one's reference (and slot).
  const dedupeKey = createHash("sha256")
    .update(`${companyId}|${packageId ?? ""}|${opts.kind}|${parsed.phone}${flat ? `|${flat.code}` : ""}`)
    .digest("hex");

  const [settings] = await app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, companyId));
  const mailTo = settings?.mail ?? company.email ?? app.config.OWNER_EMAIL;
  // The exact words the person agreed to: with a flat, they also agreed to pass on its address.
  const consentText = flat
    ? opts.kind === "subscribe"
      ? t("packages.leads.consentWithFlat", { company: company.name })
      : t("packages.leads.callMeConsentWithFlat", { company: company.name })
    : opts.kind === "subscribe"
      ? t("packages.leads.consent", { company: company.name })
      : t("packages.leads.callMeConsent", { company: company.name });

  // The duplicate rule is held by the unique index on dedupe_key, not by a look-up before the
  // insert: concurrent duplicates meet in the index (on PostgreSQL the later insert waits for the
  // earlier transaction), the loser stores nothing and answers the winner's reference. The rate
  // limits are counted after the key is won, inside the transaction, so that duplicates never
  // spend them and a refused request gives its key back.
  for (let attempt = 0; attempt < 3; attempt++) {
    const reference = newReference();
    const outcome = await app.db.transaction(async (tx) => {
      // A request with this key older than the window is a past request: it gives the key up.
      await tx
        .update(leads)
        .set({ dedupeKey: null })
        .where(and(eq(leads.dedupeKey, dedupeKey), lte(leads.createdAt, new Date(now.getTime() - LEAD_DUPLICATE_WINDOW_MS))));
      const [lead] = await tx
        .insert(leads)
        .values({
          reference,
          kind: opts.kind,
          companyId,
          packageId,
          firstName: parsed.firstName,
          lastName: parsed.lastName,
          phone: parsed.phone,
          flatCode: flat?.code ?? null,
          flatAddress: flat?.address ?? null,
          callbackSlot: parsed.slot,
          consentText,
          consentAt: now,
          locale: opts.locale,
          ipHash: opts.ipHash,
          dedupeKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: leads.dedupeKey })
        .returning({ id: leads.id });
      if (!lead) {
        const [winner] = await tx.select({ reference: leads.reference }).from(leads).where(eq(leads.dedupeKey, dedupeKey));
        return winner ? { reference: winner.reference, created: false } : null;
      }
      await consumeLimit(app.limits, LEAD_IP_LIMIT, opts.ip, "packages.leads.rateLimited", 1, tx);
      await consumeLimit(app.limits, LEAD_PHONE_LIMIT, phoneKey, "packages.leads.rateLimited", 1, tx);
      const targets: { channel: "mail" | "webhook"; target: string }[] = [{ channel: "mail", target: mailTo }];
      if (settings?.webhookUrl && settings.webhookSecret) targets.push({ channel: "webhook", target: settings.webhookUrl });
      for (const d of targets) {
        const [delivery] = await tx
          .insert(leadDeliveries)
          .values({ leadId: lead.id, channel: d.channel, target: d.target, messageId: `msg_${randomUUID()}`, nextTryAt: now })
          .returning({ id: leadDeliveries.id });
        await enqueueJob(tx, {
          kind: LEAD_DELIVERY_JOB,
          payload: { deliveryId: delivery!.id },
          uniqueKey: `lead-delivery:${delivery!.id}`,
          maxAttempts: LEAD_DELIVERY_MAX_ATTEMPTS,
          channel: d.channel === "mail" ? MAIL_CHANNEL : webhookChannel(d.target),
        });
      }
      return { reference, created: true };
    });
    // null: the winner was gone (deleted) by the time it was read; the key is free again.
    if (outcome) return { ...outcome, companyName: company.name };
  }
  // Three winners removed in a row while this request waited: only a storm of deletions does that.
  throw new AppError("E_UNAVAILABLE", "errors.busy");
}
