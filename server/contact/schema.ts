import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

// The contact form's messages and their attachments.

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  ipHash: text("ip_hash"),
  /** The request's Idempotency-Key (keyed and scoped, server/platform/idempotency.ts): a retry is stored once. */
  requestKey: text("request_key").unique("contact_messages_request_key_unique"),
  createdAt: createdAt(),
});

export const contactAttachments = pgTable(
  "contact_attachments",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    /** File name under DATA_DIR/uploads/contact. */
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
  },
  (t) => [index("contact_attachments_message_idx").on(t.messageId)],
);
