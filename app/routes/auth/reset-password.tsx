import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { paths } from "../../../common/paths";
import { checkResetCode, resetPassword } from "../../../server/accounts/reset-password";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { clearedSessionCookie } from "../../../server/http/forms/guards";
import { getT, translate } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { CsrfInput } from "../../components/ui/csrf-input";
import { AuthCard, FormAlert, SuccessNotice, TextField } from "../../features/auth/fields";
import { formObject, useFormErrors, type AuthFormFailure } from "../../features/auth/form-state";
import { useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import { passHeaders } from "../../lib/headers";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

type CodeProblem = "invalid" | "expired";
const codeStatus: Record<CodeProblem, number> = { invalid: 404, expired: 410 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  const seo = { title: t("auth.reset.metaTitle"), description: t("auth.reset.metaDescription"), index: false };
  const { status } = await checkResetCode(context.app, params.code);
  if (status !== "valid") return data({ seo, problem: status as CodeProblem | null }, { status: codeStatus[status] });
  return { seo, problem: null as CodeProblem | null };
}

/**
 * After a successful reset the code is used up: reloading this page's data would answer 404.
 * The page already shows the success, so there is nothing to reload.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as { success?: boolean } | undefined)?.success) return false;
  return defaultShouldRevalidate;
}

/** A used or expired code never works, on a post either. Success ends every session of the account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const form = await readVerifiedForm(request, context);
    const outcome = await resetPassword(context.app, {
      code: params.code,
      input: formObject(form, ["password", "passwordConfirm"]),
      ip: context.ip,
    });
    if (outcome.status !== "done") {
      return data({ success: false as const, problem: outcome.status as CodeProblem, message: "" }, { status: codeStatus[outcome.status] });
    }
    // This browser's session (if any) has just been revoked with all the others. The explicit 200
    // wins over the 404 the loader, run again after the action, gives for the now-used code.
    return data({ success: true as const }, { status: 200, headers: { "Set-Cookie": clearedSessionCookie() } });
  } catch (err) {
    if (isAppError(err) && err.status < 500) return formFailure(err, context);
    context.app.log.error({ err }, "password reset failed");
    return data<AuthFormFailure>({ success: false, message: translate(context.locale, { key: "auth.reset.unknownProblem" }) }, { status: 500 });
  }
}

function CodeProblemNotice({ problem }: { problem: CodeProblem }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        {t(problem === "expired" ? "auth.reset.expiredCode" : "auth.reset.invalidCode")}
      </p>
      <p>
        <Link to="/sifirla/sifre" className="btn-primary w-full">
          {t("auth.reset.requestNew")}
        </Link>
      </p>
    </div>
  );
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = actionData && !actionData.success && !("problem" in actionData) ? (actionData as AuthFormFailure) : undefined;
  const { errors, onSubmit, formMessage } = useFormErrors(() => import("../../../common/forms/auth").then((m) => m.resetPasswordSchema), failure);
  const problem = actionData && "problem" in actionData ? actionData.problem : loaderData.problem;
  const footer = (
    <p>
      <Link to={paths.Login()}>{t("auth.forgot.backToLogin")}</Link>
    </p>
  );

  let body: React.ReactNode;
  if (actionData?.success) {
    body = (
      <div className="space-y-4">
        <SuccessNotice>
          <p>{t("auth.reset.success")}</p>
        </SuccessNotice>
        <p>
          <Link to={paths.Login()} className="btn-primary w-full">
            {t("auth.reset.toLogin")}
          </Link>
        </p>
      </div>
    );
  } else if (problem) {
    body = <CodeProblemNotice problem={problem} />;
  } else {
    body = (
      <Form method="post" noValidate className="space-y-4" onSubmit={onSubmit}>
        <CsrfInput />
        <TextField
          id="reset-password"
          name="password"
          type="password"
          label={t("auth.fields.newPassword")}
          autoComplete="new-password"
          minLength={AUTH_BOUNDS.password.min}
          maxLength={AUTH_BOUNDS.password.max}
          hint={t("auth.fields.passwordHint", AUTH_BOUNDS.password)}
          error={errors.password}
        />
        <TextField
          id="reset-passwordConfirm"
          name="passwordConfirm"
          type="password"
          label={t("auth.fields.newPasswordConfirm")}
          autoComplete="new-password"
          maxLength={AUTH_BOUNDS.password.max}
          error={errors.passwordConfirm}
        />
        <FormAlert message={formMessage} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {t("auth.reset.submit")}
        </button>
      </Form>
    );
  }
  return (
    <AuthCard title={t("auth.reset.title")} lead={actionData?.success || problem ? undefined : t("auth.reset.lead")} footer={footer}>
      {body}
    </AuthCard>
  );
}
