import { data, Form, Link, useNavigation } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { paths } from "../../../common/paths";
import { requestPasswordReset } from "../../../server/accounts/forgot-password";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { getT, translate } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { CsrfInput } from "../../components/ui/csrf-input";
import { AuthCard, FormAlert, SuccessNotice, TextField } from "../../features/auth/fields";
import { formObject, formText, useFormErrors, withValues, type AuthFormFailure } from "../../features/auth/form-state";
import { useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return { seo: { title: t("auth.forgot.metaTitle"), description: t("auth.forgot.metaDescription") } };
}

/** Always the same neutral answer for a well-formed address, registered or not. */
export async function action({ request, context }: Route.ActionArgs) {
  let email = "";
  try {
    const form = await readVerifiedForm(request, context);
    email = formText(form, "email").slice(0, AUTH_BOUNDS.email.max);
    await requestPasswordReset(context.app, { input: formObject(form, ["email"]), ip: context.ip, locale: context.locale });
    return data({ success: true as const, message: getT(context.locale)("auth.forgot.sent") });
  } catch (err) {
    if (isAppError(err) && err.status < 500) return withValues(formFailure(err, context), { email });
    // The spec's "mail-sending problem" (the mail could not be queued) and "unknown problem".
    context.app.log.error({ err }, "forgot-password request failed");
    const mailProblem = isAppError(err) && err.code === "E_UNAVAILABLE";
    const message = translate(context.locale, { key: mailProblem ? "auth.forgot.mailProblem" : "auth.forgot.unknownProblem" });
    return data<AuthFormFailure>({ success: false, message, values: { email } }, { status: mailProblem ? 503 : 500 });
  }
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = actionData && !actionData.success ? (actionData as AuthFormFailure) : undefined;
  const { errors, onSubmit, formMessage } = useFormErrors(() => import("../../../common/forms/auth").then((m) => m.forgotPasswordSchema), failure);
  const footer = (
    <p>
      <Link to={paths.Login()}>{t("auth.forgot.backToLogin")}</Link>
      {" · "}
      <Link to={paths.Register()}>{t("auth.login.toRegister")}</Link>
    </p>
  );
  return (
    <AuthCard title={t("auth.forgot.title")} lead={t("auth.forgot.lead")} footer={footer}>
      {actionData?.success ? (
        <SuccessNotice>
          <p>{actionData.message}</p>
        </SuccessNotice>
      ) : (
        <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
          <CsrfInput />
          <TextField
            id="forgot-email"
            name="email"
            type="email"
            label={t("auth.fields.email")}
            autoComplete="email"
            maxLength={AUTH_BOUNDS.email.max}
            error={errors.email}
            defaultValue={failure?.values?.email}
          />
          <FormAlert message={formMessage} />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
            {t("auth.forgot.submit")}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
