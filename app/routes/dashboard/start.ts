import { redirect } from "react-router";
import { pathsFor } from "../../../common/paths";
import type { Route } from "./+types/start";

/** Spec §2: /baslangic redirects to the summary (in the page's language). */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(pathsFor(context.locale).dashboardHome());
}
