import { Form } from "react-router";
import { PHOTO_ACCEPT, PHOTO_FIELD, PHOTO_MAX_MB, PHOTO_MIME_TYPES, SETTINGS_BOUNDS } from "../../../common/forms/settings";
import type { ValidationErrors } from "../../../common/validation/messages";
import { Field, FILE_INPUT, SubmitButton, useFormFeedback } from "../../components/forms";
import { useTranslation } from "../../lib/i18n";
import { Avatar } from "./avatar";
import { useSettingsAction, SettingsHidden, SettingsSection, type SettingsActionData } from "./form-bits";

/** The limits the server applies, checked before the file is sent (the server checks the bytes). */
function checkPhoto(form: HTMLFormElement): ValidationErrors {
  const file = new FormData(form).get(PHOTO_FIELD);
  if (!(file instanceof File) || file.name === "") return { photo: { key: "settings.validation.photo.required" } };
  if (file.size > SETTINGS_BOUNDS.photo.maxBytes) return { photo: { key: "settings.validation.photo.size", params: { max: PHOTO_MAX_MB } } };
  if (file.type && !(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return { photo: { key: "settings.validation.photo.type" } };
  return {};
}

/** Upload (multipart, streamed by the server) and removal of the profile photo. */
export function PhotoForm({ image, result }: { image: string | null; result?: SettingsActionData }) {
  const { t } = useTranslation();
  const f = useFormFeedback({ id: "settings", result, check: checkPhoto });
  const remove = useFormFeedback({ id: "settings-remove", result });
  const action = useSettingsAction("hesap");
  const successText = result?.intent === "removePhoto" ? t("settings.photo.removed") : t("settings.photo.success");
  return (
    <SettingsSection name="photo" f={f} successText={successText} className="mb-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar url={image} alt={t("settings.photo.current")} size={96} />
        <div className="min-w-0 flex-1">
          {/* Keyed on the photo: the file input empties once it has changed. */}
          <Form key={image ?? "none"} method="post" encType="multipart/form-data" action={action} className="space-y-3" {...f.formProps}>
            <SettingsHidden intent="photo" />
            <Field
              {...f.field("photo")}
              name={PHOTO_FIELD}
              {...FILE_INPUT}
              accept={PHOTO_ACCEPT}
              required
              label={t("settings.photo.label")}
              hint={t("settings.photo.hint", { max: PHOTO_MAX_MB, size: SETTINGS_BOUNDS.photo.size })}
            />
            <SubmitButton pending={f.pending}>{t("settings.photo.upload")}</SubmitButton>
          </Form>
          {image ? (
            <Form method="post" action={action} className="mt-2" {...remove.formProps}>
              <SettingsHidden intent="removePhoto" />
              <SubmitButton pending={remove.pending} className="btn-ghost">
                {t("settings.photo.remove")}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
