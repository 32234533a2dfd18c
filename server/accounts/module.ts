import type { AreaModule } from "../core/app-context";
import { authCalls } from "./api/auth";
import { accountSettingsCalls } from "./api/settings";
import { userAdminCalls } from "./api/user-admin";
import { seedDemoUsers } from "./demo-users";
import { PASSWORD_RESET_JOB, runPasswordResetJob } from "./forgot-password";
import { mailRecords, nextPurgeRun, PURGE_JOB, runPurgeJob, schedulePurge } from "./purge-deleted";

/** Members, sessions and the account lifecycle (registration to erasure). */
export const accountsModule: AreaModule = {
  name: "accounts",
  jobs: {
    // Erases accounts 30 days after their deletion request, then books the next nightly run.
    [PURGE_JOB]: (deps) => runPurgeJob(deps),
    // Forgot-password: the lookup and the code happen here, so the request does the same work for any address.
    [PASSWORD_RESET_JOB]: (deps, payload) => runPasswordResetJob(deps, payload),
  },
  // A no-op when a purge is already waiting (or running): one chain of runs, whatever the number
  // of instances or restarts. The first run is the coming night's.
  recurring: [(db, now) => schedulePurge(db, nextPurgeRun(now))],
  anonymisers: [mailRecords],
  seedDemo: async (db, { log }) => void (await seedDemoUsers(db, log)),
  api: [...authCalls, ...accountSettingsCalls, ...userAdminCalls],
};
