import { eq } from "drizzle-orm";
import type { AreaModule } from "../core/app-context";
import { speedtestResults } from "../db/schema";

/** The speed test: its streams, results, history and the statistics they feed. */
export const speedtestModule: AreaModule = {
  name: "speedtest",
  anonymisers: [
    {
      // Results stay in the statistics but stop belonging to the account.
      name: "speedtest",
      async run({ tx, userId }) {
        await tx.update(speedtestResults).set({ userId: null }).where(eq(speedtestResults.userId, userId));
      },
    },
  ],
};
