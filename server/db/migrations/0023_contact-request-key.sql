ALTER TABLE "contact_messages" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_request_key_unique" UNIQUE("request_key");