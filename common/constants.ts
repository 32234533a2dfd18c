import type { Locale } from "./format";

// Business constants and limits from spec §9 (and the rules in §5 that they feed).

/** Global search: fewest characters (spec §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
/** Global search: most characters; the input also caps its length at this (spec §5, §9). */
export const SEARCH_MAX_LENGTH = 60;
/** Delay before the search box takes focus after the search overlay opens, in ms. */
export const SEARCH_FOCUS_DELAY_MS = 100;

/** Newsletter e-mail: fewest characters, after trimming. */
export const NEWSLETTER_EMAIL_MIN = 6;
/** Newsletter e-mail: most characters, after trimming. */
export const NEWSLETTER_EMAIL_MAX = 100;

/**
 * File types accepted as offer attachments. The first MIME type of each is the canonical one
 * (what detection by magic bytes with `file-type` reports); the others are what browsers may
 * send for the same kind of file.
 */
export const ATTACHMENT_TYPES = [
  { extension: "zip", mimeTypes: ["application/zip", "application/x-zip-compressed"] },
  { extension: "pdf", mimeTypes: ["application/pdf"] },
  { extension: "png", mimeTypes: ["image/png"] },
  { extension: "jpg", mimeTypes: ["image/jpeg"] },
] as const;
/** An attachment file extension: "zip" | "pdf" | "png" | "jpg". */
export type AttachmentExtension = (typeof ATTACHMENT_TYPES)[number]["extension"];
/** The value of an attachment <input type="file" accept>. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.flatMap((t) => [`.${t.extension}`, t.mimeTypes[0]]).join(",");
/** Largest single attachment: 10 MiB (the spec gives "10 MB" per file). */
export const ATTACHMENT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Largest total of the attachments of one offer: 50 MiB (the spec gives "50 MB" in total). */
export const ATTACHMENT_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** Days an account's data is kept after its owner asks for deletion, then it is erased. */
export const ACCOUNT_RETENTION_DAYS = 30;

/** Commitment options of a package, in months: none, 12, 24. */
export const COMMITMENT_MONTHS = [0, 12, 24] as const;
/** One of COMMITMENT_MONTHS. */
export type CommitmentMonths = (typeof COMMITMENT_MONTHS)[number];

/** Time limit of a call to the API, in ms. */
export const API_TIMEOUT_MS = 30_000;

/** The full-page loading overlay: spinner size in px (square), backdrop opacity, z-index. */
export const LOADING_OVERLAY = { size: 64, opacity: 0.5, zIndex: 999 } as const;

/** Fixed short product prefix of device storage keys (localStorage, cookies): "gb.theme". */
export const STORAGE_PREFIX = "gb";

/** Most characters of the numeric id at the end of a blog url. */
export const BLOG_ID_MAX_LENGTH = 10;

/** Default city: plate code 1, ADANA. */
export const DEFAULT_CITY_CODE = 1;

/** Interface languages, stored lower-cased. */
export const LOCALES = ["tr", "en"] as const satisfies readonly Locale[];
/** Default interface language. */
export const DEFAULT_LOCALE: Locale = "tr";

/** Colour themes. */
export const THEMES = ["light", "dark"] as const;
/** One of THEMES. */
export type Theme = (typeof THEMES)[number];
/** Default colour theme. */
export const DEFAULT_THEME: Theme = "light";

/** Year in the footer's copyright line. */
export const COPYRIGHT_YEAR = 2023;

/** How long a toast stays on screen, in ms (it pauses while hovered). */
export const TOAST_DURATION_MS = 3000;

/** Number of entries on the FAQ page. */
export const FAQ_ENTRY_COUNT = 15;
