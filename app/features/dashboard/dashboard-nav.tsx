import { LayoutDashboard, Settings, Users, type IconComponent } from "../../components/ui/icons";
import { NavLink } from "react-router";
import { paths } from "../../../common/paths";
import { useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";


export interface DashboardNavItem {
  to: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: IconComponent;
  /** Shown to administrators only. */
  adminOnly?: boolean;
  /** Shown to corporate users and administrators only. */
  corporateOnly?: boolean;
}

/**
 * The dashboard's pages, in menu order. Later dashboard features (company profiles, packages,
 * blog posts, comment moderation) add their entries here.
 */
export const dashboardNavItems: readonly DashboardNavItem[] = [
  { to: paths.dashboardHome(), labelKey: "admin.nav.summary", icon: LayoutDashboard },
  { to: paths.dashboardSettings(), labelKey: "admin.nav.settings", icon: Settings },
  { to: paths.dashboardUsers(), labelKey: "admin.nav.users", icon: Users, adminOnly: true },
];

/** The dashboard menu: a column beside the page on wide screens, a scrollable row above it on narrow ones. */
export function DashboardNav() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const items = dashboardNavItems.filter(
    (item) => (!item.adminOnly || user?.isAdmin) && (!item.corporateOnly || user?.accountType === "corporate" || user?.isAdmin),
  );
  return (
    <nav aria-label={t("admin.nav.label")} className="mb-6 lg:mb-0">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 font-medium no-underline ${
                  isActive
                    ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-300"
                    : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                }`
              }
            >
              <item.icon aria-hidden="true" className="size-5 shrink-0" />
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A dashboard page: the menu and the page's own content (`wide` for tables). */
export function DashboardLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-8 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8 ${wide ? "max-w-[90rem]" : "max-w-6xl"}`}>
      <DashboardNav />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
