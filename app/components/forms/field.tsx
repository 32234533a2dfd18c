import type { ValidationMessage } from "../../../common/validation/messages";
import { useTranslation } from "../../lib/i18n";

/** The message under a field (or none); its id is what the field's aria-describedby names. */
export function ErrorList({ id, errors }: { id: string; errors?: ValidationMessage | readonly ValidationMessage[] }) {
  const { t } = useTranslation();
  const list: readonly ValidationMessage[] = errors === undefined ? [] : "key" in errors ? [errors] : errors;
  if (!list.length) return null;
  return (
    <ul id={id} className="field-error">
      {list.map((e) => (
        <li key={e.key}>{t(e.key, e.params)}</li>
      ))}
    </ul>
  );
}

/** aria-invalid and aria-describedby of a control with an optional hint and message. */
export function describedBy(id: string, error: ValidationMessage | undefined, hint: boolean, extra?: string) {
  const ids = [extra, hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

type ControlProps = React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>;

export interface FieldProps extends Omit<ControlProps, "id" | "children"> {
  id: string;
  name?: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: ValidationMessage;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /**
   * A field required in some cases only: the case, shown after the label in place of
   * "(optional)" ("required for internet packages"), so the label never calls it optional.
   */
  requiredWhen?: string;
  /** A textarea instead of an input. */
  multiline?: boolean;
  /** An id of another element describing the control too (e.g. a hint shared by several fields). */
  describedByExtra?: string;
  /** A control of its own (a select, a formatted input), given the id and aria attributes. */
  control?: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}

/** A label, its control, a hint and the control's message, all tied together by ids. */
export function Field({ id, label, hint, error, optional, requiredWhen, multiline, describedByExtra, control, className, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const aria = { id, ...describedBy(id, error, Boolean(hint), describedByExtra) };
  const cls = className ?? "field-input";
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {requiredWhen ? <span className="font-normal">{` (${requiredWhen})`}</span> : optional ? <span className="font-normal"> ({t("common.optional")})</span> : null}
      </label>
      {control ? control(aria) : multiline ? <textarea {...rest} {...aria} className={cls} /> : <input {...rest} {...aria} className={cls} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={error} />
    </div>
  );
}

/** A checkbox with its label on the right and its message under both. */
export function CheckboxField({
  id,
  name,
  label,
  error,
  required,
  defaultChecked,
  defaultValue,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  error?: ValidationMessage;
  required?: boolean;
  defaultChecked?: boolean;
  /** The refilled value of a failed submission: "on" checks the box. */
  defaultValue?: string;
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
          defaultChecked={defaultChecked ?? defaultValue === "on"}
          {...describedBy(id, error, false)}
        />
        <label htmlFor={id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      <ErrorList id={`${id}-error`} errors={error} />
    </div>
  );
}

/** Input attributes of an e-mail field (keyboard, no capitalising or spell-checking). */
export const EMAIL_INPUT = { type: "email", inputMode: "email", autoCapitalize: "none", spellCheck: false } as const;
/** Input attributes of a password field. */
export const PASSWORD_INPUT = { type: "password", autoCapitalize: "none", spellCheck: false } as const;
/** Input attributes of a file field (its button styled like the site's). */
export const FILE_INPUT = {
  type: "file",
  className:
    "block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-slate-900 dark:file:bg-slate-700 dark:file:text-white",
} as const;

/** A group of fields with its title (a fieldset and legend) and an optional note under it. */
export function FormSection({ title, note, children }: { title: string; note?: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {note ? <p className="text-sm muted">{note}</p> : null}
      {children}
    </fieldset>
  );
}

/** A form's select for Field's `control`: its options, after an empty first one when `empty` names it. */
export function selectControl(name: string, defaultValue: string, options: readonly { value: string; label: string }[], empty?: string) {
  return (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => (
    <select {...aria} name={name} defaultValue={defaultValue} className="field-input">
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The look of a filter form's controls (the lists' GET forms). */
/** A list filter's select or input (app/app.css `filter-control`). */
export const FILTER_CONTROL = "filter-control";

/**
 * One filter of a list's GET form (works without JavaScript): a labelled select of `options`,
 * with `any` as the first, empty choice when given, and the filter's error under it.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  any,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  any?: string;
  errors?: ValidationMessage | readonly ValidationMessage[];
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={FILTER_CONTROL} aria-invalid={errors ? true : undefined} aria-describedby={errors ? errorId : undefined}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
