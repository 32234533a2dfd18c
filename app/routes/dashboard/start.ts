import { redirect } from "react-router";

/** Spec §2: /baslangic redirects to the summary. */
export function loader() {
  return redirect("/ozet");
}
