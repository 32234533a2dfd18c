import { data } from "react-router";
import { formatDate } from "../../../common/format";
import { REMINDER_INTENT } from "../../../common/forms/reminders";
import { formFailure } from "../forms/form-action";
import type { RequestContext } from "../request-context";
import { getT } from "../../i18n";
import { requestReminder } from "../../reminders/request-reminder";

const FIELDS = ["endsOn", "provinceCode", "email"] as const;

/**
 * The package page's reminder form (intent "reminder"), from the form the page's action has read
 * and checked (CSRF). Answers the form kit's FormResult; after a failure without JavaScript the
 * fields are refilled (nothing secret in them).
 */
export async function reminderFormAction(form: FormData, context: RequestContext, target: { packageId: number }) {
  const intent = REMINDER_INTENT;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values = Object.fromEntries(FIELDS.map((f) => [f, text(f)]).filter(([, v]) => v.length <= 254));
  try {
    const consent = form.get("consent");
    const input = { endsOn: text("endsOn"), provinceCode: text("provinceCode"), email: text("email"), consent: typeof consent === "string" ? consent : undefined };
    const result = await requestReminder(context.app, { user: context.user, packageId: target.packageId, input, locale: context.locale, ip: context.ip });
    const t = getT(context.locale);
    const message =
      result.state === "active" ? t("packages.reminder.sentAccount", { date: formatDate(result.remindOn), email: result.email }) : t("packages.reminder.sentGuest");
    return data({ success: true as const, intent, message });
  } catch (err) {
    const failure = formFailure(err, context);
    return data({ ...failure.data, intent, values }, { status: failure.init?.status ?? 400, headers: failure.init?.headers });
  }
}
