import { data, Link } from "react-router";
import type { MessageKey } from "../../../common/i18n";
import { changeAlert, getAlert, type AlertState, type AlertWaitsFor } from "../../../server/infrastructure/alerts";
import { formFailure } from "../../../server/http/forms/form-action";
import { readLinkAction } from "../../../server/http/forms/link-action";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { OptInLinkPage } from "../../components/opt-in/link-page";
import { passHeaders } from "../../lib/headers";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/alert";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

const STATE_TEXT: Record<AlertWaitsFor, Record<AlertState, MessageKey>> = {
  fiberOrPort: {
    pending: "infrastructure.alert.pending",
    active: "infrastructure.alert.active",
    sent: "infrastructure.alert.sentState",
    unsubscribed: "infrastructure.alert.unsubscribed",
  },
  fiber: {
    pending: "infrastructure.alert.pendingFiber",
    active: "infrastructure.alert.activeFiber",
    sent: "infrastructure.alert.sentState",
    unsubscribed: "infrastructure.alert.unsubscribed",
  },
};

/**
 * /altyapi-uyari/:token, the link of an alert's mails. Opening it changes nothing (mail scanners
 * open links): its buttons confirm (double opt-in) or turn the alert off. A mail client's
 * one-click unsubscribe (RFC 8058: a POST of "List-Unsubscribe=One-Click") needs no page token:
 * the link's own secret is the authority. An unknown link is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const alert = await getAlert(context.app, params.token);
  if (!alert) throw data(null, { status: 404 });
  return data(
    { alert, seo: { title: t("infrastructure.alert.pageTitle"), description: t("infrastructure.alert.lead"), index: false } },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const intent = await readLinkAction(request, context);
    const state = await changeAlert(context.app, { token: params.token, action: intent });
    return data({ success: true as const, state });
  } catch (err) {
    if (err instanceof AppError && err.code === "E_NOT_FOUND") throw data(null, { status: 404 });
    return formFailure(err, context);
  }
}

export default function AlertRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("infrastructure");
  const { t } = useTranslation();
  const paths = usePaths();
  const state = actionData && "state" in actionData ? actionData.state : loaderData.alert.state;
  const { bbk, unsubscribeOnly, waitsFor } = loaderData.alert;
  return (
    <OptInLinkPage
      title={t("infrastructure.alert.pageTitle")}
      state={t(STATE_TEXT[waitsFor][state])}
      error={actionData && !actionData.success ? actionData.message : undefined}
      confirm={state === "pending" && !unsubscribeOnly ? t("infrastructure.alert.confirm") : undefined}
      unsubscribe={state === "pending" || state === "active" ? t("infrastructure.alert.unsubscribe") : undefined}
    >
      <p className="mt-8">
        <Link to={paths.altyapiSonuc(String(bbk))}>{t("infrastructure.alert.openAnswer")}</Link>
      </p>
    </OptInLinkPage>
  );
}
