// `npm run seed`: migrates the database and writes the reference data, plus the labelled demo
// accounts unless SEED_DEMO=0. Idempotent; the server does the same at every start. With the
// embedded database, stop the server first (PGlite allows one process at a time).
import path from "node:path";
import { seedDemoUsers } from "../server/accounts/demo-users";
import { seedDemoCompanies } from "../server/companies/demo-catalogue";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { seedReferenceData } from "../server/reference/seed";
import { seedDemoPackages } from "../server/packages/demo-packages";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") });
try {
  await seedReferenceData(database.db);
  const created = config.SEED_DEMO ? await seedDemoUsers(database.db) : 0;
  const companies = config.SEED_DEMO ? await seedDemoCompanies(database.db, { uploadsDir: config.uploadsDir }) : 0;
  const packages = config.SEED_DEMO ? await seedDemoPackages(database.db) : 0;
  console.log(`Reference data written; ${created} demo account(s), ${companies} demo companies and ${packages} demo package(s) created (${database.kind}).`);
} finally {
  await database.close();
}
