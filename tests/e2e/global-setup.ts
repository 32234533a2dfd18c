// Starts the site once for the whole end-to-end run (see site.ts), with the suite's SMTP server
// and company webhooks allowed on loopback (the tests' own receivers), hands its base URL to the
// tests through vitest's provide/inject, and stops it at teardown.
import type { TestProject } from "vitest/node";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMailbox } from "./mailbox";
import { startSite } from "./site";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the suite's SMTP server keeps the mails the site sends. */
    mailDir: string;
  }
}

export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "genisbant-mail-"));
  const mailbox = await startMailbox(mailDir);
  // WEBHOOK_ALLOW_PRIVATE (tests only): a company's webhook may be the test's receiver on loopback.
  // The outage test names reporters of other networks with X-Forwarded-For (the site trusts its
  // loopback proxy, as behind a real one) and needs three networks for an incident.
  const site = await startSite({ SMTP_URL: mailbox.url, WEBHOOK_ALLOW_PRIVATE: "1", TRUST_PROXY: "loopback", OUTAGE_MIN_NETWORKS: "3" });
  project.provide("baseUrl", site.baseUrl);
  project.provide("mailDir", mailDir);
  return async () => {
    await site.stop();
    await mailbox.close();
  };
}
