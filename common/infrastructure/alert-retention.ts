/**
 * How long an infrastructure alert ("tell me when fiber or a free port reaches this flat") is kept
 * (the privacy text states these; the clean-up applies them): a never-confirmed one, one whose mail
 * has gone out or that was turned off, and one that is still waiting.
 */
export const ALERT_CONFIRM_DAYS = 7;
export const ALERT_KEEP_AFTER_DAYS = 30;
export const ALERT_MAX_DAYS = 730;
