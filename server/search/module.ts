import type { AreaModule } from "../core/app-context";
import { searchCalls } from "./api";
import { eraseOldSearchCounts } from "./popular";
import { runIndexJob, runRefreshJob, scheduleSearchJobs, SEARCH_INDEX_JOB, SEARCH_REFRESH_JOB } from "./jobs";

/**
 * The site search over companies, packages and blog posts (decision 032). The areas declare what
 * their records are for it (AreaModule.search); this module keeps the documents and answers.
 */
export const searchModule: AreaModule = {
  name: "search",
  jobs: { [SEARCH_INDEX_JOB]: (deps) => runIndexJob(deps), [SEARCH_REFRESH_JOB]: (deps) => runRefreshJob(deps) },
  recurring: [(db, now) => scheduleSearchJobs(db, now)],
  cleanups: { searchCounts: eraseOldSearchCounts },
  api: searchCalls,
};
