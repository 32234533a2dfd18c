ALTER TABLE "leads" ADD COLUMN "flat_code" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "flat_address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "callback_slot" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_flat_check" CHECK (("leads"."flat_code" IS NULL) = ("leads"."flat_address" IS NULL));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_callback_slot_check" CHECK ("leads"."callback_slot" IN ('any', 'morning', 'afternoon', 'evening'));