import { z } from "../validation/zod";
import {
  COMPANY_COUNTRIES,
  COMPANY_SEARCH_MAX,
  COMPANY_SEARCH_MIN,
  COMPANY_SORTS,
  REVIEW_BOUNDS,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
} from "../companies";
import { nameField, textField } from "../validation/fields";

/** A random-order seed in the URL: 1–8 lower-case letters or digits. */
export const RANDOM_SEED_PATTERN = /^[a-z0-9]{1,8}$/;

function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
}

/**
 * The filters of the company lists (spec §2) as they arrive in the URL's query string. Sub type
 * and city are path segments of the canonical URL, but the GET form sends them as `subType` and
 * `state` (the page then redirects to the canonical path). Every value is optional; a wrong one
 * is a 400 with a translated message.
 */
export const companyListQuerySchema = z.object({
  q: optionalText(
    z
      .string({ error: "companies.validation.search.invalid" })
      .trim()
      .min(COMPANY_SEARCH_MIN, "companies.validation.search.min")
      .max(COMPANY_SEARCH_MAX, "companies.validation.search.max")
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\u0000-\u001F\u007F]/.test(v) && v.isWellFormed(), "companies.validation.search.invalid"),
  ),
  /** A type's url (internet-altyapisi …); "tumu" is the same as none. */
  type: optionalText(z.string({ error: "companies.validation.type" }).max(40, "companies.validation.type").regex(/^[a-z0-9-]+$/, "companies.validation.type")),
  /** A sub type's url, when sent by the form (redirected to the path). */
  subType: optionalText(z.string({ error: "companies.validation.subType" }).max(40, "companies.validation.subType").regex(/^[a-z0-9-]+$/, "companies.validation.subType")),
  /** A province url, when sent by the form (redirected to the path). */
  state: optionalText(z.string({ error: "companies.validation.state" }).max(40, "companies.validation.state").regex(/^[a-z0-9-]+$/, "companies.validation.state")),
  /** Minimum mean score of confirmed reviews, 1–5. */
  score: optionalText(
    z.coerce
      .number({ error: "companies.validation.score" })
      .int("companies.validation.score")
      .min(REVIEW_SCORE_MIN, "companies.validation.score")
      .max(REVIEW_SCORE_MAX, "companies.validation.score"),
  ),
  country: optionalText(z.enum(COMPANY_COUNTRIES, { error: "companies.validation.country" })),
  sort: optionalText(z.enum(COMPANY_SORTS, { error: "companies.validation.sort" })),
  seed: optionalText(z.string({ error: "companies.validation.seed" }).regex(RANDOM_SEED_PATTERN, "companies.validation.seed")),
  page: optionalText(
    z.coerce.number({ error: "companies.validation.page" }).int("companies.validation.page").min(1, "companies.validation.page").max(10_000, "companies.validation.page"),
  ),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

/** A review of a company or a package (spec §3: full name, review title, review; score 1–5): the same rules for both. */
export const companyReviewSchema = z.object({
  fullName: nameField("companies.validation.review.fullName", REVIEW_BOUNDS.fullName),
  title: textField("companies.validation.review.title", REVIEW_BOUNDS.title),
  body: textField("companies.validation.review.body", REVIEW_BOUNDS.body),
  // A number (the API) or its digits (the form's select). Only those: coercing anything would
  // take `true` or ["5"] for a score.
  score: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "companies.validation.review.score" })
      .int("companies.validation.review.score")
      .min(REVIEW_SCORE_MIN, "companies.validation.review.score")
      .max(REVIEW_SCORE_MAX, "companies.validation.review.score"),
  ),
});
export type CompanyReviewInput = z.input<typeof companyReviewSchema>;

/** The company's one public answer to a review. */
export const reviewAnswerSchema = z.object({
  answer: textField("companies.validation.answer", REVIEW_BOUNDS.answer),
});

/** The profile page's forms: a review, the company's answer, and the subscribe and call-me requests. */
export const PROFILE_INTENTS = ["review", "answer", "subscribe", "callMe"] as const;
