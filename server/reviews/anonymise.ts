import { eq } from "drizzle-orm";
import { REVIEW_SUBJECTS } from "../../common/reviews";
import type { AccountAnonymiser } from "../core/app-context";
import { SUBJECT_RULES } from "./subjects";

/**
 * Reviews of an erased account, of companies and of packages, keep their text and score but stop
 * naming the author: the full name is blanked (pages show "former member") and the link to the
 * account is cut.
 */
export const reviewAnonymisers: readonly AccountAnonymiser[] = REVIEW_SUBJECTS.map((subject) => ({
  name: `${subject}-reviews`,
  async run({ tx, userId }) {
    const { table } = SUBJECT_RULES[subject];
    await tx.update(table).set({ fullName: "", userId: null }).where(eq(table.userId, userId));
  },
}));
