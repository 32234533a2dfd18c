import type { Database } from "../db/client";
import { revokeSession } from "./sessions";

/** Ends the session or API token that made the request. Without one there is nothing to end: still fine. */
export async function logOut(db: Database, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await revokeSession(db, sessionToken);
}
