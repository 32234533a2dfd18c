import { flatAddressText } from "../../common/infrastructure/types";
import { subscribeSchema } from "../../common/forms/leads";
import type { AppContext } from "../core/app-context";
import { isAppError } from "../platform/app-error";

/** The flat a request is for: its BBK code and its address as the infrastructure source gives it. */
export interface LeadFlat {
  code: number;
  address: string;
}

/** The flat with this code from the infrastructure source, or null when the source knows none. */
export async function leadFlatByCode(app: Pick<AppContext, "infrastructure">, code: number): Promise<LeadFlat | null> {
  const ref = await app.infrastructure.flatByCode(code);
  return ref ? { code: ref.bbk, address: flatAddressText(ref) } : null;
}

/**
 * What the package page's request forms say about the flat named in its link (`?flat=<BBK>`,
 * from the infrastructure answer page): the flat and its address, read on the server; "notFound"
 * for a code that is malformed or names no flat; "unavailable" while the source cannot answer.
 * The page stays up either way: the request can be sent without a flat.
 */
export type LeadFlatView = ({ state: "found" } & LeadFlat) | { state: "notFound" } | { state: "unavailable" };

export async function leadFlatFromLink(app: Pick<AppContext, "infrastructure">, raw: string | null): Promise<LeadFlatView | null> {
  if (raw === null) return null;
  const parsed = subscribeSchema.shape.flat.safeParse(raw);
  if (!parsed.success || parsed.data === undefined) return { state: "notFound" };
  try {
    const flat = await leadFlatByCode(app, parsed.data);
    return flat ? { state: "found", ...flat } : { state: "notFound" };
  } catch (err) {
    if (isAppError(err)) return { state: "unavailable" };
    throw err;
  }
}
