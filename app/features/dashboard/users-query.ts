import type { UserState } from "../../../common/admin";

/** The query string of /kullanicilar: Turkish names and values, all optional. */
export const USERS_QUERY = { search: "ara", state: "durum", page: "sayfa", user: "kullanici" } as const;

/** Account states as the list knows them, and their values in the address. */
export const USER_STATE_PARAMS = {
  active: "aktif",
  deactivated: "pasif",
  deletionRequested: "silme-talebi",
  erased: "silinmis",
} as const satisfies Record<UserState, string>;
export type AdminUserState = keyof typeof USER_STATE_PARAMS;
export const ADMIN_USER_STATES = Object.keys(USER_STATE_PARAMS) as AdminUserState[];

export interface UsersQuery {
  search: string;
  state: AdminUserState | null;
  page: number;
  /** The user whose history is open. */
  userId: string | null;
}

/** Reads the list's query string leniently: anything unknown falls back to the default. */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const stateParam = params.get(USERS_QUERY.state);
  const state = ADMIN_USER_STATES.find((s) => USER_STATE_PARAMS[s] === stateParam) ?? null;
  const pageParam = params.get(USERS_QUERY.page) ?? "";
  const page = /^\d{1,6}$/.test(pageParam) && Number(pageParam) > 0 ? Number(pageParam) : 1;
  const userParam = params.get(USERS_QUERY.user);
  return {
    search: params.get(USERS_QUERY.search) ?? "",
    state,
    page,
    userId: userParam && /^\d{1,10}$/.test(userParam) ? userParam : null,
  };
}

/** The list's address for a query; defaults are left out. */
export function usersHref(base: string, query: Partial<UsersQuery>, hash = ""): string {
  const params = new URLSearchParams();
  if (query.search) params.set(USERS_QUERY.search, query.search);
  if (query.state) params.set(USERS_QUERY.state, USER_STATE_PARAMS[query.state]);
  if (query.page && query.page > 1) params.set(USERS_QUERY.page, String(query.page));
  if (query.userId) params.set(USERS_QUERY.user, query.userId);
  const text = params.toString();
  return `${base}${text ? `?${text}` : ""}${hash}`;
}
