import { data, Form } from "react-router";
import { COMPANY_BOUNDS, companyLogoUrl, countryName } from "../../../common/companies";
import { findCorporateSubTypeById, findCorporateTypeById } from "../../../common/corporate-types";
import { formatDateTime } from "../../../common/format";
import { APPROVAL_QUEUE_SHOWN, approveCompany, countApprovalQueue, listApprovalQueue, rejectCompany, type FieldChange } from "../../../server/companies/approvals";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { findProvinceByCode } from "../../../server/reference/cities";
import { ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { privatePageHeaders } from "../../lib/headers";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/company-approvals";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = privatePageHeaders;

export const APPROVAL_INTENTS = ["approve", "reject"] as const;

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
export async function loader({ request, context }: Route.LoaderArgs) {
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
export async function action({ request, context }: Route.ActionArgs) {
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
      return data<FormResult & { companyId?: string }>({ success: true, intent, companyId, message: t("companyAdmin.approvals.approved", { name: r.name }) });
    }
    if (intent === "reject") {
      const r = await rejectCompany(context.app, { actor: context, companyId, input: { reason: form.get("reason") ?? undefined } });
      return data<FormResult & { companyId?: string }>({ success: true, intent, companyId, message: t("companyAdmin.approvals.rejected", { name: r.name }) });
    }
    throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
  } catch (err) {
    const answer = formFailure(err, context);
    return data<FormResult & { companyId?: string }>({ ...answer.data, intent, companyId }, answer.init ?? undefined);
  }
}

function RejectForm({ companyId, name, result }: { companyId: number; name: string; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: `reject-${companyId}`, result });
  return (
    <Form method="post" className="mt-3 space-y-2" {...f.formProps}>
      <ErrorSummary ref={f.summaryRef} {...f.summary} />
      <CsrfInput />
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="companyId" value={companyId} />
      <Field {...f.field("reason")} multiline rows={3} required maxLength={COMPANY_BOUNDS.rejectReason.max} label={t("companyAdmin.approvals.reason")} />
      <SubmitButton pending={f.pending} className="btn-ghost" aria-label={t("companyAdmin.approvals.rejectFor", { name })}>
        {t("companyAdmin.approvals.reject")}
      </SubmitButton>
    </Form>
  );
}

export default function CompanyApprovalsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const { items, waiting } = loaderData;
  const result = actionData as (FormResult & { companyId?: string }) | undefined;
  return (
    <DashboardLayout wide>
      <h1 className="text-3xl font-bold">{t("companyAdmin.approvals.title")}</h1>
      <p className="mt-2 mb-6 text-slate-700 dark:text-slate-300">{t("companyAdmin.approvals.description")}</p>
      {waiting.new > waiting.shown || waiting.edit > waiting.shown ? (
        <p className="mb-4 font-medium" data-testid="queue-waiting">
          {t("companyAdmin.approvals.waiting", {
            news: t("companyAdmin.approvals.waitingNew", { count: waiting.new }),
            edits: t("companyAdmin.approvals.waitingEdits", { count: waiting.edit }),
            shown: waiting.shown,
          })}
        </p>
      ) : null}
      {result?.success ? (
        <div className="mb-4">
          <SuccessMessage>{result.message}</SuccessMessage>
        </div>
      ) : result && result.intent === "approve" ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {result.message}
        </p>
      ) : null}
      {items.length === 0 ? <p>{t("companyAdmin.approvals.empty")}</p> : null}
      <ul className="space-y-8">
        {items.map((item) => {
          const headingId = `approval-${item.companyId}`;
          const own = result && result.companyId === String(item.companyId) && result.intent === "reject" ? result : undefined;
          return (
            <li key={`${item.kind}-${item.companyId}`} data-queue-item={item.kind}>
              <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <h2 id={headingId} className="text-xl font-semibold">
                  {item.name}{" "}
                  <span className="text-sm font-normal">({item.kind === "new" ? t("companyAdmin.approvals.kindNew") : t("companyAdmin.approvals.kindEdit")})</span>
                </h2>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t("companyAdmin.approvals.owner", { name: item.ownerName ?? t("companyAdmin.list.noOwner") })} · {t("companyAdmin.approvals.submitted", { when: item.submitted })} ·{" "}
                  <PageLink to={paths.companyDashboardEdit(String(item.companyId))}>{t("companyAdmin.approvals.editLink")}</PageLink>
                </p>
                {item.changes.length === 0 ? (
                  <p className="mt-3">{t("companyAdmin.approvals.noChanges")}</p>
                ) : (
                  <div className="mt-3 overflow-x-auto">
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">{t("companyAdmin.approvals.changesCaption", { name: item.name })}</caption>
                      <thead>
                        <tr className="border-b border-slate-300 dark:border-slate-600">
                          <th scope="col" className="p-2">{t("companyAdmin.approvals.field")}</th>
                          {item.kind === "edit" ? <th scope="col" className="p-2">{t("companyAdmin.approvals.before")}</th> : null}
                          <th scope="col" className="p-2">{t("companyAdmin.approvals.after")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {item.changes.map((c) => (
                          <tr key={c.field} className="border-b border-slate-200 align-top dark:border-slate-700" data-field={c.field}>
                            <th scope="row" className="p-2 font-medium">{t(`companyAdmin.diff.${c.field}`)}</th>
                            {item.kind === "edit" ? (
                              <td className="p-2 break-words whitespace-pre-line">
                                {c.beforeImage ? <LogoPreview src={c.beforeImage} alt={t("companyAdmin.approvals.oldLogo", { name: item.name })} /> : c.before}
                              </td>
                            ) : null}
                            <td className="p-2 break-words whitespace-pre-line">
                              {c.afterImage ? <LogoPreview src={c.afterImage} alt={t("companyAdmin.approvals.newLogo", { name: item.name })} /> : c.after}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                <Form method="post" className="mt-4">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="companyId" value={item.companyId} />
                  <button type="submit" className="btn-primary" aria-label={t("companyAdmin.approvals.approveFor", { name: item.name })}>
                    {t("companyAdmin.approvals.approve")}
                  </button>
                </Form>
                <RejectForm companyId={item.companyId} name={item.name} result={own} />
              </section>
            </li>
          );
        })}
      </ul>
    </DashboardLayout>
  );
}

/** A logo in the approval table, at a fixed size (the stored file is a square). */
function LogoPreview({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} width={64} height={64} loading="lazy" className="size-16 rounded border border-slate-300 bg-white object-contain dark:border-slate-600" data-testid="logo-preview" />;
}
