import { API_TIMEOUT_MS } from "../../common/constants";
import { localeOfPath, localizePath, paths } from "../../common/paths";

export interface ApiFailure {
  success: false;
  exception: string;
  message: string;
}

/**
 * The web client's transport to /api/v1 (spec §7, §8): JSON, 30 s timeout, cookies sent.
 * - an answer whose `exception` is E_UNAUTHORIZED: the sign-in is gone, so the page goes to /giris (/en/giris)
 *   (the session cookie is httpOnly: the server has already cleared it, nothing is kept in storage);
 * - HTTP 403: show the loading overlay and reload the page;
 * - anything else is returned to the caller.
 */
export async function apiPost<T>(path: string, body?: unknown, hooks: { showLoading?: () => void } = {}): Promise<T | ApiFailure> {
  const res = await fetch(`/api/v1${path}`, {
    method: "POST",
    // The answer's messages in the page's language (the API reads Accept-Language first).
    headers: { "content-type": "application/json", accept: "application/json", "accept-language": document.documentElement.lang },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const json = (await res.json().catch(() => null)) as (T & { exception?: string }) | null;
  if (json?.exception === "E_UNAUTHORIZED") {
    window.location.assign(localizePath(localeOfPath(window.location.pathname), paths.Login()));
    return json as unknown as ApiFailure;
  }
  if (res.status === 403) {
    hooks.showLoading?.();
    window.location.reload();
  }
  if (!json) return { success: false, exception: "E_INTERNAL", message: "" };
  return json;
}

/**
 * A GET call to /api/v1 (lists the page reads after hydration): JSON, 30 s timeout, the page's
 * language; a network failure or an answer that is not JSON is a failure, never a throw.
 */
export function apiGet<T>(path: string): Promise<T | ApiFailure> {
  return callApi<T>(path, {});
}

/** One call to /api/v1 with the page's language and the session cookie; the answer's JSON, or a failure. */
async function callApi<T>(path: string, init: RequestInit): Promise<T | ApiFailure> {
  try {
    const res = await fetch(`/api/v1${path}`, {
      ...init,
      headers: { accept: "application/json", "accept-language": document.documentElement.lang },
      credentials: "same-origin",
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => null)) as T | ApiFailure | null;
    return json ?? { success: false, exception: "E_INTERNAL", message: "" };
  } catch {
    return { success: false, exception: "E_INTERNAL", message: "" };
  }
}

/**
 * A file upload to /api/v1 (a multipart call) with the session cookie. The browser itself sends
 * the signals the API asks of a cookie call (Origin and Sec-Fetch-Site: same-origin) and the
 * multipart type with its boundary. A refusal is returned, never followed: the page the person is
 * writing on stays, with the answer's message. A network failure is a failure, never a throw.
 */
export function apiUpload<T>(path: string, form: FormData): Promise<T | ApiFailure> {
  return callApi<T>(path, { method: "POST", body: form });
}
