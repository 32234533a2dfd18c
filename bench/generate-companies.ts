// Generates a large published catalogue for the company and package benches (bench/catalogue.ts):
// 10,000 companies and 200,000 confirmed reviews, with PACKAGES=n also n packages on sale, and
// with RECORD=1 also the providers' record (bench/record-data.ts: PRICE_CHANGES per package,
// OUTAGE_REPORTS, SPEED_TESTS; the large providers' slugs and a package of each go into
// DATA_DIR/record-providers.json), then runs the scorecard refresh as the hourly job does (timed).
// `tsx bench/generate-companies.ts` with DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL);
// COMPANIES, REVIEWS and PACKAGES set the counts. Deterministic: the same rows on every run.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { refreshScorecards } from "../server/scorecard/refresh";
import { generateCatalogue } from "./catalogue";
import { generateRecord, recordTargets } from "./record-data";

const dataDir = process.env.DATA_DIR ?? "./data";
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, "pg") });
const started = Date.now();
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
try {
  await generateCatalogue(
    database.db,
    { companies: count("COMPANIES", 10_000), reviews: count("REVIEWS", 200_000), packages: count("PACKAGES", 0) },
    (line) => process.stdout.write(line),
  );
  if (process.env.RECORD === "1") {
    await generateRecord(
      database.db,
      { priceChanges: count("PRICE_CHANGES", 10), outageReports: count("OUTAGE_REPORTS", 1_000_000), speedTests: count("SPEED_TESTS", 100_000) },
      (line) => process.stdout.write(line),
    );
    writeFileSync(path.join(dataDir, "record-providers.json"), JSON.stringify(await recordTargets(database.db)));
    // The hourly refresh, as a running site has done by then (the profile shows the card it keeps).
    const refreshed = Date.now();
    const written = await refreshScorecards(database.db, new Date());
    console.log(`scorecard refresh (the hourly job): ${written} companies in ${((Date.now() - refreshed) / 1000).toFixed(1)} s`);
  }
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
} finally {
  await database.close();
}
