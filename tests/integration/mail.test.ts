import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobChannels, jobs } from "../../server/jobs/schema";
import { mailOutbox } from "../../server/mail/schema";
import { channelBackoffMs } from "../../server/jobs/queue";
import { queueMail } from "../../server/mail/mailer";
import { startSmtpServer } from "../helpers/smtp";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { until } from "../helpers/until";

describe("mail through the durable job table and a real SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("delivers a queued mail with Turkish text intact", async () => {
    await queueMail(t.app.db, { to: "kisi@example.com", subject: "Şifre sıfırlama – GenişBant", text: "Merhaba Çağrı, bağlantı: https://x" });
    expect(await t.app.jobs.drain()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(["kisi@example.com"]);
    expect(smtp.mails[0].subject).toBe("Şifre sıfırlama – GenişBant");
    expect(smtp.mails[0].text.trim()).toBe("Merhaba Çağrı, bağlantı: https://x");
    const [sent] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "kisi@example.com"));
    expect(sent.transport).toBe("smtp");
  });

  it("keeps a mail while SMTP is down, and the app's own worker sends it once the server is back", async () => {
    // A port where nothing listens for now; the server comes back on it later.
    const first = await startSmtpServer();
    await first.close();
    const t2 = await startTestApp({ SMTP_URL: first.url, JOB_POLL_MS: "20" });
    let back: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      const queuedFrom = Date.now();
      await queueMail(t2.app.db, { to: "later@example.com", subject: "Bekleyen", text: "Sonra gidecek" });
      const mailJob = async () => (await t2.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send")))[0];
      // The worker tries on its own and finds the server down: the error kept on the job, whose
      // attempt is given back and whose place is kept; the mail channel waits 30 s (decision 039).
      const smtpChannel = async () => (await t2.app.db.select().from(jobChannels).where(eq(jobChannels.channel, "smtp")))[0];
      await until(async () => !!(await mailJob())?.lastError && (await smtpChannel())?.retryAt != null, "the first delivery attempt");
      const failedBy = Date.now();
      const job = await mailJob();
      expect(job).toMatchObject({ doneAt: null, failedAt: null, attempts: 0, channel: "smtp" });
      expect(job.runAt.getTime()).toBeLessThanOrEqual(queuedFrom + 1000);
      const channel = await smtpChannel();
      expect(channel).toMatchObject({ failures: 1, busyUntil: null });
      expect(channelBackoffMs(1)).toBe(30_000);
      expect(channel!.retryAt!.getTime()).toBeGreaterThanOrEqual(queuedFrom + 30_000);
      expect(channel!.retryAt!.getTime()).toBeLessThanOrEqual(failedBy + 30_000);

      // The server is back on the same port and the wait has passed (the channel's clock is its
      // retryAt): the running worker delivers it, nothing is driven by hand.
      back = await startSmtpServer(first.port);
      await t2.app.db.update(jobChannels).set({ retryAt: new Date() }).where(eq(jobChannels.channel, "smtp"));
      await until(async () => !!(await mailJob()).doneAt, "the job to be done");
      expect(back.mails.map((m) => [m.to, m.subject, m.text.trim()])).toEqual([[["later@example.com"], "Bekleyen", "Sonra gidecek"]]);
      expect(await mailJob()).toMatchObject({ attempts: 1, failedAt: null });
      expect(await smtpChannel()).toMatchObject({ failures: 0, retryAt: null, downSince: null });
    } finally {
      await t2.close();
      await back?.close();
    }
  });
});
