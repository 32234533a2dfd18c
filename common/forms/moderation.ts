import type { ReviewState } from "../companies";

// The moderation of reviews and comments, without zod (decision 006): the moderation lists show
// these actions in the browser; the schemas that read a posted action are in company-edit.ts.

/** What an administrator may do to a review, and the state each leads to (and from which). */
export const MODERATION_INTENTS = {
  confirm: { to: "confirmed", from: ["unconfirmed"] },
  remove: { to: "removed", from: ["unconfirmed", "confirmed"] },
  /** A removed review goes back to the queue; it is public again only once confirmed. */
  restore: { to: "unconfirmed", from: ["removed"] },
} as const satisfies Record<string, { to: ReviewState; from: readonly ReviewState[] }>;
export type ModerationIntent = keyof typeof MODERATION_INTENTS;
export const MODERATION_INTENT_NAMES = Object.keys(MODERATION_INTENTS) as ModerationIntent[];
