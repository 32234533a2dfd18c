import { BookOpen, Building2, MessageSquare, Package, type IconComponent } from "../../components/ui/icons";
import { plural } from "../../../common/format";
import { getDashboardSummary, SUMMARY_KEYS, type SummaryKey } from "../../../server/accounts/dashboard-summary";
import { requirePageUser } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/summary";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /ozet: the signed-in user's counts (everything for an administrator). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const t = getT(context.locale);
  const { counts, scope } = await getDashboardSummary(context.app, { actor: context });
  return {
    seo: { title: t("admin.summary.title"), description: t("admin.summary.description"), index: false },
    name: user.fullName,
    all: scope.all,
    items: SUMMARY_KEYS.map((key) => ({ key, count: counts[key] })),
  };
}

const ICONS: Record<SummaryKey, IconComponent> = {
  companies: Building2,
  blogPosts: BookOpen,
  packages: Package,
  comments: MessageSquare,
};

export default function SummaryRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("admin", "companyAdmin");
  const { t, locale } = useTranslation();
  const { name, all, items } = loaderData;
  return (
    <DashboardLayout>
      <h1 className="text-3xl font-bold">{t("admin.summary.title")}</h1>
      <p className="mt-2">{t("admin.summary.greeting", { name })}</p>
      <p className="mt-1 muted">{all ? t("admin.summary.scopeAll") : t("admin.summary.scopeOwn")}</p>
      <ul aria-label={t("admin.summary.countsLabel")} className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map(({ key, count }) => {
          const Icon = ICONS[key];
          return (
            <li key={key} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
              <h2 className="flex items-center gap-2 text-sm font-semibold muted">
                <Icon aria-hidden="true" className="size-5" />
                {t(`admin.summary.${key}.title`)}
              </h2>
              <p className="mt-3 text-2xl font-bold">
                {plural(count, { one: t(`admin.summary.${key}.one`), other: t(`admin.summary.${key}.other`) }, locale)}
              </p>
            </li>
          );
        })}
      </ul>
    </DashboardLayout>
  );
}
