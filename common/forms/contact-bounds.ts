/** Bounds of the contact form, zod-free so the page can show them without loading zod (decision 006). */
export const CONTACT_BOUNDS = {
  fullName: { min: 3, max: 100 },
  email: { min: 6, max: 254 },
  message: { min: 10, max: 5000 },
} as const;

/** The multipart field that carries the attachments. */
export const CONTACT_FILE_FIELD = "attachments";
