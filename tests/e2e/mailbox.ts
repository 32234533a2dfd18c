import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the browser suite. It runs in the global setup (beside the site), so it
 * keeps each mail as a file that the test workers read.
 */
export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        writeFileSync(path.join(dir, `${Date.now()}-${++n}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Waits (up to `timeoutMs`) for a mail to `to` whose subject matches, newer than `since`. */
export async function waitForMail(dir: string, to: string, subject: RegExp, since = 0, timeoutMs = 20_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(dir).sort().reverse()) {
      if (Number(name.split("-")[0]) < since) continue;
      const raw = readFileSync(path.join(dir, name), "utf8");
      if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
      const parsed = await simpleParser(raw);
      if (subject.test(parsed.subject ?? "")) return { to, subject: parsed.subject ?? "", text: parsed.text ?? "" };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
