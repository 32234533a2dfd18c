/**
 * Messages shown on the page an action redirects to (after registering, signing out, asking for
 * deletion). The redirect carries the notice in the query (?bildirim=…), so it works without
 * JavaScript and without a cookie; the shell shows it on any page.
 */
export const NOTICE_PARAM = "bildirim";

export const NOTICES = { registered: "kayit", signedOut: "cikis", deletionRequested: "silme" } as const;
export type Notice = keyof typeof NOTICES;

/** `path` with the notice added to its query. */
export function withNotice(path: string, notice: Notice): string {
  return `${path}${path.includes("?") ? "&" : "?"}${NOTICE_PARAM}=${NOTICES[notice]}`;
}

/** The notice a query value names, if any. */
export function noticeFromParam(value: string | null): Notice | null {
  const found = Object.entries(NOTICES).find(([, v]) => v === value);
  return found ? (found[0] as Notice) : null;
}
