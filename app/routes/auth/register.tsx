import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ACCOUNT_TYPE_QUERY, ACCOUNT_TYPES, accountTypeFromQuery, AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { paths } from "../../../common/paths";
import { registerUser } from "../../../server/accounts/register";
import { createSession } from "../../../server/accounts/sessions";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { redirectIfSignedIn, sessionCookie } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { CsrfInput } from "../../components/ui/csrf-input";
import { AuthCard, CheckboxField, FormAlert, LinkedText, TextField } from "../../features/auth/fields";
import { formObject, formText, useFormErrors, withValues, type AuthFormFailure } from "../../features/auth/form-state";
import { useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

const FIELDS = ["accountType", "fullName", "email", "password", "passwordConfirm", "membership", "kvkk", "advertising"] as const;

export function loader({ context }: Route.LoaderArgs) {
  redirectIfSignedIn(context);
  const t = getT(context.locale);
  return { seo: { title: t("auth.register.metaTitle"), description: t("auth.register.metaDescription") } };
}

/** Creates the account, signs it in (a new session) and goes home; the verification mail is on its way. */
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
    const { userId } = await registerUser(context.app, { input: formObject(form, FIELDS), locale: context.locale, ip: context.ip });
    const { token, expiresAt } = await createSession(context.app.db, userId, "web");
    return redirect(paths.Home(), { headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) } });
  } catch (err) {
    return withValues(formFailure(err, context), values);
  }
}

export default function RegisterRoute({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const failure = actionData as AuthFormFailure | undefined;
  const { errors, onSubmit, formMessage } = useFormErrors(() => import("../../../common/forms/auth").then((m) => m.registerSchema), failure);
  const accountType = accountTypeFromQuery(params.get("tip"));
  const values = failure?.values ?? {};
  const newTab = t("auth.register.opensInNewTab");
  return (
    <AuthCard
      title={t("auth.register.title")}
      lead={t("auth.register.lead")}
      footer={
        <p>
          {t("auth.register.haveAccount")} <Link to={paths.Login()}>{t("auth.register.toLogin")}</Link>
        </p>
      }
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
      <p className="mt-3 min-h-12 text-sm text-slate-700 dark:text-slate-300">{t(`auth.register.${accountType}Hint`)}</p>
      <Form method="post" noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
        <CsrfInput />
        <input type="hidden" name="accountType" value={accountType} />
        <TextField
          id="register-fullName"
          name="fullName"
          label={t("auth.fields.fullName")}
          autoComplete="name"
          maxLength={AUTH_BOUNDS.fullName.max}
          error={errors.fullName}
          defaultValue={values.fullName}
        />
        <TextField
          id="register-email"
          name="email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          maxLength={AUTH_BOUNDS.email.max}
          error={errors.email}
          defaultValue={values.email}
        />
        <TextField
          id="register-password"
          name="password"
          type="password"
          label={t("auth.fields.password")}
          autoComplete="new-password"
          minLength={AUTH_BOUNDS.password.min}
          maxLength={AUTH_BOUNDS.password.max}
          hint={t("auth.fields.passwordHint", AUTH_BOUNDS.password)}
          error={errors.password}
        />
        <TextField
          id="register-passwordConfirm"
          name="passwordConfirm"
          type="password"
          label={t("auth.fields.passwordConfirm")}
          autoComplete="new-password"
          maxLength={AUTH_BOUNDS.password.max}
          error={errors.passwordConfirm}
        />
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("auth.register.consents")}</legend>
          <CheckboxField
            id="register-membership"
            name="membership"
            required
            label={<LinkedText text={t("auth.register.membership")} to={paths.privacy()} newTabNote={newTab} />}
            error={errors.membership}
          />
          <CheckboxField
            id="register-kvkk"
            name="kvkk"
            required
            label={<LinkedText text={t("auth.register.kvkk")} to={paths.kvkk()} newTabNote={newTab} />}
            error={errors.kvkk}
          />
          <CheckboxField
            id="register-advertising"
            name="advertising"
            label={
              <>
                {t("auth.register.advertising")} <span className="text-slate-600 dark:text-slate-300">({t("common.optional")})</span>
              </>
            }
            error={errors.advertising}
            defaultChecked={values.advertising === "on"}
          />
        </fieldset>
        <FormAlert message={formMessage} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {t("auth.register.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
