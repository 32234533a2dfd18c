import type { AppContext } from "../core/app-context";
import { revokeSession } from "./sessions";

/**
 * Ends the session or API token that made the request (the page's POST /cikis and POST
 * /api/v1/logout). Without one there is nothing to end: still fine.
 */
export async function logOut(app: AppContext, opts: { sessionToken: string | undefined }): Promise<void> {
  if (opts.sessionToken) await revokeSession(app.db, opts.sessionToken);
}
