import { eq, sql } from "drizzle-orm";
import { formatDateTime } from "../../common/format";
import type { Locale } from "../../common/format";
import { isLocale } from "../../common/i18n";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { companyDeliverySettings, leadDeliveries, leads } from "./schema";
import { getT } from "../i18n";
import type { JobDeps } from "../core/app-context";
import { backoffMs, ChannelDown } from "../jobs/queue";
import type { WebhookFailure } from "../../common/packages";
import { LEAD_DELIVERY_MAX_ATTEMPTS } from "./submit-lead";
import { postWebhook } from "./webhook";

/**
 * The JSON a company's webhook receives (type "lead.created"; its schema is the OpenAPI
 * document's `lead.created` webhook). `source` says where the request was sent from: a package
 * page ("package", with the package) or the company's profile ("profile", `package` null).
 * `flat` is the flat the request is for, when the person sent it from the infrastructure answer
 * page: its BBK code and its address as the infrastructure source gave it at submission (null
 * otherwise). `callbackSlot` is when the person would like to be called, in Turkey's time: "any",
 * "morning" (09–12), "afternoon" (12–17) or "evening" (17–21).
 */
export function leadWebhookBody(lead: typeof leads.$inferSelect, pkg: { id: number; title: string; slug: string } | null, company: { id: number; name: string }): string {
  return JSON.stringify({
    type: "lead.created",
    timestamp: lead.createdAt.toISOString(),
    data: {
      reference: lead.reference,
      kind: lead.kind,
      source: pkg ? "package" : "profile",
      company: { id: company.id, name: company.name },
      package: pkg ? { id: pkg.id, title: pkg.title, url: pkg.slug } : null,
      firstName: lead.firstName,
      lastName: lead.lastName,
      phone: lead.phone,
      flat: lead.flatCode !== null && lead.flatAddress !== null ? { code: lead.flatCode, address: lead.flatAddress } : null,
      callbackSlot: lead.callbackSlot,
      consent: { text: lead.consentText, at: lead.consentAt.toISOString() },
    },
  });
}

/**
 * A webhook answer that says the receiver is away rather than that it refuses this request: no
 * connection, no answer in time, a TLS or name failure, 5xx or 429.
 */
export function receiverDown(reason: WebhookFailure | null, status: number | null): boolean {
  if (reason === "refused" || reason === "timeout" || reason === "tls" || reason === "dns" || reason === "network") return true;
  return reason === "http" && status !== null && (status >= 500 || status === 429);
}

/**
 * The `lead.deliver` job: one delivery of one lead, by mail or signed webhook. Delivered once:
 * a delivery already marked delivered is not sent again. A failure throws, the job table retries
 * it with backoff, and the delivery row keeps the attempts, the last error and the next try.
 */
export async function runLeadDelivery(deps: JobDeps, payload: unknown): Promise<void> {
  const deliveryId = (payload as { deliveryId?: unknown })?.deliveryId;
  if (typeof deliveryId !== "number") return;
  const [row] = await deps.db
    .select({ d: leadDeliveries, l: leads, companyName: companies.name, ownerLocale: users.locale })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .leftJoin(users, eq(users.id, companies.ownerId))
    .where(eq(leadDeliveries.id, deliveryId));
  if (!row || row.d.state === "delivered") return;
  const { d, l } = row;
  const [pkg] = l.packageId ? await deps.db.select({ id: packages.id, title: packages.title, slug: packages.slug }).from(packages).where(eq(packages.id, l.packageId)) : [];
  const attempts = d.attempts + 1;
  /**
   * Records the try and throws. `down`: the receiver (the mail server, the webhook's host) is
   * unavailable, not this request: it stays pending however long that lasts, and goes out in its
   * place once the channel answers (decision 039); else it is retried with its own backoff.
   */
  const fail = async (error: string, status: number | null, down = false) => {
    const state = !down && attempts >= LEAD_DELIVERY_MAX_ATTEMPTS ? "failed" : "pending";
    await deps.db
      .update(leadDeliveries)
      .set({ attempts, state, lastError: error.slice(0, 1000), lastStatus: status, nextTryAt: down ? null : new Date(Date.now() + backoffMs(attempts)) })
      .where(eq(leadDeliveries.id, d.id));
    const message = `lead delivery ${d.id} (${d.channel}) failed: ${error.slice(0, 200)}`;
    throw down ? new ChannelDown(message) : new Error(message);
  };
  if (d.channel === "mail") {
    // In the language the company's owner uses the site in (Turkish when it has none).
    const locale: Locale = isLocale(row.ownerLocale) ? row.ownerLocale : "tr";
    const t = getT(locale);
    // A request from the company's profile names no package: the mail says where it came from.
    const company = row.companyName;
    try {
      await deps.mail.deliver({
        to: d.target,
        subject: pkg
          ? t("packages.leads.mail.subject", { reference: l.reference, title: pkg.title })
          : t("packages.leads.mail.subjectProfile", { reference: l.reference, company }),
        text: t("packages.leads.mail.body", {
          kind: l.kind === "subscribe" ? t("packages.leads.mail.kindSubscribe") : t("packages.leads.mail.kindCallMe"),
          reference: l.reference,
          about: pkg ? t("packages.leads.mail.aboutPackage", { title: pkg.title }) : t("packages.leads.mail.aboutProfile", { company }),
          name: [l.firstName, l.lastName].filter(Boolean).join(" "),
          phone: l.phone,
          flat: l.flatAddress !== null ? t("packages.leads.mail.flat", { address: l.flatAddress, code: l.flatCode ?? 0 }) : t("packages.leads.mail.noFlat"),
          slot: t(`packages.leads.slots.${l.callbackSlot}`),
          date: formatDateTime(l.createdAt),
        }),
      });
    } catch (err) {
      // The company sees the failure's class; the mail server's own words (hosts, replies) go to the log only.
      deps.log.warn({ err, deliveryId: d.id }, "lead mail not handed over");
      await fail("network", null, err instanceof ChannelDown);
    }
  } else {
    const [settings] = await deps.db.select().from(companyDeliverySettings).where(eq(companyDeliverySettings.companyId, l.companyId));
    if (!settings?.webhookSecret) return fail("invalid", null);
    const answer = await postWebhook(d.target, settings.webhookSecret, d.messageId, leadWebhookBody(l, pkg ?? null, { id: l.companyId, name: row.companyName }), {
      allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE,
    });
    // Kept as the failure's class (shown translated in the inbox), never the network error's text.
    if (!answer.ok) await fail(answer.reason ?? "http", answer.status, receiverDown(answer.reason, answer.status));
    await deps.db.update(leadDeliveries).set({ lastStatus: answer.status }).where(eq(leadDeliveries.id, d.id));
  }
  await deps.db
    .update(leadDeliveries)
    .set({ state: "delivered", attempts, deliveredAt: new Date(), lastError: null, nextTryAt: null })
    .where(sql`${leadDeliveries.id} = ${d.id} AND ${leadDeliveries.state} <> 'delivered'`);
}
