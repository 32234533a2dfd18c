import { ArrowLeft, Menu, Search, X } from "../ui/icons";
import { PageLink } from "../ui/page-link";
import { useTranslation } from "../../lib/i18n";
import { useLocation, useNavigate } from "react-router";
import { paths, stripLocale } from "../../../common/paths";
import { usePaths } from "../../lib/paths";
import { Logo } from "../ui/logo";
import { LanguageMenu } from "./language-menu";
import { useMenuDisclosure, useMenus } from "./menu-state";
import { UserMenu } from "./user-menu";

export const MAIN_NAV = [
  { to: paths.altyapiSorgulama(), label: "nav.infrastructure" },
  { to: paths.blogs(), label: "nav.blogs" },
  { to: paths.searchCorporates(), label: "nav.corporates" },
  { to: paths.searchPackages(), label: "nav.packages" },
] as const;

/** Active as React Router's NavLink would be: the page itself or one below it. */
const isActivePath = (pathname: string, to: string) => stripLocale(pathname) === to || stripLocale(pathname).startsWith(`${to}/`);

/** `.nav-link` (app/app.css) in the brand colour where it is the current section. */
const navLinkClass = (isActive: boolean) => (isActive ? "nav-link text-brand-700 dark:text-brand-300" : "nav-link");

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
  const home = usePaths().Home();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      href={home}
      className="icon-btn"
      aria-label={t("nav.back")}
      onClick={(e) => {
        e.preventDefault();
        // The first page of a visit has nowhere to go back to: go Home instead.
        if (location.key === "default") void navigate(home);
        else void navigate(-1);
      }}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </a>
  );
}

export function Header() {
  const { t } = useTranslation();
  const localPaths = usePaths();
  const location = useLocation();
  const { toggle } = useMenus();
  const mobile = useMenuDisclosure("mobile");
  const isHome = stripLocale(location.pathname) === paths.Home();
  return (
    <header className="relative z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-0.5 px-2 sm:gap-1 sm:px-4">
        {isHome ? null : <BackButton />}
        <PageLink to={paths.Home()} className="mr-1 shrink-0 rounded-md px-1 no-underline sm:mr-2" aria-label={t("nav.logoAlt")}>
          <Logo compactName />
        </PageLink>
        <nav aria-label={t("nav.mainMenu")} className="hidden lg:block">
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
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          {/* A link to the search page for a browser without JavaScript; with it, the button that opens the search box. */}
          <a
            href={localPaths.searchForm()}
            role="button"
            className="icon-btn"
            aria-label={t("nav.openSearch")}
            aria-haspopup="dialog"
            onClick={(e) => {
              e.preventDefault();
              toggle("search", true);
            }}
            onKeyDown={(e) => {
              if (e.key !== " ") return;
              e.preventDefault();
              toggle("search", true);
            }}
          >
            <Search aria-hidden="true" className="size-5" />
          </a>
          <LanguageMenu />
          <UserMenu />
          <button
            ref={mobile.buttonRef}
            type="button"
            className="icon-btn lg:hidden"
            aria-expanded={mobile.open}
            aria-controls={mobile.open ? "mobile-menu" : undefined}
            aria-label={mobile.open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={mobile.toggle}
          >
            {mobile.open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      {mobile.open ? (
        <nav ref={mobile.panelRef} id="mobile-menu" aria-label={t("nav.mobileMenu")} className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden dark:border-slate-800 dark:bg-slate-950">
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
