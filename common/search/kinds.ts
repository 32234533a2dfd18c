/** What the site search finds, in the order its results page shows the groups. */
export const SEARCH_KINDS = ["company", "post", "package"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
