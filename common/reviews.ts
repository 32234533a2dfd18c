// Reviews (spec §3 "Company and package review"): what is reviewed, shared by the pages, the
// services and the API. The rules, states and bounds are the same for every subject
// (REVIEW_STATES, REVIEW_BOUNDS and the form schema in common/companies.ts and common/forms/companies.ts).

/** What a review is about. */
export const REVIEW_SUBJECTS = ["company", "package"] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

export function isReviewSubject(v: unknown): v is ReviewSubject {
  return typeof v === "string" && (REVIEW_SUBJECTS as readonly string[]).includes(v);
}

/** The mean score of confirmed reviews to one decimal, from their count and score sum; null without any. */
export function meanScore(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The forms of a package page dispatch on `intent`: the two requests, a review and the company's answer. */
export const PACKAGE_PAGE_INTENTS = ["subscribe", "callMe", "review", "answer"] as const;
