import { Form, Link, redirect, useSearchParams } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { usePaths } from "../../lib/paths";
import { logIn } from "../../../server/accounts/login";
import { formFailure, pathAfterSignIn, readVerifiedForm } from "../../../server/http/forms/form-action";
import { redirectIfSignedIn, sessionCookie } from "../../../server/http/forms/guards";
import { CsrfInput } from "../../components/ui/csrf-input";
import { EMAIL_INPUT, ErrorSummary, Field, PASSWORD_INPUT, SubmitButton, useFormFeedback, type FormResult } from "../../components/forms";
import { formObject, formText, withValues } from "../../components/forms/action-values";
import { authPageSeo } from "./seo.server";
import { AccountSwitch, authCheck, AuthCard } from "../../features/auth/fields";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return authPageSeo(context.locale, "login");
}

export async function action({ request, context }: Route.ActionArgs) {
  redirectIfSignedIn(context);
  let email = "";
  try {
    const form = await readVerifiedForm(request, context);
    email = formText(form, "email").slice(0, AUTH_BOUNDS.email.max);
    const { token, expiresAt } = await logIn(context.app, { input: formObject(form, ["email", "password"]), ip: context.ip, kind: "web" });
    const target = pathAfterSignIn(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"), context.locale);
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) } });
  } catch (err) {
    return withValues(formFailure(err, context), { email });
  }
}

export default function LoginRoute({ actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const [params] = useSearchParams();
  const f = useFormFeedback({ id: "login", result: actionData as FormResult | undefined, check: authCheck("loginSchema") });
  const redirectTo = params.get("redirectTo");
  return (
    <AuthCard
      title={t("auth.login.title")}
      lead={t("auth.login.lead")}
      footer={<AccountSwitch question={t("auth.login.noAccount")} linkText={t("auth.login.toRegister")} to={paths.Register()} />}
    >
      <Form method="post" className="space-y-4" {...f.formProps}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <CsrfInput />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field {...f.field("email")} {...EMAIL_INPUT} label={t("auth.fields.email")} autoComplete="email" maxLength={AUTH_BOUNDS.email.max} required />
        <Field
          {...f.field("password")}
          {...PASSWORD_INPUT}
          label={t("auth.fields.password")}
          autoComplete="current-password"
          maxLength={AUTH_BOUNDS.password.max}
          required
        />
        <p className="text-sm">
          <Link to={paths.forgotPassword()}>{t("auth.login.forgot")}</Link>
        </p>
        <SubmitButton pending={f.pending} className="btn-primary w-full">
          {t("auth.login.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
