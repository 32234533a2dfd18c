// Constants of the account forms, apart from their zod schemas so pages can show them without
// loading zod (the schemas load on the first submit).

/** The one place the account forms' bounds live (shown in the messages as {min}/{max}). */
export const AUTH_BOUNDS = {
  fullName: { min: 3, max: 100 },
  email: { min: 6, max: 254 },
  password: { min: 8, max: 128 },
} as const;

export const ACCOUNT_TYPES = ["individual", "corporate"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The register page's tab, as a query value (?tip=kurumsal) and back. */
export const ACCOUNT_TYPE_QUERY: Record<AccountType, string> = { individual: "bireysel", corporate: "kurumsal" };
export function accountTypeFromQuery(value: string | null | undefined): AccountType {
  return value === ACCOUNT_TYPE_QUERY.corporate ? "corporate" : "individual";
}
