import {
  BookOpen,
  Building2,
  BadgeCheck,
  LayoutDashboard,
  MessageSquare,
  Package,
  Phone,
  Settings,
  Users,
  type IconComponent,
} from "../../components/ui/icons";
import { NavLink } from "react-router";
import { localizePath, paths } from "../../../common/paths";
import { useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import type { MessageKey } from "../../../common/i18n";

export interface DashboardNavItem {
  /** null: the page is not built yet; the entry shows as "coming soon" text, not a link. */
  to: string | null;
  /** i18n key of the label. */
  labelKey: MessageKey;
  icon: IconComponent;
  /** Shown to administrators only. */
  adminOnly?: boolean;
  /** Shown to corporate users and administrators only. */
  corporateOnly?: boolean;
}

/**
 * The dashboard's pages, in menu order. The features still to come (company profiles, packages,
 * blog posts, comments, leads) set their `to` when their page lands.
 */
export const dashboardNavItems: readonly DashboardNavItem[] = [
  { to: paths.dashboardHome(), labelKey: "admin.nav.summary", icon: LayoutDashboard },
  { to: paths.companyDashboardList(), labelKey: "admin.nav.companies", icon: Building2, corporateOnly: true },
  { to: paths.companyApprovals(), labelKey: "companyAdmin.approvals.title", icon: BadgeCheck, adminOnly: true },
  { to: paths.packageDashboardCompanies(), labelKey: "admin.nav.packages", icon: Package, corporateOnly: true },
  { to: paths.blogDashboardList(), labelKey: "admin.nav.blog", icon: BookOpen, corporateOnly: true },
  { to: paths.dashboardComments(), labelKey: "admin.nav.comments", icon: MessageSquare, adminOnly: true },
  { to: paths.leadInboxCompanies(), labelKey: "admin.nav.leads", icon: Phone, corporateOnly: true },
  { to: paths.dashboardSettings(), labelKey: "admin.nav.settings", icon: Settings },
  { to: paths.dashboardUsers(), labelKey: "admin.nav.users", icon: Users, adminOnly: true },
  { to: paths.dashboardInfraReports(), labelKey: "admin.nav.infraReports", icon: MessageSquare, adminOnly: true },
];

const itemClass = "flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 font-medium whitespace-nowrap no-underline lg:whitespace-normal";

/** The dashboard menu: a column beside the page on wide screens, one row above it that scrolls sideways on narrow ones. */
export function DashboardNav() {
  const { t, locale } = useTranslation();
  const { user } = useRootData();
  const items = dashboardNavItems.filter(
    (item) => (!item.adminOnly || user?.isAdmin) && (!item.corporateOnly || user?.accountType === "corporate" || user?.isAdmin),
  );
  return (
    <nav aria-label={t("admin.nav.label")} className="mb-6 lg:mb-0">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {items.map((item) => (
          <li key={item.labelKey} className="shrink-0">
            {item.to ? (
              <NavLink
                to={localizePath(locale, item.to)}
                end
                className={({ isActive }) =>
                  `${itemClass} ${
                    isActive
                      ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-300"
                      : "text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                  }`
                }
              >
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                {t(item.labelKey)}
              </NavLink>
            ) : (
              <span className={`${itemClass} text-slate-600 dark:text-slate-400`} data-coming-soon>
                <item.icon aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  {t(item.labelKey)} <span className="text-xs font-normal">({t("admin.nav.comingSoon")})</span>
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A dashboard page: the menu and the page's own content (`wide` for tables). */
export function DashboardLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-8 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 ${wide ? "max-w-[90rem]" : "max-w-6xl"}`}>
      <DashboardNav />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
