import { CircleUserRound } from "lucide-react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import { paths } from "../../../common/paths";
import { useMenus } from "./menu-state";

/** The guest variant: placeholder name and e-mail, Login and Register. */
export function UserMenu() {
  const { t } = useTranslation();
  const { flags, toggle } = useMenus();
  const open = flags.user;
  return (
    <div className="relative">
      <button
        type="button"
        className="icon-btn"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu"
        aria-label={t("nav.userMenu")}
        onClick={() => toggle("user")}
      >
        <CircleUserRound aria-hidden="true" className="size-7" />
      </button>
      {open ? (
        <div id="user-menu" className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center gap-3 border-b border-slate-200 px-2 pb-3 dark:border-slate-700">
            <CircleUserRound aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
            <div className="min-w-0">
              <p className="truncate font-medium">{t("nav.guestName")}</p>
              <p className="truncate text-sm text-slate-600 dark:text-slate-300">{t("nav.guestEmail")}</p>
            </div>
          </div>
          <ul className="mt-2">
            <li>
              <Link to={paths.Login()} className="block rounded-md px-3 py-2 text-slate-900 no-underline hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
                {t("nav.login")}
              </Link>
            </li>
            <li>
              <Link to={paths.Register()} className="block rounded-md px-3 py-2 text-slate-900 no-underline hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800">
                {t("nav.register")}
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
