import type { AreaModule } from "../core/app-context";
import { scorecardCalls } from "./api";

/** A provider's scorecard: figures read from speed tests, outages, prices and reviews (decision 043). */
export const scorecardModule: AreaModule = {
  name: "scorecard",
  api: scorecardCalls,
};
