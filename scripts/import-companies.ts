/**
 * npm run import:companies -- companies.csv
 *
 * Loads real companies from a CSV or JSON file (columns in the README), idempotent by slug. See --help.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { openStorage } from "../server/platform/storage";
import { seedReferenceData } from "../server/reference/seed";
import { IMPORT_COLUMNS, importCompanies, readImportFile } from "../server/companies/import-companies";
import { createLogger } from "../server/platform/logger";

const HELP = `Usage: npm run import:companies -- FILE [--format csv|json] [--lang tr|en] [--force]

Imports company profiles from a CSV file (header row) or a JSON file (an array of objects, or
{"companies": [...]}), by extension unless --format says otherwise. Every row is checked with the
dashboard form's rules; a rejected row is reported with its reasons and nothing of it is stored.
Idempotent: a company is identified by its slug (the "slug" column, or the slug of its name); an
existing slug is updated, a new one created. Imported companies are published at once, without
an owner. Logos are image files (PNG, JPEG, WebP) relative to the import file.

Columns: ${IMPORT_COLUMNS.join(", ")}
(only name and category are required; see the README for each column)

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded PGlite database under
DATA_DIR/pg. A PGlite directory can be opened by ONE process at a time: stop the server first
(--force overrides the postmaster.pid check after a crash).

Exit status: 0 when every row was imported, 1 when some were rejected, 2 on bad usage.
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        format: { type: "string" },
        lang: { type: "string", default: "en" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    fail(`${(err as Error).message}\n\n${HELP}`, 2);
  }
  const { values: args, positionals } = parsed;
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  if (positionals.length !== 1) fail(`Give exactly one file.\n\n${HELP}`, 2);
  if (args.format !== undefined && args.format !== "csv" && args.format !== "json") fail("--format is csv or json.", 2);
  if (args.lang !== "tr" && args.lang !== "en") fail("--lang is tr or en.", 2);
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) fail(`No such file: ${file}`, 2);

  let rows;
  try {
    rows = await readImportFile(file, args.format as "csv" | "json" | undefined);
  } catch (err) {
    fail(`Could not read ${file}: ${err instanceof Error ? err.message : String(err)}`, 2);
  }

  const config = loadConfig(process.env);
  const pgliteDir = path.join(config.DATA_DIR, "pg");
  if (!config.DATABASE_URL && existsSync(path.join(pgliteDir, "postmaster.pid")) && !args.force) {
    fail(`The PGlite database in ${pgliteDir} is in use (postmaster.pid exists). Stop the server first; after a crash, re-run with --force.`);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir }).catch((err: unknown) =>
    fail(`Could not open the database: ${err instanceof Error ? err.message : String(err)}`),
  );
  const storage = openStorage(config);
  try {
    await seedReferenceData(database.db);
    const log = createLogger("warn");
    const tty = process.stderr.isTTY;
    const report = await importCompanies(
      { db: database.db, config, log, storage },
      {
        rows,
        baseDir: path.dirname(file),
        locale: args.lang,
        onProgress: (done, total) => {
          if (tty) process.stderr.write(`\r${done}/${total} rows`);
          else if (done === total || done % 100 === 0) process.stderr.write(`${done}/${total} rows\n`);
        },
      },
    );
    if (tty) process.stderr.write("\n");
    process.stdout.write(`${report.created} created, ${report.updated} updated, ${report.rejected.length} rejected (of ${rows.length} rows).\n`);
    for (const r of report.rejected) {
      process.stdout.write(`row ${r.row}${r.name ? ` (${r.name})` : ""}:\n${r.reasons.map((x) => `  - ${x}`).join("\n")}\n`);
    }
    process.exitCode = report.rejected.length ? 1 : 0;
  } finally {
    storage.close();
    await database.close();
  }
}

await main();
