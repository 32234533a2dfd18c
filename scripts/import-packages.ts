// `npm run import:packages -- FILE [--locale en]`: imports packages from a CSV or JSON file (the
// columns are documented in server/packages/import-packages.ts and the README). Shows its
// progress on stderr (like the companies import), then prints what was created, updated and
// rejected (with the row, the field and the reason); exits 1 when a row was rejected, 2 when
// the file cannot be read. Idempotent. With the embedded database, stop the server first
// (PGlite allows one process at a time).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { translate } from "../server/i18n";
import { importPackages, readImportRows } from "../server/packages/import-packages";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const locale = args.includes("--locale") && args[args.indexOf("--locale") + 1] === "en" ? "en" : "tr";
if (!file) {
  console.error("usage: npm run import:packages -- FILE.csv|FILE.json [--locale en]");
  process.exit(2);
}
let rows: Record<string, unknown>[];
try {
  const text = await readFile(file, "utf8");
  rows = readImportRows(text, path.extname(file).toLowerCase() === ".json" ? "json" : "csv");
} catch (e) {
  console.error(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") });
try {
  // Progress on stderr: one updating line on a terminal, else a line every 100 rows and at the end.
  const tty = process.stderr.isTTY;
  const report = await importPackages(database.db, rows, {
    onProgress: (done, total) => {
      if (tty) process.stderr.write(`\r${done}/${total} rows`);
      else if (done === total || done % 100 === 0) process.stderr.write(`${done}/${total} rows\n`);
    },
  });
  if (tty && rows.length) process.stderr.write("\n");
  console.log(`${rows.length} row(s): ${report.created} created, ${report.updated} updated, ${report.rejected.length} rejected (${database.kind}).`);
  for (const r of report.rejected) console.log(`row ${r.row}\t${r.field}\t${translate(locale, r.message)}`);
  process.exitCode = report.rejected.length ? 1 : 0;
} finally {
  await database.close();
}
