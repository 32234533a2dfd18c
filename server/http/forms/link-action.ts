import { AppError } from "../../platform/app-error";
import { CSRF_FIELD, verifyCsrf } from "../../security/csrf";
import type { RequestContext } from "../request-context";

export type LinkAction = "confirm" | "unsubscribe";

/**
 * What a post to a mailed link's page asks (an infrastructure alert's, a commitment reminder's):
 * the page's two buttons (confirm, unsubscribe; with the page's CSRF token), or a mail client's
 * RFC 8058 one-click unsubscribe, a POST of "List-Unsubscribe=One-Click" that has no page token:
 * there the link's own secret is the authority.
 */
export async function readLinkAction(request: Request, context: RequestContext): Promise<LinkAction> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  }
  if (form.get("List-Unsubscribe") === "One-Click") return "unsubscribe";
  verifyCsrf(context.csrfToken, form.get(CSRF_FIELD));
  const intent = form.get("intent");
  if (intent !== "confirm" && intent !== "unsubscribe") throw new AppError("E_BAD_REQUEST", "errors.badRequest");
  return intent;
}
