// Generates a large published catalogue for the company and package benches (bench/catalogue.ts):
// 10,000 companies and 200,000 confirmed reviews, with PACKAGES=n also n packages on sale.
// `tsx bench/generate-companies.ts` with DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL);
// COMPANIES, REVIEWS and PACKAGES set the counts. Deterministic: the same rows on every run.
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { generateCatalogue } from "./catalogue";

const dataDir = process.env.DATA_DIR ?? "./data";
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, "pg") });
const started = Date.now();
try {
  await generateCatalogue(
    database.db,
    { companies: Number(process.env.COMPANIES ?? 10_000), reviews: Number(process.env.REVIEWS ?? 200_000), packages: Number(process.env.PACKAGES ?? 0) },
    (line) => process.stdout.write(line),
  );
  console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
} finally {
  await database.close();
}
