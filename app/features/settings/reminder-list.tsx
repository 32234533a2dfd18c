import { Form } from "react-router";
import { formatDate } from "../../../common/format";
import { PageLink } from "../../components/ui/page-link";
import { ErrorSummary, SuccessMessage, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { useSettingsAction, SettingsHidden, type SettingsActionData } from "./form-bits";

/** One of the signed-in person's commitment reminders, as the settings page lists it. */
export interface ReminderItem {
  id: number;
  state: "pending" | "active" | "sent";
  endsOn: string;
  remindOn: string;
  province: string | null;
  pkg: { title: string; company: string; path: string } | null;
}

/** The reminders tab: each reminder with its dates and state, and a button that deletes it (erased at once). */
export function ReminderList({ reminders, result }: { reminders: ReminderItem[]; result?: SettingsActionData }) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("hatirlatmalar");
  const paths = usePaths();
  const f = useFormFeedback({ id: "settings-reminders", result });
  // One feedback for the list's many small forms (no form of them is "the" form).
  const { ref: _formRef, ...formProps } = f.formProps;
  void _formRef;
  return (
    <section aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="mb-2 text-xl font-semibold">
        {t("packages.reminder.account.title")}
      </h2>
      <p className="mb-4 max-w-2xl muted">
        {t("packages.reminder.account.lead")} <PageLink to={paths.searchPackages()}>{t("packages.detail.packages")}</PageLink>
      </p>
      <div className="mb-4 empty:hidden">
        {f.succeeded ? <SuccessMessage ref={f.successRef}>{t("packages.reminder.account.deleted")}</SuccessMessage> : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      {reminders.length === 0 ? (
        <p data-testid="reminders-empty">{t("packages.reminder.account.empty")}</p>
      ) : (
        <ul className="space-y-3" data-testid="reminder-list">
          {reminders.map((r) => {
            const title = r.pkg ? `${r.pkg.company} – ${r.pkg.title}` : t("packages.reminder.account.packageGone");
            return (
              <li key={r.id} className="rounded-lg border border-slate-300 p-4 dark:border-slate-600">
                <p className="font-semibold break-words">{r.pkg ? <PageLink to={r.pkg.path}>{title}</PageLink> : title}</p>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline">{t("packages.reminder.account.endsOn")}:</dt>
                    <dd className="ms-1 inline">{formatDate(r.endsOn)}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t("packages.reminder.account.remindOn")}:</dt>
                    <dd className="ms-1 inline">{formatDate(r.remindOn)}</dd>
                  </div>
                  {r.province ? (
                    <div>
                      <dt className="inline">{t("packages.reminder.account.province")}:</dt>
                      <dd className="ms-1 inline">{r.province}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="inline">{t("packages.reminder.account.state")}:</dt>
                    <dd className="ms-1 inline">{t(`packages.reminder.account.states.${r.state}`)}</dd>
                  </div>
                </dl>
                <Form method="post" action={settingsAction} className="mt-3" {...formProps}>
                  <SettingsHidden intent="deleteReminder" />
                  <input type="hidden" name="reminderId" value={String(r.id)} />
                  <SubmitButton pending={f.pending} className="btn-ghost border border-slate-300 dark:border-slate-600">
                    {t("packages.reminder.account.delete")}
                    <span className="sr-only"> {t("packages.reminder.account.deleteLabel", { title })}</span>
                  </SubmitButton>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
