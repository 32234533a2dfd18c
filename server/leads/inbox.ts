import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "../../common/validation/zod";
import { dropInvisibleFormat, isWellFormedText } from "../../common/validation/fields";
import type { Locale } from "../../common/format";
import { LEAD_BOUNDS, LEAD_STATES, type WebhookFailure } from "../../common/packages";
import type { InboxLead } from "../../common/package-types";
import { requireCorporate, type Actor } from "../accounts";
import type { AppContext } from "../core/app-context";
import { companiesOwnedBy, ownedCompanyColumn } from "../companies";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { companyDeliverySettings, leadDeliveries, leads } from "./schema";
import { getT } from "../i18n";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { newWebhookSecret, postWebhook, type WebhookAnswer } from "./webhook";
import { webhookUrlProblem } from "./webhook-address";

/**
 * The lead inbox of the dashboard: a company's owner sees and works its requests and
 * sets where they are delivered; an administrator sees every company's, with each delivery's
 * state. Ownership is part of every query's WHERE, so another company's row never loads.
 */

/** Companies the actor may manage: its own, or any for an administrator. */
function managedCompany(actor: Actor, companyId: number): SQL {
  const user = requireCorporate(actor);
  return companiesOwnedBy(user, eq(companies.id, companyId))!;
}

async function assertManaged(app: Pick<AppContext, "db">, actor: Actor, companyId: number): Promise<void> {
  const [row] = await app.db.select({ id: companies.id }).from(companies).where(managedCompany(actor, companyId));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");
}

export async function listCompanyLeads(app: Pick<AppContext, "db">, actor: Actor, opts: { companyId: number; limit?: number }): Promise<InboxLead[]> {
  await assertManaged(app, actor, opts.companyId);
  const rows = await app.db
    .select({ l: leads, packageTitle: packages.title })
    .from(leads)
    .leftJoin(packages, eq(packages.id, leads.packageId))
    .where(eq(leads.companyId, opts.companyId))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(Math.min(opts.limit ?? 100, 500));
  const ids = rows.map((r) => r.l.id);
  const deliveries = ids.length ? await app.db.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, ids)) : [];
  return rows.map(({ l, packageTitle }) => ({
    id: l.id,
    reference: l.reference,
    kind: l.kind,
    name: [l.firstName, l.lastName].filter(Boolean).join(" "),
    phone: l.phone,
    packageTitle,
    flat: l.flatCode !== null && l.flatAddress !== null ? { code: l.flatCode, address: l.flatAddress } : null,
    callbackSlot: l.callbackSlot,
    state: l.state,
    notes: l.notes,
    createdAt: l.createdAt.toISOString(),
    deliveries: deliveries
      .filter((d) => d.leadId === l.id)
      .map((d) => ({ channel: d.channel, state: d.state, attempts: d.attempts, lastError: d.lastError, lastStatus: d.lastStatus })),
  }));
}

export const leadUpdateSchema = z.object({
  state: z.enum(LEAD_STATES, { error: "packages.inbox.validation.state" }),
  notes: z.preprocess(
    (v) => (typeof v === "string" ? (dropInvisibleFormat(v).trim() === "" ? null : dropInvisibleFormat(v)) : v ?? null),
    z
      .string({ error: "packages.validation.text" })
      .trim()
      .max(LEAD_BOUNDS.note.max, "packages.validation.textMax")
      // eslint-disable-next-line no-control-regex
      .refine((v) => isWellFormedText(v) && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), "packages.validation.text")
      .nullable(),
  ),
});

/** Moves a request to new/contacted/closed and keeps the company's notes. */
export async function updateLead(app: Pick<AppContext, "db">, actor: Actor, opts: { leadId: number; input: unknown; companyId?: number }): Promise<void> {
  const user = requireCorporate(actor);
  const input = parseInput(leadUpdateSchema, opts.input);
  const owned = ownedCompanyColumn(user, leads.companyId);
  const updated = await app.db
    .update(leads)
    .set({ state: input.state, notes: input.notes, updatedAt: new Date() })
    .where(and(eq(leads.id, opts.leadId), owned, opts.companyId === undefined ? undefined : eq(leads.companyId, opts.companyId)))
    .returning({ id: leads.id });
  if (!updated.length) throw new AppError("E_NOT_FOUND", "packages.inbox.notFound");
}

export const deliverySettingsSchema = z.object({
  mail: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v ?? null),
    z.string({ error: "packages.inbox.validation.mail" }).trim().max(254, "packages.inbox.validation.mail").email("packages.inbox.validation.mail").nullable(),
  ),
  webhookUrl: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v ?? null),
    z
      .string({ error: "packages.inbox.validation.webhookUrl" })
      .trim()
      .max(500, "packages.inbox.validation.webhookUrl")
      // eslint-disable-next-line no-control-regex
      .refine((v) => /^https?:\/\//i.test(v) && !/[\u0000-\u0020\u007F]/.test(v) && v.isWellFormed() && URL.canParse(v), "packages.inbox.validation.webhookUrl")
      .nullable(),
  ),
});

/** Sets the delivery mail and webhook; a webhook gets a secret the first time (or a new one on request). */
export async function setDeliverySettings(
  app: Pick<AppContext, "db" | "config">,
  actor: Actor,
  opts: { companyId: number; input: unknown; rotateSecret?: boolean },
): Promise<{ mail: string | null; webhookUrl: string | null; webhookSecret: string | null; secretIsNew: boolean }> {
  await assertManaged(app, actor, opts.companyId);
  const input = parseInput(deliverySettingsSchema, opts.input);
  if (input.webhookUrl) {
    // Never an address of our own network (SSRF): checked here and again at every call.
    const problem = await webhookUrlProblem(input.webhookUrl, { allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE });
    if (problem) {
      const key = problem === "private" ? "packages.inbox.validation.webhookPrivate" : problem === "unresolved" ? "packages.inbox.validation.webhookUnresolved" : "packages.inbox.validation.webhookUrl";
      throw new AppError("E_VALIDATION", key, { fieldErrors: { webhookUrl: { key } } });
    }
  }
  const [current] = await app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, opts.companyId));
  const secret = input.webhookUrl ? (opts.rotateSecret || !current?.webhookSecret ? newWebhookSecret() : current.webhookSecret) : null;
  const values = { mail: input.mail, webhookUrl: input.webhookUrl, webhookSecret: secret, updatedAt: new Date() };
  await app.db
    .insert(companyDeliverySettings)
    .values({ companyId: opts.companyId, ...values })
    .onConflictDoUpdate({ target: companyDeliverySettings.companyId, set: values });
  return { mail: input.mail, webhookUrl: input.webhookUrl, webhookSecret: secret, secretIsNew: secret !== null && secret !== current?.webhookSecret };
}

/** The company's delivery settings as the inbox shows them (never the secret itself) and the company's own e-mail. */
export async function getDeliverySettings(
  app: Pick<AppContext, "db">,
  actor: Actor,
  opts: { companyId: number },
): Promise<{ companyName: string; companyEmail: string | null; mail: string | null; webhookUrl: string | null; hasSecret: boolean }> {
  const user = requireCorporate(actor);
  const [row] = await app.db
    .select({ name: companies.name, email: companies.email, mail: companyDeliverySettings.mail, webhookUrl: companyDeliverySettings.webhookUrl, secret: companyDeliverySettings.webhookSecret })
    .from(companies)
    .leftJoin(companyDeliverySettings, eq(companyDeliverySettings.companyId, companies.id))
    .where(managedCompany({ user }, opts.companyId));
  if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.companyNotFound");
  return { companyName: row.name, companyEmail: row.email, mail: row.mail, webhookUrl: row.webhookUrl, hasSecret: Boolean(row.secret) };
}

/**
 * What the owner is told of a webhook call: the status, the time taken and the failure's class,
 * translated (the page and the API say the same).
 */
export function webhookAnswerMessage(locale: Locale, answer: WebhookAnswer): string {
  const t = getT(locale);
  if (answer.ok) return t("packages.inbox.test.answered", { status: answer.status ?? 0, ms: answer.ms });
  return t("packages.inbox.test.failed", { ms: answer.ms, reason: webhookFailureText(locale, answer.reason ?? "network", answer.status) });
}

/** One failure class in words ("http" with its status). */
export function webhookFailureText(locale: Locale, reason: WebhookFailure, status: number | null): string {
  return getT(locale)(`packages.inbox.webhookFailures.${reason}`, { status: status ?? 0 });
}

/** "Send a test": a signed `lead.test` call to the company's webhook; its status, time and failure class are shown to the owner. */
export async function sendTestWebhook(app: Pick<AppContext, "db" | "config">, actor: Actor, opts: { companyId: number }): Promise<WebhookAnswer> {
  await assertManaged(app, actor, opts.companyId);
  const [settings] = await app.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, opts.companyId));
  if (!settings?.webhookUrl || !settings.webhookSecret) throw new AppError("E_CONFLICT", "packages.inbox.noWebhook");
  const body = JSON.stringify({ type: "lead.test", timestamp: new Date().toISOString(), data: { companyId: opts.companyId } });
  return postWebhook(settings.webhookUrl, settings.webhookSecret, `msg_test_${Date.now()}`, body, { allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE });
}
