import { Form } from "react-router";
import { PHOTO_ACCEPT, PHOTO_FIELD, PHOTO_MAX_MB, PHOTO_MIME_TYPES, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import { paths } from "../../../common/paths";
import type { ValidationMessage } from "../../../common/validation/messages";
import { CsrfInput } from "../../components/ui/csrf-input";
import { useTranslation } from "../../lib/i18n";
import { Avatar } from "./avatar";
import { FormStatus, IntentInput, SubmitButton, useFormErrors, type SettingsActionData } from "./form-bits";

/** The limits the server applies, checked before the file is sent (the server checks the bytes). */
function checkPhoto(file: File | null): ValidationMessage | null {
  if (!file || file.name === "") return { key: "settings.validation.photo.required" };
  if (file.size > SETTINGS_BOUNDS.photo.maxBytes) return { key: "settings.validation.photo.size", params: { max: PHOTO_MAX_MB } };
  if (file.type && !(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return { key: "settings.validation.photo.type" };
  return null;
}

/** Upload (multipart, streamed by the server) and removal of the profile photo. */
export function PhotoForm({ image, result }: { image: string | null; result?: SettingsActionData }) {
  const { t } = useTranslation();
  const { errors, setErrors } = useFormErrors(result);
  const action = `${paths.dashboardSettings()}?sekme=hesap`;
  // Size and type failures come as a message without field errors: shown under the file input.
  const serverMessage = result && !result.success ? result.message : undefined;
  const fileError = errors.photo ? t(errors.photo.key, errors.photo.params) : Object.keys(errors).length ? undefined : serverMessage;
  const successText = result?.intent === "removePhoto" ? t("settings.photo.removed") : t("settings.photo.success");
  return (
    <section aria-labelledby="photo-title" className="mb-10">
      <h2 id="photo-title" className="mb-4 text-xl font-semibold">
        {t("settings.photo.title")}
      </h2>
      <FormStatus result={result} successText={successText} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar url={image} alt={t("settings.photo.current")} size={96} />
        <div className="min-w-0 flex-1">
          <Form
            // Empties the file input once the photo has changed.
            key={image ?? "none"}
            method="post"
            encType="multipart/form-data"
            action={action}
            noValidate
            className="space-y-3"
            onSubmit={(e) => {
              const file = new FormData(e.currentTarget).get(PHOTO_FIELD);
              const error = checkPhoto(file instanceof File ? file : null);
              setErrors(error ? { photo: error } : {});
              if (error) e.preventDefault();
            }}
          >
            <CsrfInput />
            <IntentInput intent="photo" />
            <div>
              <label htmlFor="settings-photo" className="field-label">
                {t("settings.photo.label")}
              </label>
              <input
                id="settings-photo"
                name={PHOTO_FIELD}
                type="file"
                accept={PHOTO_ACCEPT}
                required
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-slate-900 dark:file:bg-slate-700 dark:file:text-white"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`settings-photo-hint${fileError ? " settings-photo-error" : ""}`}
              />
              <p id="settings-photo-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t("settings.photo.hint", { max: PHOTO_MAX_MB, size: SETTINGS_BOUNDS.photo.size })}
              </p>
              {fileError ? (
                <p id="settings-photo-error" className="field-error" role="alert">
                  {fileError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <SubmitButton intent="photo">{t("settings.photo.upload")}</SubmitButton>
            </div>
          </Form>
          {image ? (
            <Form method="post" action={action} className="mt-2">
              <CsrfInput />
              <IntentInput intent="removePhoto" />
              <SubmitButton intent="removePhoto" className="btn-ghost">
                {t("settings.photo.remove")}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}
