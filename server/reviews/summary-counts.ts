import { count } from "drizzle-orm";
import { REVIEW_SUBJECTS } from "../../common/reviews";
import type { SummaryCounter } from "../core/app-context";
import { SUBJECT_RULES } from "./subjects";

/** Reviews of the user's companies and of their packages (every review for an administrator). */
export const countReviews: SummaryCounter = async (db, scope) => {
  const counts = await Promise.all(
    REVIEW_SUBJECTS.map(async (subject) => {
      const { table, ownedBy } = SUBJECT_RULES[subject];
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(scope.all ? undefined : ownedBy(scope.userId));
      return row?.n ?? 0;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};
