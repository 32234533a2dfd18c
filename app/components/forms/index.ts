/** The form kit: every form of the site is built from these (issue 9). */
export { CheckboxField, describedBy, EMAIL_INPUT, ErrorList, Field, PASSWORD_INPUT } from "./field";
export type { FormResult } from "./feedback";
export { schemaCheck } from "./schema-check";
export { ErrorSummary, SubmitButton, SuccessMessage } from "./summary";
export { useFormFeedback } from "./use-form-feedback";
