/**
 * npm run search:rebuild
 *
 * Builds every document of the site search again (companies, packages, blog posts), with
 * progress, and makes the word counts exact. See --help.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { areaModules } from "../server/modules";
import { countDocuments, rebuildSearch } from "../server/search";

const HELP = `Usage: npm run search:rebuild [-- --force]

Builds every document of the site search again from the companies, packages and blog posts (the
areas' search sources), removes the documents of records that are gone, and counts the words again.
The site keeps its documents up to date by itself (every change is queued and built); this is for
after a restore, a change to how documents are made, or a bulk load with the triggers off. Safe to
run while the site is up on PostgreSQL.

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded PGlite database under
DATA_DIR/pg. A PGlite directory can be opened by ONE process at a time: stop the server first
(--force overrides the postmaster.pid check after a crash).

Prints the progress per kind, then the time taken, the peak memory and the documents per kind.
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } }, strict: true }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n\n${HELP}`, 2);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const config = loadConfig(process.env);
  const pgliteDir = path.join(config.DATA_DIR, "pg");
  if (!config.DATABASE_URL && existsSync(path.join(pgliteDir, "postmaster.pid")) && !args.force) {
    fail(`The PGlite database in ${pgliteDir} is in use (postmaster.pid exists). Stop the server first; after a crash, re-run with --force.`);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir }).catch((err: unknown) =>
    fail(`Could not open the database: ${err instanceof Error ? err.message : String(err)}`),
  );
  const started = performance.now();
  let peak = process.memoryUsage().rss;
  const tty = process.stderr.isTTY;
  try {
    const result = await rebuildSearch({ db: database.db, modules: areaModules }, ({ kind, done }) => {
      peak = Math.max(peak, process.memoryUsage().rss);
      if (tty) process.stderr.write(`\r${kind}: ${done} records`);
      else if (done % 5000 === 0) process.stderr.write(`${kind}: ${done} records\n`);
    });
    if (tty) process.stderr.write("\n");
    const counts = await countDocuments(database.db);
    process.stdout.write(
      `Rebuilt ${result.documents} documents (${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(", ")}), ${result.words} words, in ${((performance.now() - started) / 1000).toFixed(1)} s; peak memory ${Math.round(peak / 1048576)} MiB.\n`,
    );
  } finally {
    await database.close();
  }
}

await main();
