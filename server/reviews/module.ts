import type { AreaModule } from "../core/app-context";
import { reviewAnonymisers } from "./anonymise";
import { companyReviewAnswerCall, packageReviewAnswerCall, reviewModerationCalls } from "./api";
import { countReviews } from "./summary-counts";

/** Reviews of companies and packages, their answers and moderation. */
export const reviewsModule: AreaModule = {
  name: "reviews",
  summary: { comments: countReviews },
  anonymisers: [...reviewAnonymisers],
  api: [companyReviewAnswerCall, ...reviewModerationCalls, packageReviewAnswerCall],
};
