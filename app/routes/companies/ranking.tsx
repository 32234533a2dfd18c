import { RANKING_PRIOR_REVIEWS } from "../../../server/companies/list-companies";
import { getT } from "../../../server/i18n";
import { PageLink } from "../../components/ui/page-link";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/ranking";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** How the company lists are ordered and how the site earns (DESIGN.md "Neutral ranking, disclosed"); linked from every list. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return { prior: RANKING_PRIOR_REVIEWS, seo: { title: t("companies.ranking.title"), description: t("companies.ranking.description") } };
}

export default function RankingRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("companies");
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("companies.ranking.title")}</h1>
      <p className="mt-6 text-lg leading-8">{t("companies.ranking.lead")}</p>
      <h2 className="mt-8 text-2xl font-bold">{t("companies.ranking.defaultTitle")}</h2>
      <p className="mt-3">{t("companies.ranking.default1")}</p>
      <p className="mt-3">{t("companies.ranking.default2", { prior: loaderData.prior })}</p>
      <p className="mt-3">{t("companies.ranking.default3")}</p>
      <h2 className="mt-8 text-2xl font-bold">{t("companies.ranking.otherTitle")}</h2>
      <p className="mt-3">{t("companies.ranking.other1")}</p>
      <h2 className="mt-8 text-2xl font-bold">{t("companies.ranking.earnTitle")}</h2>
      <p className="mt-3">{t("companies.ranking.earn1")}</p>
      <p className="mt-3">{t("companies.ranking.earn2")}</p>
      <p className="mt-3">{t("companies.ranking.earn3")}</p>
      <p className="mt-8">
        <PageLink to={paths.searchCorporates()}>{t("companies.ranking.back")}</PageLink>
      </p>
    </article>
  );
}
