import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, isNotNull, isNull, and } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildJobHandlers } from "../../server/jobs/handlers";
import { jobChannels, jobs } from "../../server/jobs/schema";
import { startJobWorker, type JobWorker } from "../../server/jobs/worker";
import { companyDeliverySettings, leadDeliveries, leads } from "../../server/leads/schema";
import { queueMail } from "../../server/mail/mailer";
import { makeCompany, makePackage } from "../helpers/packages";
import { startSmtpServer } from "../helpers/smtp";
import { startTestApp, type TestApp } from "../helpers/test-app";

// Issue 22, item 5: the mail server and a company's webhook receiver down for an hour (on a
// simulated clock: the worker is due by it), while mails and requests keep coming. Afterwards
// every mail and every delivery goes out once, in the order they were made (decision 039).

interface Receiver {
  port: number;
  calls: { id: string; body: string }[];
  close(): Promise<void>;
}

/** A webhook receiver on `port` (0: any) that answers 204 and keeps every call. */
async function startReceiver(port = 0, calls: Receiver["calls"] = []): Promise<Receiver> {
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      calls.push({ id: String(req.headers["webhook-id"]), body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const SECRET = `whsec_${Buffer.from("a-test-secret-of-24-bytes").toString("base64")}`;
const MINUTE = 60_000;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let receiver: Receiver;
let clock = Date.now();
let worker: JobWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  t = await startTestApp({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: "1", TRUST_PROXY: "loopback" });
  const app = t.app;
  worker = startJobWorker({
    db: app.database.jobsDb,
    log: app.log,
    handlers: buildJobHandlers({ ...app, db: app.database.jobsDb }),
    pollMs: 0,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
  await receiver?.close();
});

describe("the SMTP server and the webhook receiver down for an hour", () => {
  it("every mail and every delivery goes out once afterwards, in order of creation", async () => {
    // Only deliveries on this clock: the recurring jobs booked at start (statistics, clean-up) are not this test's.
    await t.app.db.delete(jobs).where(isNull(jobs.channel));
    const company = await makeCompany(t.app.db, { name: "Kesintili Posta AŞ", email: "satis@kesintili.example" });
    const packageId = await makePackage(t.app.db, company.id, { title: "Kesintili Fiber 100", price: "400" });
    await t.app.db.insert(companyDeliverySettings).values({ companyId: company.id, mail: "talep@kesintili.example", webhookUrl: `http://127.0.0.1:${receiver.port}/hook`, webhookSecret: SECRET });
    const smtpPort = smtp.port;
    const hookPort = receiver.port;
    await smtp.close();
    await receiver.close();

    // Made during the hour, in this order: a mail, then a request (its mail and its webhook call).
    const expectedMails: string[] = [];
    const expectedHooks: string[] = [];
    let made = 0;
    const make = async () => {
      const n = ++made;
      await queueMail(t.app.db, { to: `okur${n}@example.com`, subject: `Kesinti bülteni ${n}`, text: `İleti ${n}` });
      expectedMails.push(`Kesinti bülteni ${n}`);
      const res = await t.fetch(`/api/v1/packages/${packageId}/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.60.0.${n}` },
        body: JSON.stringify({ firstName: "Kesinti", lastName: `Abone${n}`, phone: `0532 700 ${String(10 + n)} 00`, consent: true }),
      });
      expect(res.status).toBe(200);
      const { reference } = (await res.json()) as { reference: string };
      expectedMails.push(reference);
      expectedHooks.push(reference);
    };

    // The hour: something is made every 5 minutes; the worker runs every 30 s of the clock.
    const start = clock;
    let tries = 0;
    while (clock - start < 60 * MINUTE) {
      if ((clock - start) % (5 * MINUTE) === 0) await make();
      tries += await worker.drain();
      clock += 30_000;
    }
    const [down] = await t.app.db.select().from(jobChannels).where(eq(jobChannels.channel, "smtp"));
    expect(down!.downSince).not.toBeNull();
    // Nothing was given up during the hour, and nothing went out.
    expect(await t.app.db.select().from(jobs).where(isNotNull(jobs.failedAt))).toEqual([]);
    expect(smtp.mails).toHaveLength(0);

    // Back, on the same addresses.
    smtp = await startSmtpServer(smtpPort);
    receiver = await startReceiver(hookPort);
    const backAt = clock;
    while (clock - backAt < 15 * MINUTE) {
      await worker.drain();
      const waiting = await t.app.db.select({ id: jobs.id }).from(jobs).where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), isNotNull(jobs.channel)));
      if (waiting.length === 0) break;
      clock += 30_000;
    }
    const drainedAfterMs = clock - backAt;

    // Each once, in the order made.
    const references = (await t.app.db.select({ reference: leads.reference }).from(leads).where(eq(leads.companyId, company.id))).map((r) => r.reference);
    const mailKeys = smtp.mails.map((m) => /Kesinti bülteni \d+/.exec(m.subject)?.[0] ?? references.find((r) => m.subject.includes(r)) ?? m.subject);
    const hookReferences = receiver.calls.map((c) => (JSON.parse(c.body) as { data: { reference: string } }).data.reference);
    const deliveries = await t.app.db.select({ state: leadDeliveries.state }).from(leadDeliveries);
    console.info(
      JSON.stringify({
        "made during the hour": { mails: made, requests: made, "deliveries (mail + webhook)": made * 2 },
        "tries while down (jobs run, each finding its channel down)": tries,
        "went out once the servers were back (simulated minutes)": drainedAfterMs / MINUTE,
        "mails received": smtp.mails.length,
        "webhook calls received": receiver.calls.length,
        "deliveries by state": Object.fromEntries([...new Set(deliveries.map((d) => d.state))].map((s) => [s, deliveries.filter((d) => d.state === s).length])),
      }),
    );
    expect(references).toHaveLength(made);
    expect(mailKeys).toEqual(expectedMails);
    expect(hookReferences).toEqual(expectedHooks);
    expect(new Set(receiver.calls.map((c) => c.id)).size).toBe(made);
    expect(deliveries.every((d) => d.state === "delivered")).toBe(true);
    // A channel that is down is tried with its oldest job at most every 5 minutes: it is noticed back within that.
    expect(drainedAfterMs).toBeLessThanOrEqual(5 * MINUTE);
    const [up] = await t.app.db.select().from(jobChannels).where(eq(jobChannels.channel, "smtp"));
    expect(up).toMatchObject({ failures: 0, downSince: null, retryAt: null, busyUntil: null });

    // Nothing goes out twice later.
    clock += 2 * 60 * MINUTE;
    await worker.drain();
    expect(smtp.mails).toHaveLength(made * 2);
    expect(receiver.calls).toHaveLength(made);
  });
});
