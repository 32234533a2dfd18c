import { redirect } from "react-router";
import { revokeSession } from "../../server/accounts/sessions";
import { clearedSessionCookie } from "../../server/http/forms/guards";
import { formFailure, readVerifiedForm } from "../../server/http/forms/form-action";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

/** Logout without JavaScript (with it, the user menu calls POST /api/v1/logout). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await readVerifiedForm(request, context);
  } catch (err) {
    return formFailure(err, context);
  }
  if (context.sessionToken) await revokeSession(context.app.db, context.sessionToken);
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie() } });
}
