import { REVIEW_STATES } from "../../common/companies";
import { z } from "../platform/api-zod";

/** The answers of the review calls (companies', packages' and moderation's). */
export const reviewSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string().openapi({ description: "Empty for an erased account (show \"former member\")" }),
    title: z.string(),
    body: z.string(),
    score: z.number().int().min(1).max(5),
    answer: z.string().nullable(),
    answeredAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Review", { description: "A confirmed review of a company or a package" });
export const ownReviewSchema = z.object({ ...reviewSchema.shape, state: z.enum(REVIEW_STATES) });
/** The reviews of a company or a package. */
export const reviewsResponse = z.object({
  success: z.literal(true),
  reviews: z.array(reviewSchema),
  own: ownReviewSchema.nullable().openapi({ description: "The caller's own review in any state (null for a guest or without one)" }),
  canAnswer: z.boolean().openapi({ description: "The caller may answer these reviews (the company's owner, or an administrator)" }),
  total: z.number().int().openapi({ description: "Confirmed reviews in all" }),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const reviewWrittenResponse = z.object({ success: z.literal(true), id: z.number().int(), created: z.boolean(), state: z.literal("unconfirmed") });

/** A review on the moderation list, in any state, with where it was written. */
export const moderationReviewSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string().openapi({ description: "Empty for an erased account" }),
    title: z.string(),
    body: z.string(),
    score: z.number().int().min(1).max(5),
    state: z.enum(REVIEW_STATES),
    isDemo: z.boolean(),
    createdAt: z.string(),
    author: z
      .object({ id: z.number().int(), fullName: z.string(), email: z.string() })
      .nullable()
      .openapi({ description: "The account that wrote the review (its administration: GET /admin/users/{id}); null once erased" }),
    company: z.object({ id: z.number().int(), name: z.string(), segment: z.string(), slug: z.string(), published: z.boolean() }),
    package: z
      .object({ id: z.number().int(), title: z.string(), slug: z.string(), visible: z.boolean().openapi({ description: "The package page is public" }) })
      .nullable()
      .openapi({ description: "The package of a package review; null for a company review" }),
  })
  .openapi("ModerationReview");
export const moderationListResponse = z.object({
  success: z.literal(true),
  state: z.enum([...REVIEW_STATES, "all"]),
  reviews: z.array(moderationReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export const moderatedResponse = z.object({ success: z.literal(true), id: z.number().int(), state: z.enum(REVIEW_STATES) });

