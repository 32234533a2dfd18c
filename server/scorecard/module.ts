import type { AreaModule } from "../core/app-context";
import { scorecardCalls } from "./api";
import {
  runScorecardRefresh,
  scheduleScorecardRefresh,
  SCORECARD_REFRESH_JOB,
} from "./refresh";

/** A provider's scorecard: figures read from speed tests, outages, prices and reviews (decision 043). */
export const scorecardModule: AreaModule = {
  name: "scorecard",
  api: scorecardCalls,
  // Hourly: the company list's copy of each company's figures, which it sorts by.
  jobs: { [SCORECARD_REFRESH_JOB]: (deps) => runScorecardRefresh(deps) },
  recurring: [(db, now) => scheduleScorecardRefresh(db, now)],
};
