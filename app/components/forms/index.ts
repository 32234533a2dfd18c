/** The form kit: every form of the site is built from these. */
export { CheckboxField, describedBy, EMAIL_INPUT, ErrorList, Field, FILE_INPUT, FILTER_CONTROL, FilterSelect, FormSection, PASSWORD_INPUT, selectControl } from "./field";
export type { FormResult } from "./feedback";
export { mappedSchemaCheck, schemaCheck, type FileLimit } from "./schema-check";
export { ErrorSummary, FormMessages, SubmitButton, SuccessMessage } from "./summary";
export { FilterApply, FilterForm, filterQuery } from "./filter-form";
export { useFormFeedback } from "./use-form-feedback";
