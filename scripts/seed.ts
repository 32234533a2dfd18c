// `npm run seed`: migrates the database and writes the reference data, plus each area's labelled
// demo data unless SEED_DEMO=0 (the same seed the server runs at every start). Idempotent. With
// the embedded database, stop the server first (PGlite allows one process at a time).
import path from "node:path";
import { seedDatabase } from "../server/app-context";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createLogger } from "../server/platform/logger";
import { openStorage } from "../server/platform/storage";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") });
const storage = openStorage(config);
try {
  await seedDatabase(database.db, config, createLogger(config.LOG_LEVEL), storage);
  console.log(`Reference data written${config.SEED_DEMO ? ", and the labelled demo data" : ""} (${database.kind}, uploads: ${storage.kind}).`);
} finally {
  storage.close();
  await database.close();
}
