import { useEffect, useState } from "react";
import { data, useSubmit } from "react-router";
import type { z } from "zod";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";

/** What the account pages' actions answer on failure (see formFailure), plus the values to show again. */
export interface AuthFormFailure {
  success: false;
  errors?: ValidationErrors;
  message: string;
  /** Non-secret fields, refilled after a submission made without JavaScript. Never passwords. */
  values?: Record<string, string>;
}

/** Adds the submitted non-secret values to a formFailure() answer, keeping its status and headers. */
export function withValues<T extends object>(res: { data: T; init: ResponseInit | null }, values: Record<string, string>) {
  return data({ ...res.data, values }, res.init ?? undefined);
}

/** The string value of a form field ("" when absent or a file). */
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** A form's fields as the shared schemas expect them: absent checkboxes stay absent. */
export function formObject(form: FormData, names: readonly string[]): Record<string, FormDataEntryValue | undefined> {
  return Object.fromEntries(names.map((n) => [n, form.get(n) ?? undefined]));
}

/**
 * Field messages of an account form: checked in the browser with the same schema the server
 * uses (the submission is stopped and the first wrong field focused), replaced by the server's
 * messages when an answer comes back.
 */
export function useFormErrors(loadSchema: () => Promise<z.ZodType>, failure: AuthFormFailure | undefined) {
  const [errors, setErrors] = useState<ValidationErrors>(failure?.errors ?? {});
  const submit = useSubmit();
  useEffect(() => {
    setErrors(failure?.errors ?? {});
  }, [failure]);

  // The schema (with zod) is loaded on the first submit, so it does not weigh on the page load;
  // a valid form is then submitted as the <Form> would have been.
  async function check(form: HTMLFormElement) {
    const schema = await loadSchema();
    const values: Record<string, FormDataEntryValue> = {};
    for (const [k, v] of new FormData(form)) values[k] = v;
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      await submit(form);
      return;
    }
    const next = toValidationErrors(parsed.error);
    setErrors(next);
    const first = Object.keys(next)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void check(e.currentTarget);
  }

  // A failure with no field messages (wrong e-mail or password, a rate limit, CSRF) is shown once, above the button.
  const formMessage = failure && !failure.errors ? failure.message : undefined;
  return { errors, onSubmit, formMessage };
}
