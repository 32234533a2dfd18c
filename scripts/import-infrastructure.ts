// `npm run import:infrastructure -- FILE [--rejects FILE]`: imports the database source's address
// tree and answers from a CSV file (columns: server/infrastructure/import-csv.ts and the README).
// Streams the file in batches of upserts (running it again is harmless), writes the rows it could
// not use with their line and reason to FILE.rejected.csv, and shows its progress. With the
// embedded database, stop the server first (PGlite allows one process at a time).
import { createReadStream, createWriteStream, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { importInfrastructureCsv, type ImportProgress } from "../server/infrastructure/import-csv";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { rejects: { type: "string" }, quiet: { type: "boolean" } } });
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run import:infrastructure -- FILE.csv [--rejects REJECTS.csv]");
  process.exit(2);
}
const size = statSync(file).size;
const rejectsPath = values.rejects ?? `${file}.rejected.csv`;
const rejects = createWriteStream(rejectsPath);
rejects.write("line,reason\n");

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") });
const started = Date.now();
let peakRss = 0;
let lastDraw = 0;

function draw(p: ImportProgress, final = false) {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (values.quiet || (!final && Date.now() - lastDraw < 500)) return;
  lastDraw = Date.now();
  const share = size ? Math.min(1, p.bytes / size) : 1;
  const width = 30;
  const bar = "█".repeat(Math.round(share * width)).padEnd(width, "░");
  const seconds = (Date.now() - started) / 1000;
  const rate = Math.round(p.rows / Math.max(seconds, 0.001));
  const line = `${bar} ${(share * 100).toFixed(1)}%  ${p.rows.toLocaleString("en")} rows  ${p.rejected} rejected  ${rate.toLocaleString("en")} rows/s  RSS ${Math.round(process.memoryUsage().rss / 1048576)} MB`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}

try {
  const result = await importInfrastructureCsv(database.db, {
    input: createReadStream(file),
    onReject: (line, reason) => rejects.write(`${line},"${reason.replaceAll('"', '""')}"\n`),
    onProgress: (p) => draw(p),
  });
  draw(result, true);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${result.imported.toLocaleString("en")} flats imported, ${result.rejected} rows rejected (see ${rejectsPath}), in ${seconds} s; peak RSS ${Math.round(peakRss / 1048576)} MB (${database.kind}).`,
  );
} catch (err) {
  console.error(`\nImport failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await new Promise((resolve) => rejects.end(resolve));
  await database.close();
}
