import type { ValidationErrors } from "../../../common/validation/messages";

/** What a form's action answers: a success, or a failure with field messages and one translated message. */
export type FormResult =
  | { success: true; intent?: string; message?: string }
  | {
      success: false;
      intent?: string;
      errors?: ValidationErrors;
      message: string;
      /** Non-secret fields, refilled after a submission made without JavaScript. Never passwords. */
      values?: Record<string, string>;
    };

/** The browser's own findings for one server answer (they replace it until the next answer). */
export interface ClientFindings {
  for: FormResult | undefined;
  errors: ValidationErrors;
}

/**
 * What a form shows: the browser's check while it speaks about the current answer, else the
 * server's field messages; the server's form-level message only while nothing has made it stale
 * (an edit of any field or a failed check in the browser).
 */
export function formView(result: FormResult | undefined, client: ClientFindings | null, staleFor: FormResult | undefined | null) {
  const failure = result && !result.success ? result : undefined;
  const ownFindings = client !== null && client.for === result;
  const errors = ownFindings ? client.errors : (failure?.errors ?? {});
  const stale = staleFor !== null && staleFor === result;
  const message = failure && !failure.errors && !ownFindings && !stale && failure.message ? failure.message : undefined;
  return { errors, message, values: failure?.values ?? {}, succeeded: result?.success === true };
}

/** Whether anything is to be listed in the error summary. */
export function hasProblems(view: { errors: ValidationErrors; message?: string }): boolean {
  return Boolean(view.message) || Object.keys(view.errors).length > 0;
}
