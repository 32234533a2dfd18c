/** Limits of the user administration page, shared by the page and its service. */

/** Longest search text (characters). */
export const USER_SEARCH_MAX = 100;
/** Audit entries shown for one user. */
export const USER_AUDIT_LIMIT = 20;
