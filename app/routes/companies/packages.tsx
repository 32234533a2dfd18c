import { cardFields } from "../../../common/package-types";
import { profileData } from "./profile.server";
import { listCompanyPackages } from "../../../server/packages/company-packages";
import { companyPriceRecord } from "../../../server/packages/price-history";
import { CompanyPriceRecord } from "../../features/packages/price-history";
import { getT } from "../../../server/i18n";
import { Breadcrumbs } from "../../features/companies/breadcrumbs";
import { breadcrumbListJsonLd } from "../../../common/json-ld";
import { DemoNotice } from "../../features/companies/company-card";
import { JsonLd } from "../../components/ui/json-ld";
import { ProfileHeader } from "../../features/companies/profile-view";
import { PackageList } from "../../features/packages/package-card";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { usePaths } from "../../lib/paths";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/packages";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** /:subType/:company/paketler: the company's packages, above the company's own bottom text. */
export async function loader(args: Route.LoaderArgs) {
  const t = getT(args.context.locale);
  const base = await profileData(args, "/paketler");
  const { company } = base;
  const siteUrl = args.context.app.config.SITE_URL.replace(/\/+$/, "");
  const crumbs = [...base.crumbs, { name: t("companies.profile.packages"), url: `${base.profileUrl}/paketler` }];
  const [packageCards, priceRecord] = await Promise.all([listCompanyPackages(args.context.app, { companyId: company.id }), companyPriceRecord(args.context.app, { companyId: company.id })]);
  return {
    ...base,
    crumbs,
    siteUrl,
    packageCards: packageCards.map(cardFields),
    priceRecord,
    usdPerTry: args.context.app.config.USD_PER_TRY,
    seo: {
      title: t("companies.profile.packagesTitle", { name: company.name }),
      description: t("companies.profile.packagesDescription", { name: company.name }),
    },
  };
}

export default function CompanyPackagesRoute({ loaderData }: Route.ComponentProps) {
  useNamespaces("companies", "packages");
  const { t } = useTranslation();
  const paths = usePaths();
  const { company, crumbs, packageCards, usdPerTry, priceRecord } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <JsonLd data={breadcrumbListJsonLd(crumbs.map((c) => ({ name: c.name, url: c.url })))} />
      <Breadcrumbs items={crumbs.map((c, i) => (i === crumbs.length - 1 ? { name: c.name } : { name: c.name, to: "to" in c ? c.to : undefined }))} />
      {company.isDemo ? (
        <div className="mt-4">
          <DemoNotice />
        </div>
      ) : null}
      <ProfileHeader data={loaderData} />
      <section aria-labelledby="packages-title" className="mt-8">
        <h2 id="packages-title" className="text-2xl font-bold">
          {t("companies.profile.packagesTitle", { name: company.name })}
        </h2>
        <div className="mt-3">
          <PackageList items={packageCards} usdPerTry={usdPerTry} compareAction={paths.comparePackages()} emptyText={t("companies.profile.packagesEmpty")} />
        </div>
      </section>
      <CompanyPriceRecord record={priceRecord} packagePath={(slug) => `/${company.profileSegment}/${company.slug}/paket/${slug}`} usdPerTry={usdPerTry} />
      {company.packagesFooterText ? (
        <section className="mt-8 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-700" data-testid="packages-footer-text">
          {company.packagesFooterText.split(/\n\s*\n/).map((p, i) => (
            <p key={i} className="whitespace-pre-line break-words">
              {p}
            </p>
          ))}
        </section>
      ) : null}
    </div>
  );
}
