import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { REVIEW_RATE_LIMIT_PER_HOUR } from "../../common/companies";
import type { MessageKey } from "../../common/i18n";
import { WITHDRAWN_VISIBLE_DAYS } from "../../common/packages";
import type { ReviewSubject } from "../../common/reviews";
import { profileSegment } from "../companies";
import { ownedCompanyColumn } from "../companies";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { companyReviews, packageReviews } from "./schema";
import { AppError } from "../platform/app-error";
import type { LimitRule } from "../security/rate-limit";

type Db = Pick<Database, "select" | "update">;

/** Where a review's subject lives: its company, and the package for a package review. */
export interface SubjectContext {
  company: { id: number; name: string; segment: string; slug: string; published: boolean };
  /** `visible`: the package page answers (on sale, or withdrawn less than two years ago). */
  package: { id: number; title: string; slug: string; visible: boolean } | null;
}

/**
 * What differs between the review of a company and the review of a package. Everything else
 * (who may write, one per user, the states, moderation, the one answer) is the same code in
 * server/reviews/. The two tables have the same columns except the subject's.
 */
export interface SubjectRules {
  table: typeof companyReviews | typeof packageReviews;
  /** The review's subject column (company_id, package_id), and its key in rows and audit details. */
  subjectColumn: typeof companyReviews.companyId | typeof packageReviews.packageId;
  subjectKey: "companyId" | "packageId";
  /** Reviews written or edited per user per hour, all subjects of the kind together. */
  limit: LimitRule;
  /** The audit-log actions of moderation. */
  audit: { confirm: string; remove: string; restore: string };
  /** The message when the subject is not there. */
  notFound: MessageKey;
  /**
   * Throws unless the subject takes reviews now: a published company; a package of a published
   * company that is on sale (a withdrawn one is E_CONFLICT).
   */
  assertOpen(db: Db, subjectId: number): Promise<void>;
  /** A condition on the review table: the review's subject belongs to a company `userId` owns. */
  ownedBy(userId: number): SQL;
  /** Recomputes the subject's confirmed review count and score sum (in the caller's transaction). */
  refreshStats(db: Db, subjectId: number): Promise<void>;
  /** The company (and package) of each subject id, for the moderation page. */
  contexts(db: Db, subjectIds: number[]): Promise<Map<number, SubjectContext>>;
}

/** The confirmed count and score sum of one subject, as SQL over its review table. */
function confirmedStats(table: SubjectRules["table"], column: SubjectRules["subjectColumn"], subjectId: number) {
  const confirmed = sql`${column} = ${subjectId} AND ${table.state} = 'confirmed'`;
  return {
    reviewCount: sql<number>`(SELECT count(*) FROM ${table} WHERE ${confirmed})`,
    reviewScoreSum: sql<number>`(SELECT coalesce(sum(${table.score}), 0) FROM ${table} WHERE ${confirmed})`,
  };
}

const company: SubjectRules = {
  table: companyReviews,
  subjectColumn: companyReviews.companyId,
  subjectKey: "companyId",
  limit: { name: "company-review", points: REVIEW_RATE_LIMIT_PER_HOUR, durationSeconds: 3600 },
  audit: { confirm: "review.confirm", remove: "review.remove", restore: "review.restore" },
  notFound: "companies.errors.notFound",
  async assertOpen(db, subjectId) {
    const [row] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, subjectId), eq(companies.publishState, "published")))
      .limit(1);
    if (!row) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  },
  ownedBy: (userId) => ownedCompanyColumn({ userId, all: false }, companyReviews.companyId)!,
  async refreshStats(db, subjectId) {
    await db.update(companies).set(confirmedStats(companyReviews, companyReviews.companyId, subjectId)).where(eq(companies.id, subjectId));
  },
  async contexts(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: companies.id, name: companies.name, slug: companies.slug, typeId: companies.typeId, subTypeId: companies.subTypeId, publishState: companies.publishState })
      .from(companies)
      .where(inArray(companies.id, ids));
    return new Map(
      rows.map((c) => [c.id, { company: { id: c.id, name: c.name, slug: c.slug, segment: profileSegment(c), published: c.publishState === "published" }, package: null }]),
    );
  },
};

const pkg: SubjectRules = {
  table: packageReviews,
  subjectColumn: packageReviews.packageId,
  subjectKey: "packageId",
  limit: { name: "package-review", points: REVIEW_RATE_LIMIT_PER_HOUR, durationSeconds: 3600 },
  audit: { confirm: "package_review.confirm", remove: "package_review.remove", restore: "package_review.restore" },
  notFound: "packages.errors.packageNotFound",
  async assertOpen(db, subjectId) {
    const [row] = await db
      .select({ withdrawnAt: packages.withdrawnAt })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(and(eq(packages.id, subjectId), eq(companies.publishState, "published")))
      .limit(1);
    if (!row) throw new AppError("E_NOT_FOUND", "packages.errors.packageNotFound");
    if (row.withdrawnAt) throw new AppError("E_CONFLICT", "packages.reviews.withdrawn");
  },
  ownedBy: (userId) =>
    inArray(packageReviews.packageId, sql`(SELECT ${packages.id} FROM ${packages} WHERE ${ownedCompanyColumn({ userId, all: false }, packages.companyId)})`),
  async refreshStats(db, subjectId) {
    await db.update(packages).set(confirmedStats(packageReviews, packageReviews.packageId, subjectId)).where(eq(packages.id, subjectId));
  },
  async contexts(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: packages.id,
        title: packages.title,
        slug: packages.slug,
        withdrawnAt: packages.withdrawnAt,
        companyId: companies.id,
        companyName: companies.name,
        companySlug: companies.slug,
        typeId: companies.typeId,
        subTypeId: companies.subTypeId,
        publishState: companies.publishState,
      })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(inArray(packages.id, ids));
    const archiveFrom = Date.now() - WITHDRAWN_VISIBLE_DAYS * 86_400_000;
    return new Map(
      rows.map((p) => {
        const published = p.publishState === "published";
        const visible = published && (p.withdrawnAt === null || p.withdrawnAt.getTime() > archiveFrom);
        return [
          p.id,
          {
            company: { id: p.companyId, name: p.companyName, slug: p.companySlug, segment: profileSegment(p), published },
            package: { id: p.id, title: p.title, slug: p.slug, visible },
          },
        ];
      }),
    );
  },
};

export const SUBJECT_RULES: Readonly<Record<ReviewSubject, SubjectRules>> = { company, package: pkg };

/** A review id from a form or a path: 1 to 999,999,999 in plain digits; anything else is null (not found). */
export function parseReviewId(raw: unknown): number | null {
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : typeof raw === "string" ? raw : "";
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}
