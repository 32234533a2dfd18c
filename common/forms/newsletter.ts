import { z } from "../validation/zod";
import { newsletterEmailField, requiredConsent } from "../validation/fields";

/** Footer newsletter form and POST /api/v1/home/add-mail-to-list. */
export const newsletterSchema = z.object({
  email: newsletterEmailField,
  emailCheckbox: requiredConsent("validation.newsletter.consent"),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
