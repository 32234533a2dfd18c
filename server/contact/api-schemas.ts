import { z } from "../platform/api-zod";

/** The contact form's answer: the stored message's id. */
export const contactResponse = z.object({ success: z.literal(true), id: z.number().int() });
