// What other areas may use of accounts (besides its tables in schema.ts and its API shapes):
// the permission checks every service runs, and the audit log administrators' actions write to.
export { requireAdmin, requireCorporate, requireUser, type Actor } from "./permissions";
export { writeAudit } from "./audit";
