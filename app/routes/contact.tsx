import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n";
import { data, Form, useNavigation } from "react-router";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_TOTAL_BYTES,
  ATTACHMENT_TYPES,
} from "../../common/constants";
import { CONTACT_BOUNDS, CONTACT_FILE_FIELD, contactSchema } from "../../common/forms/contact";
import { toValidationErrors, type ValidationErrors, type ValidationMessage } from "../../common/validation/messages";
import { contactPage } from "../../server/content";
import { submitContactMessage } from "../../server/contact/submit-contact";
import { formFailure, type FormFailure } from "../../server/http/forms/form-action";
import { CSRF_FIELD, verifyCsrf } from "../../server/security/csrf";
import { CsrfInput } from "../components/ui/csrf-input";
import { Sections, UpdatedAt } from "../features/static-pages/content-view";
import { pageMeta } from "../lib/seo";
import { passHeaders } from "../lib/headers";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const page = contactPage[context.locale];
  return { page, seo: { title: `${page.title} | GenişBant`, description: page.description } };
}

/** The offer form: the body is streamed (attachments go to disk, never whole into memory). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    if (!request.body) throw new Error("empty body");
    await submitContactMessage(context.app, {
      headers: Object.fromEntries(request.headers),
      body: Readable.fromWeb(request.body as NodeReadableStream),
      locale: context.locale,
      ipHash: context.ipHash,
      ip: context.ip,
      verifyFields: (fields) => verifyCsrf(context.csrfToken, fields[CSRF_FIELD]),
    });
    return data({ success: true as const });
  } catch (err) {
    if (err instanceof Error && err.message === "empty body") {
      return data<FormFailure>({ success: false, message: "" }, { status: 400 });
    }
    return formFailure(err, context);
  }
}

const MB = 1024 * 1024;
const ALLOWED_EXTENSIONS: readonly string[] = ATTACHMENT_TYPES.map((t) => t.extension);

/** The same limits the server applies, checked before anything is uploaded. */
function checkFiles(files: File[]): ValidationMessage | null {
  let total = 0;
  for (const f of files) {
    const ext = f.name.split(".").pop()?.toLowerCase() ?? "";
    if (!ALLOWED_EXTENSIONS.includes(ext === "jpeg" ? "jpg" : ext)) {
      return { key: "validation.attachments.type", params: { name: f.name } };
    }
    if (f.size > ATTACHMENT_MAX_FILE_BYTES) {
      return { key: "validation.attachments.fileSize", params: { name: f.name, max: ATTACHMENT_MAX_FILE_BYTES / MB } };
    }
    total += f.size;
  }
  if (total > ATTACHMENT_MAX_TOTAL_BYTES) return { key: "validation.attachments.totalSize", params: { max: ATTACHMENT_MAX_TOTAL_BYTES / MB } };
  return null;
}

function FieldError({ id, error }: { id: string; error?: ValidationMessage }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error.key, error.params)}
    </p>
  );
}

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ValidationErrors>({});
  const submitting = navigation.state === "submitting";
  const succeeded = actionData?.success === true;
  const failure = actionData && !actionData.success ? actionData : undefined;

  useEffect(() => {
    if (succeeded) formRef.current?.reset();
    setErrors(failure?.errors ?? {});
  }, [succeeded, failure]);

  // A failure about the files (size, type) arrives without field errors: show it under the file input.
  const attachmentError =
    errors.attachments ?? (failure && !failure.errors && failure.message ? { key: "_raw", params: { text: failure.message } } : undefined);

  const described = (name: string) => (errors[name] ? `contact-${name}-error` : undefined);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[1fr_1.2fr]">
      <div>
        <h1 className="text-3xl font-bold">{page.title}</h1>
        <UpdatedAt date={page.updatedAt} />
        <p className="mt-6 text-lg leading-8">{page.lead}</p>
        <Sections sections={page.sections} />
      </div>
      <section aria-labelledby="contact-form-title" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
        <h2 id="contact-form-title" className="text-xl font-semibold">
          {t("contact.formTitle")}
        </h2>
        {succeeded ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
            {t("contact.success")}
          </p>
        ) : null}
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            const form = new FormData(e.currentTarget);
            const parsed = contactSchema.safeParse({
              fullName: form.get("fullName"),
              email: form.get("email"),
              message: form.get("message"),
            });
            const next: ValidationErrors = parsed.success ? {} : toValidationErrors(parsed.error);
            const files = form.getAll(CONTACT_FILE_FIELD).filter((f): f is File => f instanceof File && f.name !== "");
            const fileError = checkFiles(files);
            if (fileError) next.attachments = fileError;
            setErrors(next);
            if (Object.keys(next).length) e.preventDefault();
          }}
        >
          <CsrfInput />
          <div>
            <label htmlFor="contact-fullName" className="field-label">
              {t("contact.fullName")}
            </label>
            <input
              id="contact-fullName"
              name="fullName"
              autoComplete="name"
              className="field-input"
              maxLength={CONTACT_BOUNDS.fullName.max}
              required
              aria-invalid={errors.fullName ? true : undefined}
              aria-describedby={described("fullName")}
            />
            <FieldError id="contact-fullName-error" error={errors.fullName} />
          </div>
          <div>
            <label htmlFor="contact-email" className="field-label">
              {t("contact.email")}
            </label>
            <input
              id="contact-email"
              name="email"
              type="email"
              autoComplete="email"
              className="field-input"
              maxLength={CONTACT_BOUNDS.email.max}
              required
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={described("email")}
            />
            <FieldError id="contact-email-error" error={errors.email} />
          </div>
          <div>
            <label htmlFor="contact-message" className="field-label">
              {t("contact.message")}
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              className="field-input"
              maxLength={CONTACT_BOUNDS.message.max}
              required
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={described("message")}
            />
            <FieldError id="contact-message-error" error={errors.message} />
          </div>
          <div>
            <label htmlFor="contact-attachments" className="field-label">
              {t("contact.attachments")} <span className="font-normal">({t("common.optional")})</span>
            </label>
            <input
              id="contact-attachments"
              name={CONTACT_FILE_FIELD}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-slate-900 dark:file:bg-slate-700 dark:file:text-white"
              aria-describedby={`contact-attachments-hint${attachmentError ? " contact-attachments-error" : ""}`}
              aria-invalid={attachmentError ? true : undefined}
            />
            <p id="contact-attachments-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("contact.attachmentsHint")}
            </p>
            {attachmentError ? (
              <p id="contact-attachments-error" className="field-error" role="alert">
                {attachmentError.key === "_raw" ? attachmentError.params?.text : t(attachmentError.key, attachmentError.params)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
            {t("contact.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
