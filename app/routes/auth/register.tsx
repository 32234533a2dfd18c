import { Form, Link, redirect, useSearchParams } from "react-router";
import { ACCOUNT_TYPE_QUERY, ACCOUNT_TYPES, accountTypeFromQuery, AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { withNotice } from "../../../common/forms/notices";
import { usePaths } from "../../lib/paths";
import { signUp } from "../../../server/accounts/register";
import { formFailure, pathAfterSignIn, readVerifiedForm } from "../../../server/http/forms/form-action";
import { redirectIfSignedIn, sessionCookie } from "../../../server/http/forms/guards";
import { CsrfInput } from "../../components/ui/csrf-input";
import { CheckboxField, EMAIL_INPUT, ErrorSummary, Field, SubmitButton, useFormFeedback, type FormResult } from "../../components/forms";
import { formObject, formText, withValues } from "../../components/forms/action-values";
import { authPageSeo } from "./seo.server";
import { AccountSwitch, authCheck, AuthCard, LinkedText, NewPasswordFields } from "../../features/auth/fields";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

const FIELDS = ["accountType", "fullName", "email", "password", "passwordConfirm", "membership", "kvkk", "advertising"] as const;

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  return authPageSeo(context.locale, "register");
}

/** Creates the account, signs it in (a new session) and goes home, where a notice says the verification mail is on its way. */
export async function action({ request, context }: Route.ActionArgs) {
  redirectIfSignedIn(context);
  let values: Record<string, string> = {};
  try {
    const form = await readVerifiedForm(request, context);
    values = {
      accountType: formText(form, "accountType"),
      fullName: formText(form, "fullName").slice(0, AUTH_BOUNDS.fullName.max),
      email: formText(form, "email").slice(0, AUTH_BOUNDS.email.max),
      advertising: form.get("advertising") ? "on" : "",
    };
    const { token, expiresAt } = await signUp(context.app, { input: formObject(form, FIELDS), locale: context.locale, ip: context.ip, kind: "web" });
    // A page that sent the visitor here (a blog post's "register to comment") is where they go back to.
    const target = pathAfterSignIn(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"), context.locale);
    return redirect(withNotice(target, "registered"), { headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) } });
  } catch (err) {
    return withValues(formFailure(err, context), values);
  }
}

export default function RegisterRoute({ actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const [params] = useSearchParams();
  const f = useFormFeedback({ id: "register", result: actionData as FormResult | undefined, check: authCheck("registerSchema") });
  const accountType = accountTypeFromQuery(params.get("tip"));
  const redirectTo = params.get("redirectTo");
  const newTab = t("auth.register.opensInNewTab");
  return (
    <AuthCard
      title={t("auth.register.title")}
      lead={t("auth.register.lead")}
      footer={<AccountSwitch question={t("auth.register.haveAccount")} linkText={t("auth.register.toLogin")} to={redirectTo ? `${paths.Login()}?redirectTo=${encodeURIComponent(redirectTo)}` : paths.Login()} />}
    >
      {/* Links, not script-driven tabs: the choice works without JavaScript and survives a reload. */}
      <nav aria-label={t("auth.register.typeLabel")} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {ACCOUNT_TYPES.map((type) => {
          const current = type === accountType;
          return (
            <Link
              key={type}
              to={`?tip=${ACCOUNT_TYPE_QUERY[type]}`}
              replace
              preventScrollReset
              aria-current={current ? "page" : undefined}
              className={`flex min-h-11 items-center justify-center rounded-md px-3 py-2 text-center font-medium no-underline ${
                current
                  ? "bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white"
                  : "text-slate-700 hover:bg-white/60 dark:text-slate-200 dark:hover:bg-slate-900"
              }`}
            >
              {t(`auth.register.${type}`)}
            </Link>
          );
        })}
      </nav>
      <p className="mt-3 min-h-12 text-sm muted">{t(`auth.register.${accountType}Hint`)}</p>
      <Form method="post" className="mt-4 space-y-4" {...f.formProps}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <CsrfInput />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="accountType" value={accountType} />
        <Field {...f.field("fullName")} label={t("auth.fields.fullName")} autoComplete="name" autoCapitalize="words" maxLength={AUTH_BOUNDS.fullName.max} required />
        <Field {...f.field("email")} {...EMAIL_INPUT} label={t("auth.fields.email")} autoComplete="email" maxLength={AUTH_BOUNDS.email.max} required />
        <NewPasswordFields f={f} label={t("auth.fields.password")} confirmLabel={t("auth.fields.passwordConfirm")} />
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("auth.register.consents")}</legend>
          <CheckboxField
            {...f.field("membership")}
            required
            label={<LinkedText text={t("auth.register.membership")} to={paths.privacy()} newTabNote={newTab} />}
          />
          <CheckboxField {...f.field("kvkk")} required label={<LinkedText text={t("auth.register.kvkk")} to={paths.kvkk()} newTabNote={newTab} />} />
          <CheckboxField
            {...f.field("advertising")}
            label={
              <>
                {t("auth.register.advertising")} <span className="text-slate-600 dark:text-slate-300">({t("common.optional")})</span>
              </>
            }
          />
        </fieldset>
        <SubmitButton pending={f.pending} className="btn-primary w-full">
          {t("auth.register.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
