import { Link } from "react-router";
import type { ValidationMessage } from "../../../common/validation/messages";
import { useTranslation } from "../../lib/i18n";

/** The layout every account page shares: one heading, a lead, the card with the form, links under it. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 text-slate-700 dark:text-slate-300">{lead}</p> : null}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">{children}</div>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm">{footer}</div> : null}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: ValidationMessage }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error.key, error.params)}
    </p>
  );
}

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
  maxLength: number;
  minLength?: number;
  error?: ValidationMessage;
  hint?: string;
  defaultValue?: string;
}

/** A labelled input whose message is tied to it (aria-describedby, aria-invalid). */
export function TextField({ id, name, label, type = "text", autoComplete, maxLength, minLength, error, hint, defaultValue }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={type === "email" ? "email" : undefined}
        autoComplete={autoComplete}
        autoCapitalize={type === "text" ? "words" : "none"}
        spellCheck={type === "text" ? undefined : false}
        className="field-input"
        maxLength={maxLength}
        minLength={minLength}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
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

export function CheckboxField({
  id,
  name,
  label,
  error,
  required,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  error?: ValidationMessage;
  required?: boolean;
  defaultChecked?: boolean;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700 dark:accent-brand-300"
          required={required}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A message for the whole form (role=alert so screen readers hear it at once). */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {message}
    </p>
  );
}

export function SuccessNotice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
      {children}
    </div>
  );
}
