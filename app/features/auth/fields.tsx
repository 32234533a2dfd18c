import { Link } from "react-router";
import { AUTH_BOUNDS } from "../../../common/forms/auth-bounds";
import { Field, PASSWORD_INPUT, schemaCheck, type useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";

/** The layout every account page shares: one heading, a lead, the card with the form, links under it. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 muted">{lead}</p> : null}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">{children}</div>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm">{footer}</div> : null}
    </div>
  );
}

/** The line under a login or register card that leads to the other one. */
export function AccountSwitch({ question, linkText, to }: { question: string; linkText: string; to: string }) {
  return (
    <p>
      {question} <Link to={to}>{linkText}</Link>
    </p>
  );
}

/** Renders "text <link>linked words</link> text" from a translation, the link opening in a new tab. */
export function LinkedText({ text, to, newTabNote }: { text: string; to: string; newTabNote: string }) {
  const match = /^(.*)<link>(.*)<\/link>(.*)$/s.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {match[1]}
      <Link to={to} target="_blank" rel="noopener">
        {match[2]}
        <span className="sr-only"> {newTabNote}</span>
      </Link>
      {match[3]}
    </>
  );
}

/** A new password and its repetition (register, reset): the bounds shown as a hint under the first. */
export function NewPasswordFields({ f, label, confirmLabel }: { f: ReturnType<typeof useFormFeedback>; label: string; confirmLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        {...f.field("password")}
        {...PASSWORD_INPUT}
        label={label}
        autoComplete="new-password"
        minLength={AUTH_BOUNDS.password.min}
        maxLength={AUTH_BOUNDS.password.max}
        hint={t("auth.fields.passwordHint", AUTH_BOUNDS.password)}
        required
      />
      <Field {...f.field("passwordConfirm")} {...PASSWORD_INPUT} label={confirmLabel} autoComplete="new-password" maxLength={AUTH_BOUNDS.password.max} required />
    </>
  );
}

/** The browser's check of an account form with its schema from common/forms/auth (loaded on the first submit). */
export function authCheck(schema: "loginSchema" | "registerSchema" | "forgotPasswordSchema" | "resetPasswordSchema") {
  return schemaCheck(() => import("../../../common/forms/auth").then((m) => m[schema]));
}
