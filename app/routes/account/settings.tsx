import { Link } from "react-router";
import { isSettingsIntent } from "../../../common/forms/settings";
import { usePaths } from "../../lib/paths";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { AccountForm } from "../../features/settings/account-form";
import { DeletionForm } from "../../features/settings/deletion-form";
import { resultFor, type SettingsActionData } from "../../features/settings/form-bits";
import { NotificationsForm } from "../../features/settings/notifications-form";
import { OutageAlertList } from "../../features/settings/outage-alert-list";
import { PasswordForm } from "../../features/settings/password-form";
import { PhotoForm } from "../../features/settings/photo-form";
import { SettingsTabs } from "../../features/settings/settings-tabs";
import { ReminderList } from "../../features/settings/reminder-list";
import { SocialForm } from "../../features/settings/social-form";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { privatePageHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import { settingsAction, settingsPage } from "./settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export const headers: Route.HeadersFunction = privatePageHeaders;

export function loader(args: Route.LoaderArgs) {
  return settingsPage(args);
}

/** Every form of the page posts here and says which it is in `intent` (settings.server.ts). */
export function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export default function SettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "auth", "companyAdmin", "packages", "settings");
  const { t } = useTranslation();
  const paths = usePaths();
  const { tab, account, social, image, version, provinces, reminders, outageAlerts, notifications } = loaderData;
  const result = actionData as SettingsActionData | undefined;
  return (
    <DashboardLayout>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">{t("settings.title")}</h1>
        <Link to={paths.userProfile()}>{t("settings.viewProfile")}</Link>
      </div>
      {result && !result.success && !isSettingsIntent(result.intent) ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {result.message}
        </p>
      ) : null}
      <SettingsTabs active={tab} />
      <div className="pt-8">
        {tab === "account" ? (
          <>
            <PhotoForm image={image} result={resultFor(result, "photo", "removePhoto")} />
            <AccountForm key={`account-${version}`} values={account} provinces={provinces} result={resultFor(result, "account")} />
            {notifications ? <NotificationsForm key={`notifications-${version}`} blogCommentMail={notifications.blogCommentMail} result={resultFor(result, "notifications")} /> : null}
          </>
        ) : null}
        {tab === "social" ? <SocialForm key={version} values={social} result={resultFor(result, "social")} /> : null}
        {tab === "password" ? <PasswordForm result={resultFor(result, "password")} /> : null}
        {tab === "reminders" ? <ReminderList reminders={reminders} result={resultFor(result, "deleteReminder")} /> : null}
        {tab === "outageAlerts" ? <OutageAlertList alerts={outageAlerts} result={resultFor(result, "outageAlertOff")} /> : null}
        {tab === "deletion" ? <DeletionForm result={resultFor(result, "delete")} /> : null}
      </div>
    </DashboardLayout>
  );
}
