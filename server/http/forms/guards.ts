import { data, redirect } from "react-router";
import { pathsFor } from "../../../common/paths";
import type { SessionUser } from "../../accounts/sessions";
import type { RequestContext } from "../request-context";

/** Loader/action guard: a guest is sent to /giris (in the page's language), and comes back here after signing in. */
export function requirePageUser(context: RequestContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`${pathsFor(context.locale).Login()}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Loader/action guard for administrators: guests go to /giris, other users get a 403 page. */
export function requirePageAdmin(context: RequestContext, request: Request): SessionUser {
  const user = requirePageUser(context, request);
  if (!user.isAdmin) throw data(null, { status: 403 });
  return user;
}

/** Loader/action guard for the company dashboard: corporate users and administrators; guests go to /giris, others get a 403 page. */
export function requirePageCorporate(context: RequestContext, request: Request): SessionUser {
  const user = requirePageUser(context, request);
  if (user.accountType !== "corporate" && !user.isAdmin) throw data(null, { status: 403 });
  return user;
}

/** Spec §2: a signed-in user opening register or login is sent home. */
export function redirectIfSignedIn(context: RequestContext): void {
  if (context.user) throw redirect(pathsFor(context.locale).Home());
}

export function sessionCookie(context: RequestContext, token: string, expiresAt: Date): string {
  const secure = context.app.config.SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `gb_session=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

// The pages' sign-out answers and the API's share one cleared cookie, kept beside the session.
export { clearedSessionCookie } from "../../accounts/sessions";
