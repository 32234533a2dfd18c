import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, mailOutbox } from "../../server/db/schema";
import { queueMail } from "../../server/mail/mailer";
import { startSmtpServer } from "../helpers/smtp";
import { startTestApp, type TestApp } from "../helpers/test-app";

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

  it("keeps a mail while SMTP is down and sends it once it is back", async () => {
    const down = await startSmtpServer();
    await down.close(); // a port where nothing listens
    const t2 = await startTestApp({ SMTP_URL: down.url });
    try {
      await queueMail(t2.app.db, { to: "later@example.com", subject: "Bekleyen", text: "Sonra gidecek" });
      await t2.app.jobs.drain();
      const [job] = await t2.app.db.select().from(jobs).where(eq(jobs.kind, "mail.send"));
      expect(job.doneAt).toBeNull();
      expect(job.failedAt).toBeNull();
      expect(job.attempts).toBe(1);
      expect(job.lastError).toBeTruthy();
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // backoff

      // The server comes back on another port; the same job, made due, goes out there.
      const back = await startSmtpServer();
      try {
        (t2.app.mail as unknown as { close(): void }).close();
        const { createMailTransport } = await import("../../server/mail/mailer");
        const transport = createMailTransport({ db: t2.app.db, log: t2.app.log, smtpUrl: back.url, from: "test@genisbant.com.tr" });
        await t2.app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job.id));
        const { claimJob, completeJob } = await import("../../server/jobs/queue");
        const claimed = await claimJob(t2.app.db, 60_000);
        expect(claimed?.id).toBe(job.id);
        await transport.deliver(claimed!.payload as never);
        await completeJob(t2.app.db, claimed!.id);
        transport.close();
        expect(back.mails.map((m) => m.subject)).toEqual(["Bekleyen"]);
      } finally {
        await back.close();
      }
    } finally {
      await t2.close();
    }
  });
});
