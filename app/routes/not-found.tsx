import { useTranslation } from "../lib/i18n";
import { PageLink } from "../components/ui/page-link";
import { data } from "react-router";
import { paths } from "../../common/paths";
import { getT } from "../../server/i18n";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /404 and every unknown path: the not-found page, answered with HTTP 404. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return data(
    { seo: { title: `${t("notFound.title")} | GenişBant`, description: t("notFound.text"), index: false } },
    { status: 404 },
  );
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-brand-700 dark:text-brand-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-4">{t("notFound.text")}</p>
      <p className="mt-8">
        <PageLink to={paths.Home()} className="btn-primary">
          {t("notFound.home")}
        </PageLink>
      </p>
    </div>
  );
}
