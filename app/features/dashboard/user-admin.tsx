import { History, Search, X } from "../../components/ui/icons";
import { Form, Link } from "react-router";
import { plural } from "../../../common/format";
import { CsrfInput } from "../../components/ui/csrf-input";
import { Pagination } from "../../components/ui/pagination";
import { useTranslation } from "../../lib/i18n";
import { ADMIN_USER_STATES, USER_STATE_PARAMS, USERS_QUERY, usersHref, type AdminUserState, type UsersQuery } from "./users-query";

/** One user as the administration list shows it (dates already formatted by the loader). */
export interface AdminUserView {
  id: number;
  fullName: string;
  email: string;
  accountType: "individual" | "corporate";
  isAdmin: boolean;
  state: AdminUserState;
  deletionDaysLeft: number | null;
  /** DD.MM.YYYY */
  registeredAt: string;
}

export interface AuditEntryView {
  id: number;
  /** DD.MM.YYYY HH:mm */
  when: string;
  actorName: string | null;
  action: string;
  details: Record<string, unknown>;
}

/** The page's search and state filter: a plain GET form, so it works without JavaScript. */
export function UserFilters({ base, search, state, maxLength }: { base: string; search: string; state: AdminUserState | null; maxLength: number }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={base} role="search" aria-label={t("admin.users.filters")} className="mt-6 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="users-search" className="field-label">
          {t("admin.users.searchLabel")}
        </label>
        <input
          id="users-search"
          name={USERS_QUERY.search}
          type="search"
          defaultValue={search}
          maxLength={maxLength}
          autoComplete="off"
          className="field-input"
          aria-describedby="users-search-hint"
        />
      </div>
      <div>
        <label htmlFor="users-state" className="field-label">
          {t("admin.users.stateLabel")}
        </label>
        <select id="users-state" name={USERS_QUERY.state} defaultValue={state ? stateParam(state) : ""} className="field-input">
          <option value="">{t("admin.users.states.all")}</option>
          {ADMIN_USER_STATES.map((s) => (
            <option key={s} value={stateParam(s)}>
              {t(`admin.users.states.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        <Search aria-hidden="true" className="size-5" />
        {t("admin.users.filter")}
      </button>
      {search || state ? (
        <Link to={base} className="btn-ghost">
          {t("admin.users.clear")}
        </Link>
      ) : null}
      <p id="users-search-hint" className="w-full text-sm text-slate-600 dark:text-slate-300">
        {t("admin.users.searchHint")}
      </p>
    </Form>
  );
}

function stateParam(state: AdminUserState): string {
  return USER_STATE_PARAMS[state];
}

const STATE_STYLES: Record<AdminUserState, string> = {
  active: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  deactivated: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
  deletionRequested: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  erased: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function StateBadge({ user }: { user: AdminUserView }) {
  const { t, locale } = useTranslation();
  let text = t(`admin.users.states.${user.state}`);
  if (user.state === "deletionRequested" && user.deletionDaysLeft !== null) {
    const left =
      user.deletionDaysLeft > 0
        ? plural(user.deletionDaysLeft, { one: t("admin.users.daysLeft.one"), other: t("admin.users.daysLeft.other") }, locale)
        : t("admin.users.lastDay");
    text = `${text} · ${left}`;
  }
  return <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium whitespace-nowrap ${STATE_STYLES[user.state]}`}>{text}</span>;
}

type Intent = "grantAdmin" | "revokeAdmin" | "deactivate" | "restore";

/** The actions that make sense for a user; the server checks every one again. */
function intentsFor(user: AdminUserView, currentUserId: number): Intent[] {
  if (user.state === "erased") return [];
  const out: Intent[] = [user.isAdmin ? "revokeAdmin" : "grantAdmin"];
  if (user.state === "active" && user.id !== currentUserId) out.push("deactivate");
  if (user.state === "deactivated" || user.state === "deletionRequested") out.push("restore");
  return out;
}

function ActionButton({ user, intent, action }: { user: AdminUserView; intent: Intent; action: string }) {
  const { t } = useTranslation();
  const label = t(`admin.actions.${intent}`);
  const danger = intent === "deactivate" || intent === "revokeAdmin";
  return (
    <Form method="post" action={action} className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user.id} />
      <button
        type="submit"
        aria-label={t("admin.actions.for", { action: label, name: user.fullName })}
        className={`btn min-h-11 border px-3 text-sm whitespace-nowrap ${
          danger
            ? "border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
            : "border-slate-400 text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
        }`}
      >
        {label}
      </button>
    </Form>
  );
}

/** The users of one page, with their actions. */
export function UserTable({
  users,
  currentUserId,
  query,
  base,
  action,
}: {
  users: AdminUserView[];
  currentUserId: number;
  query: UsersQuery;
  base: string;
  /** Where the action forms post (the current address, so the list stays as it is). */
  action: string;
}) {
  const { t } = useTranslation();
  if (!users.length) {
    return <p className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">{t("admin.users.empty")}</p>;
  }
  const th = "px-3 py-2 text-left text-sm font-semibold";
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse">
        <caption className="sr-only">{t("admin.users.caption")}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className={th}>{t("admin.users.columns.user")}</th>
            <th scope="col" className={th}>{t("admin.users.columns.type")}</th>
            <th scope="col" className={th}>{t("admin.users.columns.admin")}</th>
            <th scope="col" className={th}>{t("admin.users.columns.state")}</th>
            <th scope="col" className={th}>{t("admin.users.columns.registered")}</th>
            <th scope="col" className={th}>{t("admin.users.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t border-slate-200 align-top dark:border-slate-700">
              <th scope="row" className="min-w-52 px-3 py-2 text-left font-medium">
                {user.state === "erased" ? t("admin.users.erasedName") : user.fullName}
                {user.id === currentUserId ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">{t("admin.users.you")}</span> : null}
                <span className="block text-sm font-normal break-all muted">{user.email}</span>
                <Link
                  to={usersHref(base, { ...query, userId: String(user.id) }, "#user-history")}
                  aria-label={t("admin.users.historyOf", { name: user.fullName })}
                  className="mt-1 flex w-fit items-center gap-1 py-1 text-sm font-normal"
                >
                  <History aria-hidden="true" className="size-4" />
                  {t("admin.users.history")}
                </Link>
              </th>
              <td className="px-3 py-2">{t(`admin.users.types.${user.accountType}`)}</td>
              <td className="px-3 py-2">{user.isAdmin ? t("admin.users.isAdmin") : t("admin.users.notAdmin")}</td>
              <td className="px-3 py-2">
                <StateBadge user={user} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{user.registeredAt}</td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  {intentsFor(user, currentUserId).map((intent) => (
                    <ActionButton key={intent} user={user} intent={intent} action={action} />
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The total, then the page position and previous/next links that keep the search and filter. */
export function UserPagination({ base, query, total, page, pageCount }: { base: string; query: UsersQuery; total: number; page: number; pageCount: number }) {
  const { t, locale } = useTranslation();
  const summary = plural(total, { one: t("admin.users.total.one"), other: t("admin.users.total.other") }, locale);
  if (pageCount <= 1) return <p className="mt-4">{summary}</p>;
  return <Pagination page={page} pageCount={pageCount} href={(p) => usersHref(base, { ...query, userId: null, page: p })} summary={summary} />;
}

function AuditDescription({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const notes: string[] = [];
  if (entry.details.deletionCancelled === true) notes.push(t("admin.audit.deletionCancelled"));
  if (entry.details.via === "cli") notes.push(t("admin.audit.viaCli"));
  // An action this build has no text for (written by a newer version) shows as it is stored.
  const key = `admin.audit.actions.${entry.action.replaceAll(".", "_")}`;
  const label = t.has(key) ? t(key) : entry.action;
  return (
    <>
      {label}
      {notes.length ? <span className="text-slate-600 dark:text-slate-300"> ({notes.join(", ")})</span> : null}
    </>
  );
}

/** Who did what to one user, and when: the newest audit entries. */
export function AuditPanel({
  user,
  entries,
  limit,
  closeHref,
}: {
  user: AdminUserView | null;
  entries: AuditEntryView[];
  limit: number;
  closeHref: string;
}) {
  const { t } = useTranslation();
  return (
    <section id="user-history" aria-labelledby="user-history-title" className="mt-6 rounded-lg border border-slate-300 p-4 dark:border-slate-600">
      <div className="flex items-start justify-between gap-3">
        <h2 id="user-history-title" className="text-lg font-semibold">
          {user ? t("admin.users.historyOf", { name: user.state === "erased" ? t("admin.users.erasedName") : user.fullName }) : t("admin.audit.title")}
        </h2>
        <Link to={closeHref} className="icon-btn" aria-label={t("admin.audit.close")}>
          <X aria-hidden="true" className="size-5" />
        </Link>
      </div>
      {!user ? (
        <p className="mt-2">{t("admin.audit.notFound")}</p>
      ) : entries.length === 0 ? (
        <p className="mt-2">{t("admin.audit.empty")}</p>
      ) : (
        <table className="mt-3 w-full border-collapse text-sm">
          <caption className="sr-only">{t("admin.audit.caption", { limit })}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3 font-semibold">{t("admin.audit.when")}</th>
              <th scope="col" className="py-1 pr-3 font-semibold">{t("admin.audit.who")}</th>
              <th scope="col" className="py-1 font-semibold">{t("admin.audit.what")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-t border-slate-200 align-top dark:border-slate-700">
                <td className="py-1 pr-3 whitespace-nowrap">{e.when}</td>
                <td className="py-1 pr-3">{e.actorName ?? t("admin.audit.system")}</td>
                <td className="py-1">
                  <AuditDescription entry={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The answer to the last action: a status on success, an alert on failure. */
export function ActionMessage({ success, message }: { success: boolean; message: string }) {
  if (!message) return null;
  return success ? (
    <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
      {message}
    </p>
  ) : (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
      {message}
    </p>
  );
}
