// The approval queue of the dashboard (isletme/onay): a new profile or an edit, field by field,
// with its approve and reject forms.
import { Form } from "react-router";
import { COMPANY_BOUNDS } from "../../../common/companies";
import type { DiffField } from "../../../common/forms/company-edit";
import { ErrorSummary, Field, SubmitButton, useFormFeedback, type FormResult } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { DataTable } from "../../components/ui/data-table";

/** A profile waiting for a decision, its changes as text (and a logo's old and new image). */
export interface ApprovalItemView {
  companyId: number;
  kind: "new" | "edit";
  name: string;
  ownerName: string | null;
  submitted: string;
  changes: { field: DiffField; before: string | null; after: string; beforeImage: string | null; afterImage: string | null }[];
}

/** The answer of the approve and reject forms, naming the company it was for. */
export type ApprovalResult = FormResult & { companyId?: string };

/** One profile of the queue; `result` is its reject form's answer. */
export function ApprovalItem({ item, result }: { item: ApprovalItemView; result: FormResult | undefined }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const headingId = `approval-${item.companyId}`;
  return (
    <li data-queue-item={item.kind}>
      <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 id={headingId} className="text-xl font-semibold">
          {item.name}{" "}
          <span className="text-sm font-normal">({item.kind === "new" ? t("companyAdmin.approvals.kindNew") : t("companyAdmin.approvals.kindEdit")})</span>
        </h2>
        <p className="text-sm muted">
          {t("companyAdmin.approvals.owner", { name: item.ownerName ?? t("companyAdmin.list.noOwner") })} · {t("companyAdmin.approvals.submitted", { when: item.submitted })} ·{" "}
          <PageLink to={paths.companyDashboardEdit(String(item.companyId))}>{t("companyAdmin.approvals.editLink")}</PageLink>
        </p>
        {item.changes.length === 0 ? (
          <p className="mt-3">{t("companyAdmin.approvals.noChanges")}</p>
        ) : (
          <DataTable
            caption={t("companyAdmin.approvals.changesCaption", { name: item.name })}
            className="mt-3"
            columns={[
              t("companyAdmin.approvals.field"),
              item.kind === "edit" ? t("companyAdmin.approvals.before") : null,
              t("companyAdmin.approvals.after"),
            ]}
          >
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
          </DataTable>
        )}
        <Form method="post" className="mt-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="companyId" value={item.companyId} />
          <button type="submit" className="btn-primary" aria-label={t("companyAdmin.approvals.approveFor", { name: item.name })}>
            {t("companyAdmin.approvals.approve")}
          </button>
        </Form>
        <RejectForm companyId={item.companyId} name={item.name} result={result} />
      </section>
    </li>
  );
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

/** A logo in the approval table, at a fixed size (the stored file is a square). */
function LogoPreview({ src, alt }: { src: string; alt: string }) {
  return <img src={src} alt={alt} width={64} height={64} loading="lazy" className="size-16 rounded border border-slate-300 bg-white object-contain dark:border-slate-600" data-testid="logo-preview" />;
}
