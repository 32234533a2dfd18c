// `npm run storage:migrate`: copies an uploads folder (DATA_DIR/uploads, or --from DIR) into the
// S3 bucket the S3_* settings name (decision 037), with progress. What the bucket already holds
// at the same size is skipped, so a run that stopped can simply be run again; the folder itself
// is never changed. The folder of uploads in progress (tmp) is not copied.
//
//   S3_BUCKET=… S3_ENDPOINT=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… npm run storage:migrate [-- --from DIR] [--dry-run]
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { contentTypeOf, openStorage, STORAGE_KEY } from "../server/platform/storage";

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values: args } = parseArgs({
  options: { from: { type: "string" }, "dry-run": { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
  strict: true,
}) as { values: { from?: string; "dry-run": boolean; help: boolean } };
if (args.help) {
  process.stdout.write("Copies an uploads folder into the S3 bucket of the S3_* settings.\nUsage: npm run storage:migrate [-- --from DIR] [--dry-run]\n");
  process.exit(0);
}

const config = loadConfig(process.env);
if (!config.S3_BUCKET) fail("S3_BUCKET is not set: name the bucket to copy into (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed).");
const from = path.resolve(args.from ?? config.uploadsDir);
const storage = openStorage(config);

interface Entry {
  key: string;
  file: string;
  size: number;
}

async function collect(): Promise<{ entries: Entry[]; ignored: string[] }> {
  const entries: Entry[] = [];
  const ignored: string[] = [];
  const folders = await readdir(from, { withFileTypes: true }).catch(() => fail(`Cannot read ${from}.`));
  for (const folder of folders.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!folder.isDirectory() || folder.name === "tmp") continue;
    for (const name of (await readdir(path.join(from, folder.name))).sort()) {
      const file = path.join(from, folder.name, name);
      const info = await stat(file);
      const key = `${folder.name}/${name}`;
      if (!info.isFile()) continue;
      // Only names this site writes become keys; anything else put there by hand is listed, not copied.
      if (!STORAGE_KEY.test(key)) ignored.push(key);
      else entries.push({ key, file, size: info.size });
    }
  }
  return { entries, ignored };
}

const started = Date.now();
try {
  await storage.probe().catch((err: unknown) => fail(`The bucket ${config.S3_BUCKET} cannot be reached: ${err instanceof Error ? err.message : String(err)}`));
  const { entries, ignored } = await collect();
  const total = entries.length;
  const totalBytes = entries.reduce((sum, e) => sum + e.size, 0);
  process.stderr.write(`${total} files (${(totalBytes / 1024 / 1024).toFixed(1)} MB) in ${from} → s3://${config.S3_BUCKET}${args["dry-run"] ? " (dry run)" : ""}\n`);
  const tty = process.stderr.isTTY;
  let copied = 0;
  let skipped = 0;
  let copiedBytes = 0;
  const failed: { key: string; reason: string }[] = [];
  let lastLine = 0;
  for (const [i, entry] of entries.entries()) {
    try {
      const there = await storage.head(entry.key);
      if (there && there.size === entry.size) skipped++;
      else {
        if (!args["dry-run"]) await storage.put(entry.key, { file: entry.file }, contentTypeOf(entry.key));
        copied++;
        copiedBytes += entry.size;
      }
    } catch (err) {
      failed.push({ key: entry.key, reason: err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err) });
    }
    const done = i + 1;
    const line = `${done}/${total} files, ${copied} copied (${(copiedBytes / 1024 / 1024).toFixed(1)} MB), ${skipped} already there, ${failed.length} failed`;
    if (tty) process.stderr.write(`\r${line}`);
    else if (done === total || Date.now() - lastLine > 1000 || done % 500 === 0) {
      process.stderr.write(`${line}\n`);
      lastLine = Date.now();
    }
  }
  if (tty && total) process.stderr.write("\n");
  for (const key of ignored) process.stdout.write(`not copied (not a name this site writes): ${key}\n`);
  for (const f of failed) process.stdout.write(`failed: ${f.key}: ${f.reason}\n`);
  process.stdout.write(
    `${copied} copied, ${skipped} already in the bucket, ${failed.length} failed, ${ignored.length} not copied, in ${((Date.now() - started) / 1000).toFixed(1)} s.${failed.length ? " Run it again to retry the failed ones." : ""}\n`,
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  storage.close();
}
