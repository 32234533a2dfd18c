import { z } from "../validation/zod";

/**
 * The code of a mailed opt-in link (an infrastructure alert's, a commitment reminder's): the last
 * segment of the link's path, sent in the body of the API's link calls so it stays out of
 * addresses and access logs. Its shape is the service's to judge (an unknown code is a 404);
 * here only that it is text of a sane length.
 */
export const LINK_TOKEN_MAX = 200;

export const linkTokenSchema = z.object({
  token: z
    .string({ error: "validation.linkToken" })
    .min(1, "validation.linkToken")
    .max(LINK_TOKEN_MAX, "validation.linkToken")
    .describe("The code of the mailed link: the last segment of its path"),
});
