import { CircleUserRound } from "../ui/icons";
import { PageLink } from "../ui/page-link";
import { Form } from "react-router";
import { withNotice } from "../../../common/forms/notices";
import { usePaths } from "../../lib/paths";
import { apiPost } from "../../lib/api-client";
import { useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import { CsrfInput } from "../ui/csrf-input";
import { useLoading } from "./loading-overlay";
import { useMenuDisclosure } from "./menu-state";
import { useToast } from "./toasts";

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-slate-900 no-underline hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800";

function Avatar({ image, size }: { image: string | null; size: "sm" | "lg" }) {
  const cls = size === "sm" ? "size-7" : "size-10";
  if (!image) return <CircleUserRound aria-hidden="true" className={`${cls} text-slate-600 dark:text-slate-300`} />;
  return <img src={image} alt="" width={size === "sm" ? 28 : 40} height={size === "sm" ? 28 : 40} className={`${cls} rounded-full object-cover`} />;
}

/**
 * Guest: placeholder name and e-mail with Login and Register. Signed in: avatar (or the default),
 * full name and e-mail linking to the profile, then Profile, Dashboard, Settings and Logout.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const paths = usePaths();
  const { user } = useRootData();
  const { open, buttonRef, panelRef, toggle } = useMenuDisclosure("user");
  const loading = useLoading();
  const toast = useToast();

  async function logout(e: React.FormEvent) {
    // With JavaScript the spec's call is used; without, the form posts to /cikis.
    e.preventDefault();
    loading.show();
    try {
      const res = await apiPost<{ success: boolean }>("/logout");
      if (res.success) {
        window.location.assign(withNotice(paths.Home(), "signedOut"));
        return;
      }
      throw new Error("logout refused");
    } catch {
      loading.hide();
      toast.clear();
      toast.show({ kind: "error", message: t("nav.logoutError") });
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-expanded={open}
        aria-controls={open ? "user-menu" : undefined}
        aria-label={user ? `${t("nav.accountMenu")}: ${user.fullName}` : t("nav.userMenu")}
        onClick={toggle}
      >
        <Avatar image={user?.image ?? null} size="sm" />
      </button>
      {open ? (
        <div ref={panelRef as React.RefObject<HTMLDivElement>} id="user-menu" className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {user ? (
            <PageLink to={paths.userProfile()} className="flex items-center gap-3 rounded-md border-b border-slate-200 px-2 pb-3 text-slate-900 no-underline dark:border-slate-700 dark:text-slate-100">
              <Avatar image={user.image} size="lg" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{user.fullName}</span>
                <span className="block truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</span>
              </span>
            </PageLink>
          ) : (
            <div className="flex items-center gap-3 border-b border-slate-200 px-2 pb-3 dark:border-slate-700">
              <Avatar image={null} size="lg" />
              <div className="min-w-0">
                <p className="truncate font-medium">{t("nav.guestName")}</p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-300">{t("nav.guestEmail")}</p>
              </div>
            </div>
          )}
          <ul className="mt-2">
            {user ? (
              <>
                <li>
                  <PageLink to={paths.userProfile()} className={itemClass}>
                    {t("nav.profile")}
                  </PageLink>
                </li>
                <li>
                  <PageLink to={paths.dashboardHome()} className={itemClass}>
                    {t("nav.dashboard")}
                  </PageLink>
                </li>
                <li>
                  <PageLink to={paths.dashboardSettings()} className={itemClass}>
                    {t("nav.settings")}
                  </PageLink>
                </li>
                <li>
                  <Form method="post" action={paths.logout()} reloadDocument onSubmit={logout}>
                    <CsrfInput />
                    <button type="submit" className={itemClass}>
                      {t("nav.logout")}
                    </button>
                  </Form>
                </li>
              </>
            ) : (
              <>
                <li>
                  <PageLink to={paths.Login()} className={itemClass}>
                    {t("nav.login")}
                  </PageLink>
                </li>
                <li>
                  <PageLink to={paths.Register()} className={itemClass}>
                    {t("nav.register")}
                  </PageLink>
                </li>
              </>
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
