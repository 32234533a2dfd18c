import { boolean, doublePrecision, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";
import { users } from "../accounts/schema";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";

/**
 * Stored speed test results. No personal data: the IP only as a keyed hash, the provider and
 * package as the person chose them (or none), the province and district as chosen. `testId` is
 * the stream server's test (from its signed receipt): one result per test. `id` is the random
 * public id of the share page.
 */
export const speedtestResults = pgTable(
  "speedtest_results",
  {
    id: text("id").primaryKey(),
    testId: text("test_id").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ipHash: text("ip_hash"),
    download: doublePrecision("download").notNull(),
    upload: doublePrecision("upload").notNull(),
    ping: doublePrecision("ping").notNull(),
    pingMin: doublePrecision("ping_min").notNull(),
    jitter: doublePrecision("jitter").notNull(),
    loadedDown: doublePrecision("loaded_down").notNull(),
    loadedUp: doublePrecision("loaded_up").notNull(),
    grade: text("grade").notNull(),
    /**
     * The provider's name as a label: the chosen company's name when the test was saved (kept if
     * the company row goes), or the text an older client typed. The statistics never group by it.
     */
    provider: text("provider"),
    /** The internet provider the person chose (server/speedtest/provider-choices.ts); the statistics group by it. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** One of that company's internet packages; its promised speeds were copied into promised_down/up. */
    packageId: integer("package_id").references(() => packages.id, { onDelete: "set null" }),
    cityCode: smallint("city_code"),
    /** The district as the reference data spells it ("Çankaya"), within city_code; null when not chosen. */
    district: text("district"),
    promisedDown: doublePrecision("promised_down"),
    promisedUp: doublePrecision("promised_up"),
    /**
     * Whether the statistics count this test: the first of its (hashed) address for its provider
     * (or for none) on its day in Turkey (server/platform/count-once.ts; decision 022).
     */
    counted: boolean("counted").notNull().default(false),
    /**
     * Shown to whoever has its link (the share page, GET …/results/{id}). A signed-in person's
     * test is kept in their history as soon as it finishes, private (false) until they press
     * "save and share".
     */
    shared: boolean("shared").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("speedtest_results_user_idx").on(t.userId, t.createdAt),
    // The province's (and a district's) medians of the last 90 days and the per-province statistics.
    index("speedtest_results_city_time_idx").on(t.cityCode, t.createdAt),
    // The per-provider statistics of the last 90 days.
    index("speedtest_results_company_time_idx").on(t.companyId, t.createdAt),
  ],
);
