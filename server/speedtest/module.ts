import { and, eq } from "drizzle-orm";
import type { AreaModule } from "../core/app-context";
import { speedtestCalls } from "./api";
import { seedDemoSpeedtests } from "./demo-results";
import { speedtestResults } from "./schema";

/** The speed test: its streams, results, history and the statistics they feed. */
export const speedtestModule: AreaModule = {
  name: "speedtest",
  anonymisers: [
    {
      // Shared results stay in the statistics but stop belonging to the account; private ones
      // (kept for their owner only, in no statistic) would be nobody's: they go.
      name: "speedtest",
      async run({ tx, userId }) {
        await tx.delete(speedtestResults).where(and(eq(speedtestResults.userId, userId), eq(speedtestResults.shared, false)));
        await tx.update(speedtestResults).set({ userId: null }).where(eq(speedtestResults.userId, userId));
      },
    },
  ],
  seedDemo: async (db, { log }) => void (await seedDemoSpeedtests(db, { log })),
  api: speedtestCalls,
};
