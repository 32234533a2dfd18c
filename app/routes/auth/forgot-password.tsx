import { data, Form, Link } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { usePaths } from "../../lib/paths";
import { requestPasswordReset } from "../../../server/accounts/forgot-password";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { getT, translate } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { CsrfInput } from "../../components/ui/csrf-input";
import { EMAIL_INPUT, ErrorSummary, Field, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { formObject, formText, withValues } from "../../components/forms/action-values";
import { authPageSeo } from "./seo.server";
import { authCheck, AuthCard } from "../../features/auth/fields";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  return authPageSeo(context.locale, "forgot");
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
    return data<FormResult>({ success: false, message, values: { email } }, { status: mailProblem ? 503 : 500 });
  }
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const f = useFormFeedback({ id: "forgot", result: actionData as FormResult | undefined, check: authCheck("forgotPasswordSchema") });
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
        <SuccessMessage ref={f.successRef}>
          <p>{actionData.message}</p>
        </SuccessMessage>
      ) : (
        <Form method="post" className="space-y-4" {...f.formProps}>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <Field {...f.field("email")} {...EMAIL_INPUT} label={t("auth.fields.email")} autoComplete="email" maxLength={AUTH_BOUNDS.email.max} required />
          <SubmitButton pending={f.pending} className="btn-primary w-full">
            {t("auth.forgot.submit")}
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
