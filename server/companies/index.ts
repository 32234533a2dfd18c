// What other areas may use of companies (besides its tables in schema.ts and its API shapes): the
// one owner check (with its company id parser and not-found refusal), the provinces a company serves, the first segment of a profile's path, and how reviews make a record popular in the search.
export { companiesOwnedBy, companyNotFound, ownedCompanyColumn, parseCompanyId } from "./own-companies";
export { packageReachesProvince } from "./serves-province";
export { profileSegment } from "./segments";
export { findPublishedCompany, type PublishedCompany } from "./published-company";
export { reviewPopularity } from "./search-source";
