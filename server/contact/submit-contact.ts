import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { CONTACT_FILE_FIELD, contactSchema } from "../../common/forms/contact";
import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { contactAttachments, contactMessages } from "./schema";
import { getT } from "../i18n";
import { queueMail } from "../mail/mailer";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";
import { receiveUpload, type ReceivedFile } from "../platform/receive-upload";
import { storageKey } from "../platform/storage";

/** The storage folder of contact attachments: kept for the site's owner, never served. */
export const CONTACT_FOLDER = "contact";

export const CONTACT_LIMIT = { name: "contact", points: 10, durationSeconds: 3600 };

/**
 * The contact offer form: streams the attachments to disk, validates everything, then stores
 * the files (storage folder "contact") and the message with them and queues the owner's
 * notification in one transaction. Anything invalid leaves no row and no file behind. A retry
 * with the same request key is stored once (the unique key holds it under concurrency too).
 */
export async function submitContactMessage(
  app: Pick<AppContext, "db" | "limits" | "config" | "openUploadFile" | "storage">,
  opts: {
    headers: Record<string, string | undefined>;
    body: Readable;
    locale: Locale;
    ipHash: string | null;
    ip: string;
    /** Runs on the parsed text fields before anything is stored (the CSRF check of the web form). */
    verifyFields?: (fields: Record<string, string>) => void;
    /**
     * The request's Idempotency-Key (idempotencyKeyOf): a message already stored under it is
     * answered with its id, and this request's copies of the files are removed.
     */
    requestKey?: string;
  },
): Promise<{ id: number }> {
  await consumeLimit(app.limits, CONTACT_LIMIT, opts.ip);
  const uploadsDir = app.config.uploadsDir;
  const form = await receiveUpload({
    headers: opts.headers,
    body: opts.body,
    tempDir: path.join(uploadsDir, "tmp"),
    fileField: CONTACT_FILE_FIELD,
    openFile: app.openUploadFile,
  });
  const moved: string[] = [];
  try {
    opts.verifyFields?.(form.fields);
    const input = parseInput(contactSchema, form.fields);
    const stored: (ReceivedFile & { storedName: string })[] = [];
    for (const file of form.files) {
      const storedName = `${randomUUID()}.${file.extension}`;
      const key = storageKey(CONTACT_FOLDER, storedName);
      moved.push(key);
      await app.storage.put(key, { file: file.tempPath }, file.mimeType ?? "application/octet-stream");
      stored.push({ ...file, storedName });
    }
    await form.discard();
    const t = getT("tr");
    const result = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...input, locale: opts.locale, ipHash: opts.ipHash, requestKey: opts.requestKey })
        .onConflictDoNothing({ target: contactMessages.requestKey })
        .returning({ id: contactMessages.id });
      if (!row) {
        const [first] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.requestKey, opts.requestKey!));
        return { id: first!.id, repeated: true };
      }
      if (stored.length) {
        await tx.insert(contactAttachments).values(
          stored.map((f) => ({
            messageId: row.id,
            originalName: f.originalName,
            storedName: f.storedName,
            mimeType: f.mimeType ?? "application/octet-stream",
            sizeBytes: f.sizeBytes,
          })),
        );
      }
      const lines = [
        t("mail.contactIntro"),
        "",
        `${t("contact.fullName")}: ${input.fullName}`,
        `${t("contact.email")}: ${input.email}`,
        "",
        input.message,
      ];
      if (stored.length) {
        lines.push("", t("mail.contactAttachments", { count: stored.length }));
        for (const f of stored) lines.push(`- ${f.originalName} (${f.sizeBytes} B) → contact/${f.storedName}`);
      }
      await queueMail(tx, {
        to: app.config.OWNER_EMAIL,
        replyTo: input.email,
        subject: t("mail.contactSubject", { name: input.fullName }),
        text: lines.join("\n"),
      });
      return { id: row.id, repeated: false };
    });
    // A repeat keeps the first request's files; this one's copies go.
    if (result.repeated) await app.storage.remove(moved).catch(() => {});
    return { id: result.id };
  } catch (err) {
    await form.discard();
    // What was stored before the failure goes too (the message was never saved).
    await app.storage.remove(moved).catch(() => {});
    throw err;
  }
}
