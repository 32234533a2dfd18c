import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { useEffect } from "react";
import { useNamespaces, useTranslation } from "../lib/i18n";
import { data, Form } from "react-router";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_TOTAL_BYTES,
  ATTACHMENT_TYPES,
} from "../../common/constants";
import { CONTACT_BOUNDS, CONTACT_FILE_FIELD } from "../../common/forms/contact-bounds";
import type { ValidationErrors } from "../../common/validation/messages";
import { contactPage } from "../../server/content";
import { submitContactMessage } from "../../server/contact/submit-contact";
import { formFailure, type FormFailure } from "../../server/http/forms/form-action";
import { CSRF_FIELD, verifyCsrf } from "../../server/security/csrf";
import { EMAIL_INPUT, ErrorSummary, Field, FILE_INPUT, schemaCheck, SubmitButton, SuccessMessage, useFormFeedback, type FormResult } from "../components/forms";
import { CsrfInput } from "../components/ui/csrf-input";
import { Sections, UpdatedAt } from "../features/static-pages/content-view";
import { pageMeta } from "../lib/seo";
import { passHeaders } from "../lib/headers";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader({ context }: Route.LoaderArgs) {
  const page = contactPage[context.locale];
  return { page, seo: { title: page.title, description: page.description } };
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
const checkText = schemaCheck(() => import("../../common/forms/contact").then((m) => m.contactSchema), ["fullName", "email", "message"]);

/** The schema's check of the text fields and the server's limits on the files, before anything is uploaded. */
async function checkContact(form: HTMLFormElement): Promise<ValidationErrors> {
  const errors = await checkText(form);
  const files = new FormData(form).getAll(CONTACT_FILE_FIELD).filter((f): f is File => f instanceof File && f.name !== "");
  let total = 0;
  for (const f of files) {
    const ext = f.name.split(".").pop()?.toLowerCase() ?? "";
    if (!ALLOWED_EXTENSIONS.includes(ext === "jpeg" ? "jpg" : ext)) return { ...errors, attachments: { key: "validation.attachments.type", params: { name: f.name } } };
    if (f.size > ATTACHMENT_MAX_FILE_BYTES) {
      return { ...errors, attachments: { key: "validation.attachments.fileSize", params: { name: f.name, max: ATTACHMENT_MAX_FILE_BYTES / MB } } };
    }
    total += f.size;
  }
  if (total > ATTACHMENT_MAX_TOTAL_BYTES) return { ...errors, attachments: { key: "validation.attachments.totalSize", params: { max: ATTACHMENT_MAX_TOTAL_BYTES / MB } } };
  return errors;
}

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("auth");
  const { t } = useTranslation();
  const { page } = loaderData;
  const f = useFormFeedback({ id: "contact", result: actionData as FormResult | undefined, check: checkContact });
  const { ref: formRef } = f.formProps;
  useEffect(() => {
    if (f.succeeded) formRef.current?.reset();
  }, [f.succeeded, actionData, formRef]);

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
        {f.succeeded ? (
          <div className="mt-4">
            <SuccessMessage ref={f.successRef}>{t("contact.success")}</SuccessMessage>
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4" {...f.formProps}>
          <ErrorSummary ref={f.summaryRef} {...f.summary} />
          <CsrfInput />
          <Field {...f.field("fullName")} label={t("contact.fullName")} autoComplete="name" maxLength={CONTACT_BOUNDS.fullName.max} required />
          <Field {...f.field("email")} {...EMAIL_INPUT} label={t("contact.email")} autoComplete="email" maxLength={CONTACT_BOUNDS.email.max} required />
          <Field {...f.field("message")} multiline rows={6} label={t("contact.message")} maxLength={CONTACT_BOUNDS.message.max} required />
          <Field
            {...f.field("attachments")}
            name={CONTACT_FILE_FIELD}
            {...FILE_INPUT}
            multiple
            accept={ATTACHMENT_ACCEPT}
            optional
            label={t("contact.attachments")}
            hint={t("contact.attachmentsHint")}
          />
          <SubmitButton pending={f.pending} className="btn-primary w-full sm:w-auto">
            {t("contact.submit")}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
