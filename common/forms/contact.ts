import { z } from "zod";
import { emailField, textField } from "../validation/fields";

export const CONTACT_BOUNDS = {
  fullName: { min: 3, max: 100 },
  email: { min: 6, max: 254 },
  message: { min: 10, max: 5000 },
} as const;

/** The text fields of the contact offer form; attachments are checked while they stream in. */
export const contactSchema = z.object({
  fullName: textField("validation.fullName", CONTACT_BOUNDS.fullName),
  email: emailField(CONTACT_BOUNDS.email),
  message: textField("validation.message", CONTACT_BOUNDS.message),
});

export type ContactInput = z.input<typeof contactSchema>;

/** The multipart field that carries the attachments. */
export const CONTACT_FILE_FIELD = "attachments";
