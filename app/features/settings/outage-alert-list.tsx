import { Form } from "react-router";
import { formatDate } from "../../../common/format";
import type { OwnOutageAlert } from "../../../common/outages";
import { PageLink } from "../../components/ui/page-link";
import {
  ErrorSummary,
  SuccessMessage,
  SubmitButton,
  useFormFeedback,
} from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import {
  useSettingsAction,
  SettingsHidden,
  type SettingsActionData,
} from "./form-bits";

/** The outage alerts tab: each alert that is on, with its place and state, and a button that turns it off. */
export function OutageAlertList({
  alerts,
  result,
}: {
  alerts: OwnOutageAlert[];
  result?: SettingsActionData;
}) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("kesinti-uyarilari");
  const f = useFormFeedback({ id: "settings-outage-alerts", result });
  // One feedback for the list's many small forms (no form of them is "the" form).
  const { ref: _formRef, ...formProps } = f.formProps;
  void _formRef;
  return (
    <section aria-labelledby="outage-alerts-title">
      <h2 id="outage-alerts-title" className="mb-2 text-xl font-semibold">
        {t("settings.outageAlerts.title")}
      </h2>
      <p className="mb-4 max-w-2xl muted">{t("settings.outageAlerts.lead")}</p>
      <div className="mb-4 empty:hidden">
        {f.succeeded ? (
          <SuccessMessage ref={f.successRef}>
            {t("settings.outageAlerts.turnedOff")}
          </SuccessMessage>
        ) : null}
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
      </div>
      {alerts.length === 0 ? (
        <p data-testid="outage-alerts-empty">
          {t("settings.outageAlerts.empty")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="outage-alert-list">
          {alerts.map((a) => {
            const place = `${a.district}, ${a.cityName}`;
            return (
              <li
                key={a.id}
                className="rounded-lg border border-slate-300 p-4 dark:border-slate-600"
              >
                <p className="font-semibold break-words">{a.companyName}</p>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline">{t("settings.outageAlerts.place")}:</dt>
                    <dd className="ms-1 inline">{place}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t("settings.outageAlerts.since")}:</dt>
                    <dd className="ms-1 inline">{formatDate(a.createdAt)}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t("settings.outageAlerts.state")}:</dt>
                    <dd className="ms-1 inline">{t(`settings.outageAlerts.states.${a.state}`)}</dd>
                  </div>
                </dl>
                <div className="mt-3 flex flex-wrap items-center gap-4">
                  <PageLink to={a.outagesPath}>
                    {t("settings.outageAlerts.outagePage")}
                    <span className="sr-only">: {a.companyName}</span>
                  </PageLink>
                  <Form
                    method="post"
                    action={settingsAction}
                    {...formProps}
                  >
                    <SettingsHidden intent="outageAlertOff" />
                    <input type="hidden" name="alertId" value={String(a.id)} />
                    <SubmitButton
                      pending={f.pending}
                      className="btn-ghost border border-slate-300 dark:border-slate-600"
                    >
                      {t("settings.outageAlerts.turnOff")}
                      <span className="sr-only">
                        {" "}
                        {t("settings.outageAlerts.turnOffLabel", {
                          name: a.companyName,
                          place,
                        })}
                      </span>
                    </SubmitButton>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
