import { data, redirect } from "react-router";
import { formatDate } from "../../../common/format";
import type { MessageKey } from "../../../common/i18n";
import { pathsFor } from "../../../common/paths";
import { formFailure } from "../../../server/http/forms/form-action";
import { readLinkAction } from "../../../server/http/forms/link-action";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { changeReminderLink, getReminderLink, type ReminderState } from "../../../server/reminders/link-page";
import { OptInLinkPage } from "../../components/opt-in/link-page";
import { PageLink } from "../../components/ui/page-link";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/reminder";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

const STATE_TEXT: Record<ReminderState | "unsubscribed", MessageKey> = {
  pending: "packages.reminder.link.pending",
  active: "packages.reminder.link.active",
  sent: "packages.reminder.link.sent",
  unsubscribed: "packages.reminder.link.unsubscribed",
};

/**
 * /taahhut-hatirlatma/:token, the link of a commitment reminder's mails. Opening it changes
 * nothing (mail scanners open links): its buttons confirm (double opt-in) or delete the reminder.
 * A mail client's one-click unsubscribe (RFC 8058) needs no page token. An unknown link is a 404;
 * an unsubscribe link keeps saying "deleted" once its reminder is erased.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const reminder = await getReminderLink(context.app, params.token);
  if (!reminder) throw data(null, { status: 404 });
  return data(
    { reminder, seo: { title: t("packages.reminder.link.pageTitle"), description: t("packages.reminder.link.description"), index: false } },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let changed;
  try {
    const intent = await readLinkAction(request, context);
    changed = await changeReminderLink(context.app, { token: params.token, action: intent });
  } catch (err) {
    if (err instanceof AppError && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    return formFailure(err, context);
  }
  const { state, unsubscribeToken } = changed;
  // Deleted through the confirmation link: its page is gone with the reminder; the unsubscribe link's says so.
  if (state === "unsubscribed" && params.token !== unsubscribeToken) throw redirect(pathsFor(context.locale).taahhutHatirlatma(unsubscribeToken));
  return data({ success: true as const, state }, { headers: { "Cache-Control": "no-store" } });
}

export default function ReminderLinkRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("packages");
  const { t } = useTranslation();
  const { reminder } = loaderData;
  const state = actionData && "state" in actionData ? actionData.state : reminder.state;
  return (
    <OptInLinkPage
      title={t("packages.reminder.link.pageTitle")}
      details={
        reminder.pkg && state !== "unsubscribed" ? (
          <p className="mt-4 break-words">{t("packages.reminder.link.package", { title: `${reminder.pkg.company} – ${reminder.pkg.title}` })}</p>
        ) : null
      }
      state={t(STATE_TEXT[state], { date: reminder.remindOn ? formatDate(reminder.remindOn) : "" })}
      stateTestId="reminder-state"
      error={actionData && !actionData.success ? actionData.message : undefined}
      confirm={state === "pending" && !reminder.unsubscribeOnly ? t("packages.reminder.link.confirm") : undefined}
      unsubscribe={state === "pending" || state === "active" || state === "sent" ? t("packages.reminder.link.unsubscribe") : undefined}
    >
      {reminder.pkg ? (
        <p className="mt-8">
          <PageLink to={reminder.pkg.path}>{t("packages.reminder.link.openPackage")}</PageLink>
        </p>
      ) : null}
    </OptInLinkPage>
  );
}
