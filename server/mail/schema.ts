import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

/** Every mail the site sends, kept as sent (or as it would have been, without SMTP). */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
  /** "smtp" when handed to the SMTP server, "outbox" when only stored here. */
  transport: text("transport").notNull(),
  messageId: text("message_id"),
  createdAt: createdAt(),
});
