import { redirect } from "react-router";
import { withNotice } from "../../common/forms/notices";
import { pathsFor } from "../../common/paths";
import { logOut } from "../../server/accounts/logout";
import { clearedSessionCookie } from "../../server/http/forms/guards";
import { formFailure, readVerifiedForm } from "../../server/http/forms/form-action";
import type { Route } from "./+types/logout";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(pathsFor(context.locale).Home());
}

/** Logout without JavaScript (with it, the user menu calls POST /api/v1/logout): home, saying so. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await readVerifiedForm(request, context);
  } catch (err) {
    return formFailure(err, context);
  }
  await logOut(context.app, { sessionToken: context.sessionToken });
  return redirect(withNotice(pathsFor(context.locale).Home(), "signedOut"), { headers: { "Set-Cookie": clearedSessionCookie() } });
}
