import { data } from "react-router";
import { companyLogoUrl, countryName } from "../../../common/companies";
import { findCorporateSubTypeById, findCorporateTypeById } from "../../../common/corporate-types";
import { formatDateTime } from "../../../common/format";
import { APPROVAL_QUEUE_SHOWN, approveCompany, countApprovalQueue, listApprovalQueue, rejectCompany, type FieldChange } from "../../../server/companies/approvals";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { findProvinceByCode } from "../../../server/reference/cities";
import type { ApprovalResult } from "../../features/dashboard/approval-queue";

interface PageArgs {
  request: Request;
  context: RequestContext;
}

/** A changed value as text (the page never renders it as markup). */
function show(field: FieldChange["field"], value: unknown, locale: "tr" | "en", t: ReturnType<typeof getT>): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return t("companyAdmin.approvals.emptyValue");
  switch (field) {
    case "typeId":
      return findCorporateTypeById(Number(value))?.name[locale] ?? String(value);
    case "subTypeId":
      return findCorporateSubTypeById(Number(value))?.name[locale] ?? String(value);
    case "country":
      return countryName(String(value), locale);
    case "provinceCode":
      return findProvinceByCode(Number(value))?.value ?? String(value);
    case "provinces":
      return (value as number[]).map((c) => findProvinceByCode(c)?.value ?? String(c)).join(", ");
    case "tags":
      return (value as string[]).join(", ");
    case "servesWholeCountry":
      return value ? t("companyAdmin.approvals.yes") : t("companyAdmin.approvals.no");
    case "logo":
      return t("companyAdmin.approvals.logoChanged");
    case "services":
      return (value as { name: string; description: string | null; logo: string | null }[])
        .map((s) => `${s.description ? `${s.name}: ${s.description}` : s.name}${s.logo ? ` (${t("companyAdmin.diff.logo")}: ${s.logo.slice(0, 8)}…)` : ""}`)
        .join("\n");
    default:
      return String(value);
  }
}

/** The address of a stored logo file, or null for none. */
function logoImage(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? companyLogoUrl(value) : null;
}

/** isletme/onay: administrators only. */
export async function approvalQueuePage({ request, context }: PageArgs) {
  requirePageAdmin(context, request);
  const t = getT(context.locale);
  const [queue, waiting] = await Promise.all([listApprovalQueue(context.app, { actor: context }), countApprovalQueue(context.app, { actor: context })]);
  return {
    seo: { title: t("companyAdmin.approvals.title"), description: t("companyAdmin.approvals.description"), index: false },
    waiting: { ...waiting, shown: APPROVAL_QUEUE_SHOWN },
    items: queue.map((q) => ({
      companyId: q.companyId,
      kind: q.kind,
      name: q.name,
      ownerName: q.ownerName,
      submitted: formatDateTime(q.submittedAt),
      changes: q.changes.map((c) => ({
        field: c.field,
        before: q.kind === "new" ? null : show(c.field, c.before, context.locale, t),
        after: show(c.field, c.after, context.locale, t),
        // A logo is judged by looking at it: the old and the new image side by side.
        beforeImage: c.field === "logo" && q.kind !== "new" ? logoImage(c.before) : null,
        afterImage: c.field === "logo" ? logoImage(c.after) : null,
      })),
    })),
  };
}

/** approve / reject (with a reason, mailed to the owner), dispatched on `intent`. */
export async function approvalQueueAction({ request, context }: PageArgs) {
  requirePageAdmin(context, request);
  let companyId: string | undefined;
  let intent: string | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    const value = form.get("intent");
    intent = typeof value === "string" ? value : undefined;
    companyId = String(form.get("companyId") ?? "");
    const t = getT(context.locale);
    if (intent === "approve") {
      const r = await approveCompany(context.app, { actor: context, companyId });
      return data<ApprovalResult>({ success: true, intent, companyId, message: t("companyAdmin.approvals.approved", { name: r.name }) });
    }
    if (intent === "reject") {
      const r = await rejectCompany(context.app, { actor: context, companyId, input: { reason: form.get("reason") ?? undefined } });
      return data<ApprovalResult>({ success: true, intent, companyId, message: t("companyAdmin.approvals.rejected", { name: r.name }) });
    }
    throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
  } catch (err) {
    const answer = formFailure(err, context);
    return data<ApprovalResult>({ ...answer.data, intent, companyId }, answer.init ?? undefined);
  }
}
