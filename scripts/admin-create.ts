/**
 * npm run admin:create -- --email ayse@example.com --name "Ayşe Yılmaz"
 *
 * Makes the first (or another) administrator. See --help.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ADMIN_CREATE_BOUNDS, adminEmailSchema, createOrPromoteAdmin, newAdminSchema } from "../server/accounts/create-admin";
import { findAccountByEmail } from "../server/accounts/find-account";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { translate } from "../server/i18n";
import { AppError, isAppError } from "../server/platform/app-error";
import { parseInput } from "../server/platform/validate";

const HELP = `Usage: npm run admin:create -- --email <address> [--name "<full name>"] [--force]

Creates an administrator account (individual, e-mail verified, membership and personal-data
consents recorded now), or makes the existing account with that e-mail an administrator
(restoring it if it was deactivated or pending deletion; its password is left unchanged).

The password of a new account is read from the ADMIN_PASSWORD environment variable, or asked
for on the terminal without echo. It must be ${ADMIN_CREATE_BOUNDS.password.min}–${ADMIN_CREATE_BOUNDS.password.max} characters, as at registration.

Database: DATABASE_URL (PostgreSQL) when set, otherwise the embedded PGlite database under
DATA_DIR/pg (default ./data/pg). The same .env values as the server apply.

Important: a PGlite data directory can be opened by ONE process at a time. Stop the server
(npm start / npm run dev) before running this command against PGlite, then start it again.
The command refuses to run while DATA_DIR/pg/postmaster.pid exists (the database is open, or a
server crashed); --force overrides that check after a crash. With PostgreSQL the server may
keep running.

Options:
  --email <address>   the administrator's e-mail address (required)
  --name <full name>  the full name (required when the account does not exist yet)
  --force             open PGlite even though postmaster.pid exists
  -h, --help          show this help
`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Reads one line from the terminal without showing it; from a pipe, just the first line. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let value = "";
    const onData = (text: string) => {
      for (const ch of text) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          process.stdout.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

function explain(err: unknown): string {
  if (!isAppError(err)) return `  ${err instanceof Error ? err.message : String(err)}`;
  const fields = Object.entries(err.fieldErrors ?? {});
  if (!fields.length) return translate("en", err.messageKey);
  return fields.map(([field, msg]) => `  ${field}: ${translate("en", msg)}`).join("\n");
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message}\n\n${HELP}`, 2);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  if (!args.email) fail(`--email is required.\n\n${HELP}`, 2);

  // Checked before the database is opened or a password asked for.
  let email: string;
  try {
    ({ email } = parseInput(adminEmailSchema, { email: args.email }));
    if (args.name !== undefined) parseInput(newAdminSchema.pick({ fullName: true }), { fullName: args.name });
  } catch (err) {
    fail(`Invalid input:\n${explain(err)}`, 2);
  }

  const config = loadConfig(process.env);
  const pgliteDir = path.join(config.DATA_DIR, "pg");
  if (!config.DATABASE_URL && existsSync(path.join(pgliteDir, "postmaster.pid")) && !args.force) {
    fail(
      `The PGlite database in ${pgliteDir} is in use (postmaster.pid exists).\n` +
        "Stop the server first: PGlite can be opened by one process at a time. After a crash, re-run with --force.",
    );
  }
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir }).catch((err: unknown) =>
    fail(`Could not open the database (${config.DATABASE_URL ? "DATABASE_URL" : pgliteDir}): ${err instanceof Error ? err.message : String(err)}`),
  );
  try {
    const existing = await findAccountByEmail(database, { email });
    let password: string | undefined;
    if (!existing) {
      if (args.name === undefined) throw new AppError("E_VALIDATION", "admin.cli.nameRequired");
      password = process.env.ADMIN_PASSWORD;
      if (password === undefined) {
        password = await readPassword("Password for the new administrator: ");
        if (process.stdin.isTTY && (await readPassword("Repeat the password: ")) !== password) {
          throw new AppError("E_VALIDATION", "admin.validation.password.mismatch");
        }
      }
    }
    const result = await createOrPromoteAdmin(database.db, { email, fullName: args.name, password });
    if (result.created) process.stdout.write(`Created administrator ${email} (user #${result.userId}).\n`);
    else if (result.alreadyAdmin && !result.restored) process.stdout.write(`${email} (user #${result.userId}) already is an administrator.\n`);
    else {
      process.stdout.write(
        `${email} (user #${result.userId}) is now an administrator${result.restored ? " and its account is active again" : ""}.\n`,
      );
    }
  } catch (err) {
    process.exitCode = 1;
    process.stderr.write(`Could not create the administrator:\n${explain(err)}\n`);
  } finally {
    await database.close();
  }
}

await main();
