import { Form } from "react-router";
import { CheckboxField, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { useSettingsAction, SettingsHidden, SettingsSection, type SettingsActionData } from "./form-bits";

/** The mails one may turn off (an unchecked box is not sent: off). Shown to those who write blog posts. */
export function NotificationsForm({ blogCommentMail, result }: { blogCommentMail: boolean; result?: SettingsActionData }) {
  const { t } = useTranslation();
  const settingsAction = useSettingsAction("hesap");
  const f = useFormFeedback({ id: "settings-notifications", result });
  return (
    <SettingsSection name="notifications" f={f} className="mt-10">
      <Form method="post" action={settingsAction} {...f.formProps}>
        <SettingsHidden intent="notifications" />
        <CheckboxField {...f.field("blogCommentMail")} defaultChecked={blogCommentMail} label={t("settings.notifications.blogCommentMail")} />
        <div className="mt-5">
          <SubmitButton pending={f.pending}>{t("settings.save")}</SubmitButton>
        </div>
      </Form>
    </SettingsSection>
  );
}
