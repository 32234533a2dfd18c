// What other areas may use of packages (besides its tables in schema.ts and its API shapes): a
// package as a card, the package search (the commitment reminder offers the packages a search
// finds), a company's visible packages (a company post lists them), and the ids of package paths (a package's requests and reminder, the lead inbox).
export { cardColumns, companySegment, publicPackage, toCard, type PackageCard } from "./package-card";
export { searchPackages } from "./search-packages";
export { parseDashboardId } from "./dashboard-ids";
export { parsePackageId } from "./get-package";
export { listCompanyPackages } from "./company-packages";
