// What other areas may use of packages (besides its tables in schema.ts): a package as a card, and
// the package search (the commitment reminder offers the packages a search finds).
export { cardColumns, companySegment, publicPackage, toCard, type PackageCard } from "./package-card";
export { searchPackages } from "./search-packages";
