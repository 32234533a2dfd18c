import { z } from "../validation/zod";
import { emailField, nameField, textField } from "../validation/fields";

import { CONTACT_BOUNDS } from "./contact-bounds";

export { CONTACT_BOUNDS, CONTACT_FILE_FIELD } from "./contact-bounds";

/** The text fields of the contact offer form; attachments are checked while they stream in. */
export const contactSchema = z.object({
  fullName: nameField("validation.fullName", CONTACT_BOUNDS.fullName),
  email: emailField(CONTACT_BOUNDS.email),
  message: textField("validation.message", CONTACT_BOUNDS.message),
});

export type ContactInput = z.input<typeof contactSchema>;
