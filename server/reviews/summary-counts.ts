import { count, eq, or } from "drizzle-orm";
import { REVIEW_SUBJECTS } from "../../common/reviews";
import type { SummaryCounter } from "../core/app-context";
import { SUBJECT_RULES } from "./subjects";

/**
 * The user's comments: the reviews they wrote and the reviews of their companies and of those
 * companies' packages, each once (every review for an administrator). A member who owns nothing
 * still sees the reviews they wrote, which is what "your own records" says.
 */
export const countReviews: SummaryCounter = async (db, scope) => {
  const counts = await Promise.all(
    REVIEW_SUBJECTS.map(async (subject) => {
      const { table, ownedBy } = SUBJECT_RULES[subject];
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(scope.all ? undefined : or(eq(table.userId, scope.userId), ownedBy(scope.userId)));
      return row?.n ?? 0;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};
