// What other areas and pages may use of the scorecard.
export { providerScorecard, getProviderScorecard } from "./scorecard";
