// What other areas may use of packages (besides its tables in schema.ts and its API shapes): a
// package as a card, the package search (the commitment reminder offers the packages a search
// finds), and the ids of package paths (a package's requests and reminder, the lead inbox).
export { cardColumns, companySegment, publicPackage, toCard, type PackageCard } from "./package-card";
export { searchPackages } from "./search-packages";
// A company's packages on sale (a company's blog post shows them).
export { listCompanyPackages } from "./company-packages";
export { parseDashboardId } from "./dashboard-ids";
export { parsePackageId } from "./get-package";
