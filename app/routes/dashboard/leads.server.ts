import { data } from "react-router";
import { LEAD_INBOX_INTENTS, type LeadInboxIntent } from "../../../common/forms/leads";
import { formatDateTime } from "../../../common/format";
import { LEAD_BOUNDS } from "../../../common/packages";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { getDeliverySettings, listCompanyLeads, sendTestWebhook, setDeliverySettings, updateLead, webhookAnswerMessage } from "../../../server/leads/inbox";
import { parseDashboardId } from "../../../server/packages/dashboard-ids";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import { AppError } from "../../../server/platform/app-error";
import type { LeadInboxResult } from "../../features/dashboard/lead-inbox";

interface PageArgs {
  request: Request;
  params: { id: string };
  context: RequestContext;
}

/** isletme/talepler/:id: a company's subscription and call-me requests and where they are delivered; its owner or an administrator. */
export async function leadInboxPage({ request, context, params }: PageArgs) {
  requirePageCorporate(context, request);
  const t = getT(context.locale);
  const companyId = loaderId(params.id);
  const settings = await getDeliverySettings(context.app, context, { companyId }).catch(pageError);
  const leads = await listCompanyLeads(context.app, context, { companyId, limit: 200 }).catch(pageError);
  return {
    seo: { title: `${t("packages.inbox.title")}: ${settings.companyName}`, description: t("packages.inbox.description"), index: false },
    company: { id: companyId, name: settings.companyName, email: settings.companyEmail },
    settings: { mail: settings.mail ?? "", webhookUrl: settings.webhookUrl ?? "", hasSecret: settings.hasSecret },
    leads: leads.map((l) => ({ ...l, received: formatDateTime(l.createdAt) })),
  };
}

/** intent=updateLead (leadId, state, notes) | settings (mail, webhookUrl, rotateSecret) | testWebhook. */
export async function leadInboxAction({ request, context, params }: PageArgs) {
  requirePageCorporate(context, request);
  let intent: LeadInboxIntent | undefined;
  let leadId: number | undefined;
  let values: Record<string, string> = {};
  try {
    const form = await readVerifiedForm(request, context);
    const raw = form.get("intent");
    intent = LEAD_INBOX_INTENTS.find((i) => i === raw);
    if (!intent) throw new AppError("E_BAD_REQUEST", "packages.dashboard.unknownIntent");
    const companyId = parseDashboardId(params.id);
    const t = getT(context.locale);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    if (intent === "updateLead") {
      const rawLead = text("leadId");
      leadId = /^[1-9]\d{0,8}$/.test(rawLead ?? "") ? Number(rawLead) : undefined;
      values = { state: (text("state") ?? "").slice(0, 20), notes: (text("notes") ?? "").slice(0, LEAD_BOUNDS.note.max + 100) };
      await updateLead(context.app, context, { leadId: parseDashboardId(rawLead, "lead"), companyId, input: { state: form.get("state") ?? undefined, notes: form.get("notes") ?? undefined } });
      return data<LeadInboxResult>({ success: true, intent, leadId, message: t("packages.inbox.updated") });
    }
    if (intent === "settings") {
      values = { mail: (text("mail") ?? "").slice(0, 300), webhookUrl: (text("webhookUrl") ?? "").slice(0, 600) };
      const saved = await setDeliverySettings(context.app, context, {
        companyId,
        input: { mail: form.get("mail") ?? undefined, webhookUrl: form.get("webhookUrl") ?? undefined },
        rotateSecret: form.get("rotateSecret") === "on",
      });
      // The secret is shown once, when it is made; the page never shows it again.
      return data<LeadInboxResult>({ success: true, intent, message: t("packages.inbox.settings.saved"), ...(saved.secretIsNew && saved.webhookSecret ? { secret: saved.webhookSecret } : {}) });
    }
    const answer = await sendTestWebhook(context.app, context, { companyId });
    const message = webhookAnswerMessage(context.locale, answer);
    return data<LeadInboxResult>(answer.ok ? { success: true, intent, message } : { success: false, intent, message });
  } catch (err) {
    const answer = formFailure(err, context);
    return data<LeadInboxResult>({ ...answer.data, intent, leadId, values }, answer.init ?? undefined);
  }
}
