import {
  SCORECARD_MIN_EVENING_TESTS,
  SCORECARD_MIN_GRADE_TESTS,
  SCORECARD_MIN_OUTAGE_NETWORKS,
  SCORECARD_MIN_PACKAGES,
  SCORECARD_MIN_PROMISE_TESTS,
  SCORECARD_MIN_REVIEWS,
  SCORECARD_OUTAGE_DAYS,
  SCORECARD_SPEED_DAYS,
} from "../../../common/scorecard";
import { getT } from "../../../server/i18n";
import { PageLink } from "../../components/ui/page-link";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/scorecard-method";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** How a provider's scorecard is computed, and the minimums (common/scorecard.ts); linked from every figure. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getT(context.locale);
  return {
    seo: {
      title: t("scorecard.method.title"),
      description: t("scorecard.method.description"),
    },
  };
}

/** The method's sections, each the anchor a figure of the scorecard links to. */
const SECTIONS = [
  { id: "counted", key: "counted", values: { days: SCORECARD_SPEED_DAYS } },
  {
    id: "promiseShare",
    key: "promise",
    values: { minimum: SCORECARD_MIN_PROMISE_TESTS },
  },
  {
    id: "eveningDrop",
    key: "evening",
    values: { minimum: SCORECARD_MIN_EVENING_TESTS },
  },
  {
    id: "bufferbloat",
    key: "bufferbloat",
    values: { minimum: SCORECARD_MIN_GRADE_TESTS },
  },
  {
    id: "incidentsPerMonth",
    key: "incidents",
    values: {
      days: SCORECARD_OUTAGE_DAYS,
      minimum: SCORECARD_MIN_OUTAGE_NETWORKS,
    },
  },
  {
    id: "increasesPerPackage",
    key: "prices",
    values: { minimum: SCORECARD_MIN_PACKAGES },
  },
  {
    id: "reviewScore",
    key: "reviews",
    values: { minimum: SCORECARD_MIN_REVIEWS },
  },
  { id: "cities", key: "cities", values: {} },
] as const;

export default function ScorecardMethodRoute() {
  useNamespaces("scorecard");
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("scorecard.method.title")}</h1>
      <p className="mt-6 text-lg leading-8">{t("scorecard.method.lead")}</p>
      {SECTIONS.map((s) => (
        <section
          key={s.id}
          id={s.id}
          aria-labelledby={`${s.id}-title`}
          className="scroll-mt-20"
        >
          <h2 id={`${s.id}-title`} className="mt-8 text-2xl font-bold">
            {t(`scorecard.method.${s.key}Title`)}
          </h2>
          <p className="mt-3">{t(`scorecard.method.${s.key}`, s.values)}</p>
          {/* The two price figures and the two review figures share a section. */}
          {s.id === "increasesPerPackage" ? <span id="meanIncrease" /> : null}
          {s.id === "reviewScore" ? <span id="answeredShare" /> : null}
        </section>
      ))}
      <p className="mt-8">
        <PageLink to={paths.companyRanking()}>
          {t("scorecard.method.back")}
        </PageLink>
      </p>
    </article>
  );
}
