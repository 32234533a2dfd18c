import { and, eq } from "drizzle-orm";
import { companyReviewSchema } from "../../common/forms/companies";
import type { ReviewSubject } from "../../common/reviews";
import type { AppContext } from "../core/app-context";
import { requireUser, type Actor } from "../accounts";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";
import { SUBJECT_RULES } from "./subjects";

/**
 * Writes the signed-in user's review of a company or a package, or replaces their earlier one
 * (one per user per subject). Either way it waits for an administrator (state unconfirmed), so
 * an edit of a confirmed review leaves the public scores until it is confirmed again. The
 * subject must take reviews now (a published company; a package on sale).
 */
export async function submitReview(
  app: Pick<AppContext, "db" | "limits">,
  opts: { actor: Actor; subject: ReviewSubject; subjectId: number; input: unknown },
): Promise<{ id: number; created: boolean }> {
  const user = requireUser(opts.actor);
  const rules = SUBJECT_RULES[opts.subject];
  const input = parseInput(companyReviewSchema, opts.input);
  if (!Number.isSafeInteger(opts.subjectId) || opts.subjectId < 1) throw new AppError("E_NOT_FOUND", rules.notFound);
  await rules.assertOpen(app.db, opts.subjectId);
  await consumeLimit(app.limits, rules.limit, `user:${user.id}`, "companies.errors.reviewLimit");
  const { table, subjectColumn } = rules;
  return app.db.transaction(async (tx) => {
    const values = { fullName: input.fullName, title: input.title, body: input.body, score: input.score, state: "unconfirmed" as const, updatedAt: new Date() };
    const [existing] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(subjectColumn, opts.subjectId), eq(table.userId, user.id)))
      .limit(1)
      .for("update");
    let id: number;
    if (existing) {
      await tx.update(table).set(values).where(eq(table.id, existing.id));
      id = existing.id;
    } else {
      // Two first submissions at once: the unique (subject, user) index makes the second an edit.
      const [row] = await tx
        .insert(table)
        .values({ ...values, [rules.subjectKey]: opts.subjectId, userId: user.id } as typeof table.$inferInsert)
        .onConflictDoUpdate({ target: [subjectColumn, table.userId], set: values })
        .returning({ id: table.id });
      id = row!.id;
    }
    await rules.refreshStats(tx, opts.subjectId);
    return { id, created: !existing };
  });
}
