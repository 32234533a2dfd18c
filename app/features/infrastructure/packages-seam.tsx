import type { FlatAnswer } from "../../../common/infrastructure/types";

/**
 * SEAM for issue 11 (packages) — "Packages that reach this flat" goes here: the packages whose
 * technology is available at the flat (answer.technologies[].available), whose speed the line can
 * carry (maxDownMbps / estimatedDownMbps) and whose company serves the province
 * (provinceOf(answer)), cheapest total cost first, each with its subscription-request button;
 * and the district's measured median speeds once the speed test lands. The answer loader
 * (app/routes/infrastructure/answer.tsx) is where their query joins. Until packages exist it
 * renders nothing rather than an empty promise.
 */
export function PackagesForFlat(_props: { answer: FlatAnswer }) {
  return null;
}
