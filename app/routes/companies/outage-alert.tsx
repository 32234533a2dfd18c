import { data } from "react-router";
import type { MessageKey } from "../../../common/i18n";
import {
  changeOutageAlert,
  getOutageAlert,
  type OutageAlertState,
} from "../../../server/outages/alerts";
import { formFailure } from "../../../server/http/forms/form-action";
import { readLinkAction } from "../../../server/http/forms/link-action";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { OptInLinkPage } from "../../components/opt-in/link-page";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/outage-alert";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

const STATE_TEXT: Record<OutageAlertState, MessageKey> = {
  pending: "outages.alert.pending",
  active: "outages.alert.active",
  unsubscribed: "outages.alert.unsubscribed",
};

/**
 * /kesinti-uyari/:token, the link of an outage alert's mails. Opening it changes nothing (mail
 * scanners open links): its buttons confirm (double opt-in) or turn the alert off; a mail
 * client's one-click unsubscribe (RFC 8058) needs no page token. An unknown link is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const alert = await getOutageAlert(context.app, params.token);
  if (!alert) throw data(null, { status: 404 });
  return data(
    {
      alert,
      seo: {
        title: t("outages.alert.pageTitle"),
        description: t("outages.alert.lead"),
        index: false,
      },
    },
    {
      headers: {
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
      },
    },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const intent = await readLinkAction(request, context);
    const state = await changeOutageAlert(context.app, {
      token: params.token,
      action: intent,
    });
    return data({ success: true as const, state });
  } catch (err) {
    if (err instanceof AppError && err.code === "E_NOT_FOUND")
      throw data(null, { status: 404 });
    return formFailure(err, context);
  }
}

export default function OutageAlertRoute({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  useNamespaces("outages");
  const { t } = useTranslation();
  const state =
    actionData && "state" in actionData
      ? actionData.state
      : loaderData.alert.state;
  const { companyName, cityName, district, unsubscribeOnly } = loaderData.alert;
  return (
    <OptInLinkPage
      title={t("outages.alert.pageTitle")}
      state={t(STATE_TEXT[state], {
        name: companyName,
        place: `${district}, ${cityName}`,
      })}
      error={actionData && !actionData.success ? actionData.message : undefined}
      confirm={
        state === "pending" && !unsubscribeOnly
          ? t("outages.alert.confirm")
          : undefined
      }
      unsubscribe={
        state === "pending" || state === "active"
          ? t("outages.alert.unsubscribe")
          : undefined
      }
    />
  );
}
