import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { paths } from "../../../common/paths";
import { logIn } from "../../../server/accounts/login";
import { formFailure, readVerifiedForm, safeRedirectPath } from "../../../server/http/forms/form-action";
import { redirectIfSignedIn, sessionCookie } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { CsrfInput } from "../../components/ui/csrf-input";
import { AuthCard, FormAlert, TextField } from "../../features/auth/fields";
import { formObject, formText, useFormErrors, withValues, type AuthFormFailure } from "../../features/auth/form-state";
import { useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

/** Where to go after signing in: a same-site path only, and nothing a browser would read as another host. */
function afterLogin(value: unknown): string {
  const path = safeRedirectPath(value);
  // Browsers drop tabs and newlines in URLs ("/\t/evil" becomes "//evil"), and read "\" as "/".
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\\]/.test(path) ? "/" : path;
}

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const t = getT(context.locale);
  return { seo: { title: t("auth.login.metaTitle"), description: t("auth.login.metaDescription") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  redirectIfSignedIn(context);
  let email = "";
  try {
    const form = await readVerifiedForm(request, context);
    email = formText(form, "email").slice(0, AUTH_BOUNDS.email.max);
    const { token, expiresAt } = await logIn(context.app, { input: formObject(form, ["email", "password"]), ip: context.ip, kind: "web" });
    const target = afterLogin(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) } });
  } catch (err) {
    return withValues(formFailure(err, context), { email });
  }
}

export default function LoginRoute({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const failure = actionData as AuthFormFailure | undefined;
  const { errors, onSubmit, formMessage } = useFormErrors(() => import("../../../common/forms/auth").then((m) => m.loginSchema), failure);
  const redirectTo = params.get("redirectTo");
  return (
    <AuthCard
      title={t("auth.login.title")}
      lead={t("auth.login.lead")}
      footer={
        <p>
          {t("auth.login.noAccount")} <Link to={paths.Register()}>{t("auth.login.toRegister")}</Link>
        </p>
      }
    >
      <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <CsrfInput />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          id="login-email"
          name="email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          maxLength={AUTH_BOUNDS.email.max}
          error={errors.email}
          defaultValue={failure?.values?.email}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={t("auth.fields.password")}
          autoComplete="current-password"
          maxLength={AUTH_BOUNDS.password.max}
          error={errors.password}
        />
        <p className="text-sm">
          <Link to="/sifirla/sifre">{t("auth.login.forgot")}</Link>
        </p>
        <FormAlert message={formMessage} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {t("auth.login.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
