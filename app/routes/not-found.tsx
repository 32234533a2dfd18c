import { data } from "react-router";
import { ErrorPage } from "../components/shell/error-page";
import { useRootData } from "../lib/root-data";
import { getT } from "../../server/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/not-found";
import { useNamespaces } from "../lib/i18n";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /404 and every unknown path: the not-found page, answered with HTTP 404. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return data(
    { seo: { title: t("notFound.title"), description: t("notFound.text"), index: false } },
    { status: 404 },
  );
}

export default function NotFound() {
  useNamespaces("blog", "companies", "packages");
  const { user } = useRootData();
  return <ErrorPage status={404} signedIn={!!user} />;
}
