import { data, useLocation } from "react-router";
import { USER_AUDIT_LIMIT, USER_SEARCH_MAX } from "../../../common/admin";
import { formatDate, formatDateTime } from "../../../common/format";
import {
  getUserDetail,
  listUsers,
  runUserAction,
  type AdminUserRow,
} from "../../../server/accounts/admin-users";
import { formFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageAdmin } from "../../../server/http/forms/guards";
import { getT } from "../../../server/i18n";
import { usePaths } from "../../lib/paths";
import { DashboardLayout } from "../../features/dashboard/dashboard-nav";
import {
  ActionMessage,
  AuditPanel,
  UserFilters,
  UserPagination,
  UserTable,
  type AdminUserView,
} from "../../features/dashboard/user-admin";
import { parseUsersQuery, usersHref } from "../../features/dashboard/users-query";
import { useNamespaces, useTranslation } from "../../lib/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

function toView(row: AdminUserRow): AdminUserView {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    accountType: row.accountType,
    isAdmin: row.isAdmin,
    state: row.state,
    deletionDaysLeft: row.deletionDaysLeft,
    registeredAt: formatDate(row.createdAt),
  };
}

/** /kullanicilar: administrators only (a guest goes to /giris, anyone else gets 403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requirePageAdmin(context, request);
  const t = getT(context.locale);
  const query = parseUsersQuery(new URL(request.url).searchParams);
  const list = await listUsers(context.app, { actor: context, search: query.search, state: query.state, page: query.page });
  const detail = query.userId ? await getUserDetail(context.app, { actor: context, userId: query.userId }) : null;
  return {
    seo: { title: t("admin.users.title"), description: t("admin.users.description"), index: false },
    currentUserId: admin.id,
    // The query as applied: the search normalised, the page within range.
    query: { search: list.search, state: list.state, page: list.page, userId: query.userId },
    list: { rows: list.rows.map(toView), total: list.total, page: list.page, pageCount: list.pageCount },
    history: query.userId
      ? {
          user: detail ? toView(detail.user) : null,
          entries: (detail?.audit ?? []).map((e) => ({
            id: e.id,
            when: formatDateTime(e.createdAt),
            actorName: e.actorName,
            action: e.action,
            details: e.details,
          })),
        }
      : null,
  };
}

/** Grant/revoke admin, deactivate, restore: one form per button, dispatched on `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  requirePageAdmin(context, request);
  try {
    const form = await readVerifiedForm(request, context);
    const result = await runUserAction(context.app, { actor: context, intent: form.get("intent"), userId: form.get("userId") });
    return data({ success: true as const, message: getT(context.locale)(`admin.done.${result.intent}`, { name: result.fullName }) });
  } catch (err) {
    return formFailure(err, context);
  }
}

export default function UsersRoute({ loaderData, actionData }: Route.ComponentProps) {
  useNamespaces("admin", "companyAdmin");
  const { t } = useTranslation();
  const paths = usePaths();
  const location = useLocation();
  const { query, list, history, currentUserId } = loaderData;
  const base = paths.dashboardUsers();
  return (
    <DashboardLayout wide>
      <h1 className="text-3xl font-bold">{t("admin.users.title")}</h1>
      <p className="mt-2 muted">{t("admin.users.description")}</p>
      {actionData ? <ActionMessage success={actionData.success} message={actionData.message} /> : null}
      <UserFilters base={base} search={query.search} state={query.state} maxLength={USER_SEARCH_MAX} />
      {history ? (
        <AuditPanel user={history.user} entries={history.entries} limit={USER_AUDIT_LIMIT} closeHref={usersHref(base, { ...query, userId: null })} />
      ) : null}
      <UserPagination base={base} query={query} total={list.total} page={list.page} pageCount={list.pageCount} />
      <UserTable users={list.rows} currentUserId={currentUserId} query={query} base={base} action={`${location.pathname}${location.search}`} />
    </DashboardLayout>
  );
}
