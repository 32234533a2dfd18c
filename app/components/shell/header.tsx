import { ArrowLeft, Menu, Search, X } from "../ui/icons";
import { PageLink } from "../ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../../common/paths";
import { Logo } from "../ui/logo";
import { LanguageMenu } from "./language-menu";
import { useMenus } from "./menu-state";
import { UserMenu } from "./user-menu";

export const MAIN_NAV = [
  { to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
  { to: paths.blogs(), label: "nav.blogs" },
  { to: paths.searchCorporates(), label: "nav.corporates" },
  { to: paths.searchPackages(), label: "nav.packages" },
] as const;

/** Active as React Router's NavLink would be: the page itself or one below it. */
const isActivePath = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const navLinkClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium no-underline hover:bg-slate-100 dark:hover:bg-slate-800 ${
    isActive ? "text-brand-700 dark:text-brand-300" : "text-slate-800 dark:text-slate-100"
  }`;

function MainNavLink({ to, pathname, className, children }: { to: string; pathname: string; className: string; children: React.ReactNode }) {
  const active = isActivePath(pathname, to);
  return (
    <PageLink to={to} className={`${className} ${navLinkClass(active)}`} aria-current={active ? "page" : undefined}>
      {children}
    </PageLink>
  );
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      href={paths.Home()}
      className="icon-btn"
      aria-label={t("nav.back")}
      onClick={(e) => {
        e.preventDefault();
        // The first page of a visit has nowhere to go back to: go Home instead.
        if (location.key === "default") void navigate(paths.Home());
        else void navigate(-1);
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </a>
  );
}

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const { flags, toggle } = useMenus();
  const isHome = location.pathname === paths.Home();
  return (
    <header className="relative z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:px-4">
        {isHome ? null : <BackButton />}
        <PageLink to={paths.Home()} className="mr-2 rounded-md px-1 no-underline" aria-label={t("nav.logoAlt")}>
          <Logo />
        </PageLink>
        <nav aria-label={t("nav.mainMenu")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <MainNavLink to={item.to} pathname={location.pathname} className="">
                  {t(item.label)}
                </MainNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <button type="button" className="icon-btn" aria-label={t("nav.openSearch")} aria-haspopup="dialog" onClick={() => toggle("search", true)}>
            <Search aria-hidden="true" className="size-5" />
          </button>
          <LanguageMenu />
          <UserMenu />
          <button
            type="button"
            className="icon-btn md:hidden"
            aria-expanded={flags.mobile}
            aria-controls="mobile-menu"
            aria-label={flags.mobile ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => toggle("mobile")}
          >
            {flags.mobile ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      {flags.mobile ? (
        <nav id="mobile-menu" aria-label={t("nav.mobileMenu")} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
          <ul className="flex flex-col gap-1 pt-2">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <MainNavLink to={item.to} pathname={location.pathname} className="block text-base">
                  {t(item.label)}
                </MainNavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
