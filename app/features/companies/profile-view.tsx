import { hasOutagePage } from "../../../common/outages";
import type { CompanyProfile } from "../../../common/company-views";
import type { ReactNode } from "react";
import { BadgeCheck } from "../../components/ui/icons";
import { PageLink } from "../../components/ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";
import { breadcrumbListJsonLd } from "../../../common/json-ld";
import { CompanyLogo, DemoBadge, DemoNotice, ScoreLine, SponsoredBadge } from "./company-card";
import { JsonLd } from "../../components/ui/json-ld";
import { YoutubeFacade } from "./youtube-facade";
import { companyLogoUrl, countryName } from "../../../common/companies";

export interface ProfileData {
  company: CompanyProfile;
  categoryName: string;
  typeName: string;
  crumbs: (Crumb & { url?: string })[];
  organization: Record<string, unknown>;
  videoId: string | null;
}

/** The heading block shared by the profile and its packages page: logo, name, labels, score. */
export function ProfileHeader({ data }: { data: ProfileData }) {
  const { t } = useTranslation();
  const { company } = data;
  return (
    <header className="mt-4 flex flex-wrap items-start gap-4">
      <CompanyLogo name={company.name} logo={company.logo} size={80} />
      <div className="min-w-0 flex-1">
        <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold break-words">
          {company.name}
          {company.verified ? (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 dark:text-brand-300">
              <BadgeCheck aria-hidden="true" className="size-5" />
              {t("companies.verified")}
            </span>
          ) : null}
          {company.sponsored ? <SponsoredBadge /> : null}
          {company.isDemo ? <DemoBadge /> : null}
        </h1>
        <p className="mt-1 muted">
          {data.typeName}
          {data.categoryName !== data.typeName ? ` · ${data.categoryName}` : ""}
        </p>
        <p className="mt-1">
          <ScoreLine score={company.score} count={company.reviewCount} />
        </p>
      </div>
    </header>
  );
}

function ContactList({ company }: { company: CompanyProfile }) {
  const { t, locale } = useTranslation();
  const rows: [string, React.ReactNode][] = [];
  if (company.corporateTitle) rows.push([t("companies.profile.corporateTitle"), company.corporateTitle]);
  if (company.phone) rows.push([t("companies.profile.phone"), <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`}>{company.phone}</a>]);
  if (company.fax) rows.push([t("companies.profile.fax"), company.fax]);
  if (company.email) rows.push([t("companies.profile.email"), <a href={`mailto:${company.email}`}>{company.email}</a>]);
  if (company.kepAddress) rows.push([t("companies.profile.kep"), company.kepAddress]);
  if (company.webUrl && /^https?:\/\//i.test(company.webUrl)) {
    rows.push([t("companies.profile.web"), <a href={company.webUrl} rel="nofollow noopener noreferrer" className="break-all">{company.webUrl}</a>]);
  }
  if (company.address) rows.push([t("companies.profile.address"), company.address]);
  if (company.province) rows.push([t("companies.profile.province"), company.province.name]);
  rows.push([t("companies.profile.country"), countryName(company.country, locale)]);
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A company's profile. The parts other features bring (the reviews with their forms, the two
 * request forms, its record on prices, its scorecard) come from the route, which composes the features.
 */
export function ProfileView({ data, reviews, requests, prices, scorecard }: { data: ProfileData; reviews: ReactNode; requests: ReactNode; prices?: ReactNode; scorecard?: ReactNode }) {
  const { t } = useTranslation();
  const { company } = data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <JsonLd data={data.organization} />
      <JsonLd data={breadcrumbListJsonLd(data.crumbs.map((c) => ({ name: c.name, url: c.url ?? data.organization.url as string })))} />
      <Breadcrumbs items={data.crumbs} />
      {company.isDemo ? (
        <div className="mt-4">
          <DemoNotice />
        </div>
      ) : null}
      <ProfileHeader data={data} />
      <p className="mt-4 flex flex-wrap gap-3">
        <PageLink to={`/${company.profileSegment}/${company.slug}/paketler`} className="btn-ghost border border-slate-300 dark:border-slate-600">
          {t("companies.profile.packages")}
        </PageLink>
        {hasOutagePage(company.typeId) ? (
          <PageLink to={`/${company.profileSegment}/${company.slug}/kesinti`} className="btn-ghost border border-slate-300 dark:border-slate-600">
            {t("companies.profile.outages")}
          </PageLink>
        ) : null}
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-8">
          {company.about ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="text-2xl font-bold">
                {t("companies.profile.about")}
              </h2>
              <div className="mt-3 space-y-3">
                {company.about.split(/\n\s*\n/).map((p, i) => (
                  <p key={i} className="whitespace-pre-line break-words">
                    {p}
                  </p>
                ))}
              </div>
            </section>
          ) : null}
          {data.videoId ? (
            <section aria-labelledby="video-title">
              <h2 id="video-title" className="text-2xl font-bold">
                {t("companies.profile.video")}
              </h2>
              <div className="mt-3">
                <YoutubeFacade videoId={data.videoId} title={company.name} />
              </div>
            </section>
          ) : null}
          {company.services.length ? (
            <section aria-labelledby="services-title">
              <h2 id="services-title" className="text-2xl font-bold">
                {t("companies.profile.services")}
              </h2>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {company.services.map((s, i) => (
                  <li key={i} className="flex gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
                    {s.logo ? <img src={companyLogoUrl(s.logo)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded object-contain" /> : null}
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words">{s.name}</h3>
                      {s.description ? <p className="mt-1 text-sm break-words">{s.description}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {scorecard}
          {reviews}
        </div>
        <aside className="space-y-6">
          {requests}
          <section aria-labelledby="contact-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h2 id="contact-title" className="text-xl font-bold">
              {t("companies.profile.contact")}
            </h2>
            <div className="mt-3">
              <ContactList company={company} />
            </div>
          </section>
          {prices}
          <section aria-labelledby="provinces-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h2 id="provinces-title" className="text-xl font-bold">
              {t("companies.profile.provinces")}
            </h2>
            <p className="mt-2 text-sm">{company.servesWholeCountry ? t("companies.wholeCountry") : company.provinces.map((p) => p.value).join(", ") || "—"}</p>
          </section>
          {company.tags.length ? (
            <section aria-labelledby="tags-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <h2 id="tags-title" className="text-xl font-bold">
                {t("companies.profile.tags")}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {company.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
                    {tag}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
