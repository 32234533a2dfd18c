// What other areas may use of infrastructure (besides its tables and its API shapes): what reaches
// a flat (the package search narrows to the technologies of the flat).
export { queryFlat } from "./lookups";
