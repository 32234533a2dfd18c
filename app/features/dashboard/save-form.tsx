import { Form } from "react-router";
import { FormMessages, SubmitButton, type useFormFeedback } from "../../components/forms";
import { CsrfInput } from "../../components/ui/csrf-input";

/**
 * The dashboard's editor of a company or a package: one multipart form (it carries image files)
 * with the "save" intent, its messages above it and its submit button last.
 */
export function MultipartSaveForm({
  feedback,
  action,
  successText,
  submitText,
  children,
}: {
  feedback: ReturnType<typeof useFormFeedback>;
  action: string;
  successText?: string;
  submitText: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <FormMessages feedback={feedback} successText={successText} />
      <Form method="post" encType="multipart/form-data" action={action} className="space-y-6" {...feedback.formProps}>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        {children}
        <SubmitButton pending={feedback.pending}>{submitText}</SubmitButton>
      </Form>
    </div>
  );
}
