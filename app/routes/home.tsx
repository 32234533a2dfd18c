import { Gauge, MapPin, MessageSquareText, Scale } from "../components/ui/icons";
import { PageLink } from "../components/ui/page-link";
import { useTranslation } from "../lib/i18n";
import { paths } from "../../common/paths";
import { useRootData } from "../lib/root-data";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const FEATURES = [
  { icon: MapPin, text: "home.featureInfra", to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
  { icon: Gauge, text: "home.featureSpeed", to: paths.speedTest(), label: "nav.speedTest" },
  { icon: Scale, text: "home.featureCompare", to: paths.searchPackages(), label: "nav.packages" },
  { icon: MessageSquareText, text: "home.featureReviews", to: paths.searchCorporates(), label: "nav.corporates" },
] as const;

export default function Home() {
  const { t } = useTranslation();
  // The same provinces as the footer's: the root loader sends them once.
  const { cities } = useRootData().footer;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{t("home.title")}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-700 dark:text-slate-300">{t("home.lead")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <PageLink to={paths.altyapiSorgulama()} className="btn-primary">
              {t("home.queryCta")}
            </PageLink>
            <PageLink to={paths.speedTest()} className="btn-ghost border border-slate-300 dark:border-slate-600">
              {t("home.speedCta")}
            </PageLink>
          </div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-title" className="text-2xl font-bold">
          {t("home.features")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, text, to, label }) => (
            <li key={to} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
              <Icon aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
              <h3 className="mt-3 font-semibold">
                <PageLink to={to}>{t(label)}</PageLink>
              </h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cities-title" className="mx-auto max-w-6xl px-4 pb-4">
        <h2 id="cities-title" className="text-2xl font-bold">
          {t("home.provinceTitle")}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {cities.map((c) => (
            <li key={c.url}>
              <PageLink
                to={paths.altyapiSorgulamaIl(c.url)}
                className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-800 no-underline hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {c.value}
              </PageLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
