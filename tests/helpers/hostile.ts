// Hostile input, as tables the form and call tests share: each case names what it is, so a
// failing row says which attack got through. Text cases are for string fields; type cases for
// JSON bodies; byte cases for urlencoded bodies written raw (what a browser would never send).

export interface HostileCase<T = unknown> {
  name: string;
  value: T;
}

/** Strings that must be stored as text or refused, never interpreted. */
export const HOSTILE_TEXT = {
  html: { name: "HTML/script", value: `<script>alert(1)</script>"><img src=x onerror=alert(2)>` },
  sql: { name: "SQL", value: "Robert'); DROP TABLE users;--" },
  nul: { name: "NUL byte", value: "Ayşe\u0000Yılmaz" },
  control: { name: "control character", value: "Ay\u0007şe Yılmaz" },
  loneSurrogate: { name: "lone surrogate", value: "Ay\ud800şe Yılmaz" },
  bidi: { name: "right-to-left override", value: "Ayşe\u202eYılmaz" },
  replacement: { name: "replacement characters", value: "\uFFFD\uFFFD\uFFFD" },
} satisfies Record<string, HostileCase<string>>;

/** JSON values of the wrong type for a string field. */
export const WRONG_TYPES: HostileCase[] = [
  { name: "number", value: 12345678 },
  { name: "boolean", value: true },
  { name: "null", value: null },
  { name: "array", value: ["a@example.com"] },
  { name: "object (operator injection)", value: { $gt: "" } },
];

/** A string one character over `max` (and, for min, one under). */
export const overLong = (max: number, fill = "a") => fill.repeat(max + 1);

/**
 * Percent-encoded bytes that are not UTF-8 (an urlencoded body decodes them to U+FFFD) and an
 * encoded NUL: for raw urlencoded bodies.
 */
export const BAD_BYTES: HostileCase<string>[] = [
  { name: "invalid UTF-8 bytes", value: "%FF%FE" },
  { name: "overlong UTF-8 slash", value: "%C0%AF" },
  { name: "UTF-8 encoded surrogate", value: "%ED%A0%80" },
  { name: "NUL byte", value: "%00" },
];

/** Every method a client may send; CONNECT is left out (it is a proxy request, not a resource's). */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] as const;

/** Authorization headers that are not a bearer token of ours. */
export const MALFORMED_AUTHORIZATION: HostileCase<string>[] = [
  { name: "empty", value: "" },
  { name: "scheme only", value: "Bearer" },
  { name: "scheme and space", value: "Bearer " },
  { name: "basic credentials", value: `Basic ${Buffer.from("admin:admin").toString("base64")}` },
  { name: "unknown token", value: "Bearer 0000000000000000000000000000000000000000000" },
  { name: "token with SQL", value: "Bearer ' OR '1'='1" },
  { name: "two tokens", value: "Bearer abc, Bearer def" },
  { name: "very long token", value: `Bearer ${"a".repeat(8000)}` },
  { name: "Latin-1 bytes", value: "Bearer \u00ff\u00fe" },
];

/** Forged ids for a form's userId: not a number, not ours, out of range. */
export const FORGED_IDS: HostileCase<string>[] = [
  { name: "no such user", value: "99999999" },
  { name: "negative", value: "-1" },
  { name: "zero", value: "0" },
  { name: "beyond int32", value: "2147483648" },
  { name: "float", value: "1.5" },
  { name: "hex", value: "0x1" },
  { name: "SQL", value: "1 OR 1=1" },
  { name: "empty", value: "" },
];
