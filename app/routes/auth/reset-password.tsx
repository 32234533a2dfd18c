import { data, Form, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { usePaths } from "../../lib/paths";
import { checkResetCode, resetPassword } from "../../../server/accounts/reset-password";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { clearedSessionCookie } from "../../../server/http/forms/guards";
import { getT, translate } from "../../../server/i18n";
import { isAppError } from "../../../server/platform/app-error";
import { CsrfInput } from "../../components/ui/csrf-input";
import { ErrorSummary, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../../components/forms";
import { formObject } from "../../components/forms/action-values";
import { authCheck, AuthCard, NewPasswordFields } from "../../features/auth/fields";
import { useNamespaces, useTranslation } from "../../lib/i18n";
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
    return data<FormResult>({ success: false, message: translate(context.locale, { key: "auth.reset.unknownProblem" }) }, { status: 500 });
  }
}

function CodeProblemNotice({ problem }: { problem: CodeProblem }) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        {t(problem === "expired" ? "auth.reset.expiredCode" : "auth.reset.invalidCode")}
      </p>
      <p>
        <Link to={paths.forgotPassword()} className="btn-primary w-full">
          {t("auth.reset.requestNew")}
        </Link>
      </p>
    </div>
  );
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const paths = usePaths();
  const result = actionData && !("problem" in actionData) ? (actionData as FormResult) : undefined;
  const f = useFormFeedback({ id: "reset", result, check: authCheck("resetPasswordSchema") });
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
        <SuccessMessage ref={f.successRef}>
          <p>{t("auth.reset.success")}</p>
        </SuccessMessage>
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
      <Form method="post" className="space-y-4" {...f.formProps}>
        <ErrorSummary ref={f.summaryRef} {...f.summary} />
        <CsrfInput />
        <NewPasswordFields f={f} label={t("auth.fields.newPassword")} confirmLabel={t("auth.fields.newPasswordConfirm")} />
        <SubmitButton pending={f.pending} className="btn-primary w-full">
          {t("auth.reset.submit")}
        </SubmitButton>
      </Form>
    );
  }
  return (
    <AuthCard title={t("auth.reset.title")} lead={actionData?.success || problem ? undefined : t("auth.reset.lead")} footer={footer}>
      {body}
    </AuthCard>
  );
}
