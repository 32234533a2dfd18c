import type { MessageKey } from "../../common/i18n";

/**
 * One error type for the whole service layer. Services throw it with a code and an i18n key;
 * the edges (route actions, /api/v1) map it to an HTTP status and a translated message.
 */
export const errorStatus = {
  E_VALIDATION: 400,
  E_BAD_REQUEST: 400,
  E_CSRF: 403,
  E_UNAUTHORIZED: 401,
  E_FORBIDDEN: 403,
  E_NOT_FOUND: 404,
  E_METHOD_NOT_ALLOWED: 405,
  E_CONFLICT: 409,
  /** A mailed code or link that was good once and has expired (the pages answer 410 too). */
  E_GONE: 410,
  E_LENGTH_REQUIRED: 411,
  E_PAYLOAD_TOO_LARGE: 413,
  E_UNSUPPORTED_TYPE: 415,
  E_RATE_LIMITED: 429,
  /** An upstream source (the http infrastructure source) answered something unusable: a clear error, not a 5xx. */
  E_SOURCE_INVALID: 424,
  E_UNAVAILABLE: 503,
  E_INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A translatable message: an i18n key (checked by tsc) and its interpolation values. */
export interface Message {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type FieldErrors = Record<string, Message>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: Message;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: Message | MessageKey,
    extra: { fieldErrors?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    const msg = typeof message === "string" ? { key: message } : message;
    super(`${code}: ${msg.key}`, { cause: extra.cause });
    this.name = "AppError";
    this.code = code;
    this.messageKey = msg;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  // Duck-typed: the server bundle and the tsx-loaded server may hold two copies of this class.
  return e instanceof Error && e.name === "AppError" && "code" in e && "messageKey" in e;
}
