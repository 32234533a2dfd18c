import { useTranslation } from "../../lib/i18n";
import { PageLink } from "../ui/page-link";
import { useLocation } from "react-router";
import { COPYRIGHT_YEAR, STORAGE_PREFIX } from "../../../common/constants";
import type { MessageKey } from "../../../common/i18n";
import { languageLink, paths } from "../../../common/paths";
import { siteLinks } from "../../../common/site";
import { NewsletterForm } from "./newsletter-form";
import { KeptAsSent } from "../../lib/rendered-once";
import { useRootData } from "../../lib/root-data";
import { Logo } from "../ui/logo";
import { BrandIcon, StoreBadges } from "../ui/store-badges";

function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <rect width="24" height="24" rx="4" fill="currentColor" />
      <text x="12" y="17" textAnchor="middle" fontSize="13" fontWeight="700" fontFamily="Arial, sans-serif" className="fill-white dark:fill-slate-950">
        in
      </text>
    </svg>
  );
}

/** The social accounts that exist (common/site.ts: null = none yet, left out). */
const SOCIAL = [
  { name: "Facebook", href: siteLinks.social.facebook, icon: <BrandIcon id="facebook" /> },
  { name: "Instagram", href: siteLinks.social.instagram, icon: <BrandIcon id="instagram" /> },
  { name: "X", href: siteLinks.social.x, icon: <BrandIcon id="x" /> },
  { name: "YouTube", href: siteLinks.social.youtube, icon: <BrandIcon id="youtube" /> },
  { name: "LinkedIn", href: siteLinks.social.linkedin, icon: <LinkedInIcon /> },
  { name: "GitHub", href: siteLinks.social.github, icon: <BrandIcon id="github" /> },
  { name: "TikTok", href: siteLinks.social.tiktok, icon: <BrandIcon id="tiktok" /> },
  { name: "Vimeo", href: siteLinks.social.vimeo, icon: <BrandIcon id="vimeo" /> },
].flatMap(({ href, ...rest }) => (href ? [{ ...rest, href }] : []));

/** A link column (its links quiet: `.quiet-links`); `break-words` is the last resort for a word longer than any column is wide. */
function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div data-footer-column className="min-w-0 break-words">
      <h2 className="footer-title mb-3">{title}</h2>
      <ul className="quiet-links space-y-2 text-sm">{children}</ul>
    </div>
  );
}

/** A column's links to the site's own pages, each under its translated name. */
function PageLinkItems({ links }: { links: readonly { to: string; label: MessageKey }[] }) {
  const { t } = useTranslation();
  return links.map((l) => (
    <li key={l.to}>
      <PageLink to={l.to}>
        {t(l.label)}
      </PageLink>
    </li>
  ));
}

/** The language selector: a link to the same page in each language, as the header's menu (decision 025). */
function FooterLanguageSelector() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const location = useLocation();
  return (
    <nav aria-label={t("footer.language")} className="flex items-center gap-2">
      <span className="text-sm" aria-hidden="true">
        {t("footer.language")}:
      </span>
      {(["tr", "en"] as const).map((code) => (
        <a
          key={code}
          href={languageLink(location.pathname + location.search, code)}
          hrefLang={code}
          lang={code}
          aria-current={code === locale ? "true" : undefined}
          onClick={() => localStorage.setItem(`${STORAGE_PREFIX}.lng`, code)}
          className={`rounded-md px-2 py-1 text-sm font-semibold no-underline ${
            code === locale ? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          }`}
        >
          {t(`languages.${code}`)}
        </a>
      ))}
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { footer } = useRootData();
  const quickLinks = [
    { to: paths.contact(), label: "pages.contact" },
    { to: paths.advertisement(), label: "pages.advertisement" },
    { to: paths.cookie(), label: "pages.cookie" },
    { to: paths.privacy(), label: "pages.privacy" },
    { to: paths.kvkk(), label: "pages.kvkk" },
    { to: paths.about(), label: "pages.about" },
    { to: paths.sss(), label: "pages.faq" },
  ] as const;
  const menuPages = [
    { to: paths.Home(), label: "nav.home" },
    { to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
    { to: paths.speedTest(), label: "nav.speedTest" },
    { to: paths.blogs(), label: "nav.blogs" },
    { to: paths.searchCorporates(), label: "nav.corporates" },
    { to: paths.searchPackages(), label: "nav.packages" },
  ] as const;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      {/* pb-24: the floating theme button never covers the last row when scrolled to the end. */}
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-24">
        {/* Brand and newsletter side by side on wide screens; the link columns get the full width
            below them, so each column holds its longest word in either language. */}
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-16">
          <div>
            <PageLink to={paths.Home()} className="no-underline" aria-label={t("nav.logoAlt")}>
              <Logo />
            </PageLink>
            <p className="mt-3 text-sm muted">{t("footer.tagline")}</p>
            <StoreBadges headingClass="sr-only" />
          </div>
          <div>
            <h2 className="footer-title mb-1">{t("newsletter.title")}</h2>
            <p className="mb-3 text-sm muted">{t("newsletter.text")}</p>
            <NewsletterForm />
          </div>
        </div>
        {/* Links only, the same for the whole document: not hydrated (decision 040). */}
        <KeptAsSent className="mt-10 grid grid-cols-2 gap-8 md:grid-cols-4">
          <Column title={t("footer.menuPages")}>
            <PageLinkItems links={menuPages} />
          </Column>
          <Column title={t("footer.blogCategories")}>
            {footer.categories.map((c) => (
              <li key={c.id}>
                <PageLink to={paths.blogsWithCategory(c.url)}>
                  {c.name}
                </PageLink>
              </li>
            ))}
          </Column>
          <Column title={t("footer.cities")}>
            {footer.cities.map((c) => (
              <li key={c.url}>
                <PageLink to={paths.altyapiSorgulamaIl(c.url)} title={t("footer.cityInfrastructure", { city: c.value })}>
                  {c.value}
                </PageLink>
              </li>
            ))}
          </Column>
          <Column title={t("footer.quickLinks")}>
            <PageLinkItems links={quickLinks} />
          </Column>
        </KeptAsSent>
        <div className="mt-10 flex flex-col gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm muted">{t("footer.copyright", { year: COPYRIGHT_YEAR })}</p>
          <FooterLanguageSelector />
          {SOCIAL.length ? (
            <nav aria-label={t("footer.social")}>
              <ul className="flex flex-wrap gap-1">
                {SOCIAL.map((s) => (
                  <li key={s.name}>
                    <a href={s.href} className="icon-btn" aria-label={s.name} rel="noopener">
                      {s.icon}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
