import { eq } from "drizzle-orm";
import type { AccountAnonymiser } from "../accounts/purge-deleted";
import { companyReviews } from "../db/schema";

/**
 * Reviews of an erased account keep their text and score but stop naming the author: the full
 * name is blanked (pages show "former member") and the link to the account is cut.
 */
export const companyReviewAnonymiser: AccountAnonymiser = {
  name: "company-reviews",
  async run({ tx, userId }) {
    await tx.update(companyReviews).set({ fullName: "", userId: null }).where(eq(companyReviews.userId, userId));
  },
};
