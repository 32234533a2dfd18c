/**
 * npm run mail:outbox [-- --count 5] [-- --to ayse@example.com]
 *
 * Prints the latest mails of the local outbox (what the site "sent" without SMTP_URL, and what
 * it handed to SMTP), newest first, with their links. Read-only.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { desc, eq } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { mailOutbox } from "../server/mail/schema";
import { mailLinks } from "../server/mail/mailer";

const HELP = `Usage: npm run mail:outbox -- [--count <n>] [--to <address>]

Prints the latest mails kept in the mail_outbox table, newest first: time, recipient, subject,
links and text. Database: DATABASE_URL when set, otherwise the embedded PGlite database under
DATA_DIR/pg. A PGlite directory can be opened by one process at a time: stop the server first.

Options:
  --count <n>      how many mails (default 5, at most 100)
  --to <address>   only mails to this address
  -h, --help       show this help
`;

async function main() {
  const { values } = parseArgs({
    options: { count: { type: "string", default: "5" }, to: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100) throw new Error("--count must be a whole number from 1 to 100");
  const config = loadConfig();
  const pgliteDir = path.join(config.DATA_DIR, "pg");
  if (!config.DATABASE_URL && existsSync(path.join(pgliteDir, "postmaster.pid"))) {
    throw new Error(`${pgliteDir} is open in another process (the server?): stop it first.`);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir });
  try {
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(values.to ? eq(mailOutbox.toAddress, values.to) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(count);
    if (!rows.length) process.stdout.write("The outbox is empty.\n");
    for (const row of rows) {
      const links = mailLinks(row.textBody);
      process.stdout.write(
        [
          `#${row.id}  ${row.createdAt.toISOString()}  (${row.transport})`,
          `To:      ${row.toAddress}`,
          `Subject: ${row.subject}`,
          ...(links.length ? ["Links:", ...links.map((l) => `  ${l}`)] : []),
          "",
          row.textBody.trimEnd(),
          "",
          "-".repeat(72),
          "",
        ].join("\n"),
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
