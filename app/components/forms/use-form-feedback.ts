import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { ValidationErrors } from "../../../common/validation/messages";
import { formView, hasProblems, type ClientFindings, type FormResult } from "./feedback";

export interface FormFeedbackOptions {
  /** Prefix of the form's element ids: the field `email` of form `login` is `login-email`. */
  id: string;
  /** The action's answer for this form (undefined before any, or when it was for another form). */
  result: FormResult | undefined;
  /**
   * The browser's check with the server's schema, loaded on the first submit (decision 006).
   * Returns the field messages, {} when the form may be sent.
   */
  check?: (form: HTMLFormElement) => Promise<ValidationErrors> | ValidationErrors;
  /** Sends a checked form (default: as the <Form> would have, through React Router). */
  send?: (form: HTMLFormElement) => void;
  /** After a failed check: focus the error summary (default) or the first wrong field. */
  focus?: "summary" | "field";
  /** A fetcher's state, for forms sent through one (pending state). */
  fetcherState?: "idle" | "loading" | "submitting";
}

/**
 * One form's feedback: the field messages (the browser's check, then the server's), the
 * form-level message (gone as soon as a field changes), the values to refill, and focus moved to
 * the error summary after a failure or to the success message after a success.
 */
export function useFormFeedback({ id, result, check, send, focus = "summary", fetcherState }: FormFeedbackOptions) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [client, setClient] = useState<ClientFindings | null>(null);
  const [staleFor, setStaleFor] = useState<FormResult | undefined | null>(null);
  const [sent, setSent] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const view = formView(result, client, staleFor);

  const pending = fetcherState ? fetcherState !== "idle" : sent && navigation.state !== "idle";
  useEffect(() => {
    if (navigation.state === "idle") setSent(false);
  }, [navigation.state]);

  // A new answer from the server: its failure (summary) or its success (message) takes the focus.
  // Also on mounting with an answer: a form keyed on the saved data is new after a success.
  const seen = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (seen.current === result) return;
    seen.current = result;
    if (!result) return;
    if (result.success) successRef.current?.focus();
    else moveFocus(summaryRef.current, result.errors ?? {}, id, focus);
  }, [result, id, focus]);

  // The browser's own findings: focus moves once the summary holding them has rendered (a
  // requestAnimationFrame could come before React commits an update made outside an event).
  const focusFindings = useRef<ValidationErrors | null>(null);
  useEffect(() => {
    const errors = focusFindings.current;
    if (!errors) return;
    focusFindings.current = null;
    moveFocus(summaryRef.current, errors, id, focus);
  }, [client, id, focus]);

  async function run(form: HTMLFormElement) {
    const errors = check ? await check(form) : {};
    setStaleFor(result);
    if (Object.keys(errors).length) {
      focusFindings.current = errors;
      setClient({ for: result, errors });
      return;
    }
    setClient({ for: result, errors: {} });
    setSent(true);
    if (send) send(form);
    else await submit(form);
  }

  return {
    ...view,
    pending,
    summaryRef,
    successRef,
    /** Spread on the <Form>: checks before sending, and makes the server's message stale on any edit. */
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit(e: React.FormEvent<HTMLFormElement>) {
        e.preventDefault();
        void run(e.currentTarget);
      },
      onChange() {
        if (view.message) setStaleFor(result);
      },
    },
    /** id, name, message and refilled value of one field, for <Field> and <CheckboxField>. */
    field(name: string) {
      return { id: `${id}-${name}`, name, error: view.errors[name], defaultValue: view.values[name] };
    },
    /** Props of the form's <ErrorSummary>. */
    summary: { formId: id, errors: view.errors, message: view.message },
    hasProblems: hasProblems(view),
  };
}

function moveFocus(summary: HTMLElement | null, errors: ValidationErrors, id: string, mode: "summary" | "field") {
  const first = Object.keys(errors)[0];
  const field = first ? document.getElementById(`${id}-${first}`) : null;
  if (mode === "field" && field) field.focus();
  else if (summary) summary.focus();
  else field?.focus();
}
