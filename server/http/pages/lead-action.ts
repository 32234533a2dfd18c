import { data } from "react-router";
import { LEAD_INTENTS, type LeadIntent } from "../../../common/forms/leads";
import { formFailure, readVerifiedForm } from "../forms/form-action";
import type { RequestContext } from "../request-context";
import { getT } from "../../i18n";
import { AppError } from "../../platform/app-error";
import { submitLead, type LeadTarget } from "../../leads/submit-lead";

/**
 * The page action of the two request forms, subscribe and callMe: on a package page (with
 * `packageId`) and on a company profile (with `companyId`: a request without a package). Answers the form kit's FormResult with the reference in
 * the success message. Takes the request, or the form a page's own action has already read and
 * verified (CSRF) when the page has forms of its own.
 */
export async function leadFormAction(source: Request | FormData, context: RequestContext, target: Pick<LeadTarget, "packageId" | "companyId">) {
  let intent: LeadIntent | undefined;
  let values: Record<string, string> = {};
  try {
    const form = source instanceof FormData ? source : await readVerifiedForm(source, context);
    const raw = form.get("intent");
    intent = LEAD_INTENTS.find((i) => i === raw);
    if (!intent) throw new AppError("E_BAD_REQUEST", "packages.leads.validation.intent");
    const input = Object.fromEntries([...form.entries()].filter(([k]) => k !== "csrf" && k !== "intent").map(([k, v]) => [k, typeof v === "string" ? v : ""]));
    // Refilled after a submission without JavaScript (nothing secret here).
    values = Object.fromEntries(Object.entries(input).filter(([k, v]) => ["firstName", "lastName", "fullName", "phone", "slot"].includes(k) && v.length <= 200));
    const lead = await submitLead(context.app, {
      kind: intent === "subscribe" ? "subscribe" : "call_me",
      input,
      ...target,
      locale: context.locale,
      ip: context.ip,
      ipHash: context.ipHash,
    });
    const t = getT(context.locale);
    return data({ success: true as const, intent, message: t("packages.leads.success", { company: lead.companyName, reference: lead.reference }), reference: lead.reference });
  } catch (err) {
    const failure = formFailure(err, context);
    return data({ ...failure.data, intent, values }, { status: failure.init?.status ?? 400, headers: failure.init?.headers });
  }
}
