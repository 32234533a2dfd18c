/** What the site search finds, in the order its results page shows the groups. */
export const SEARCH_KINDS = ["company", "post", "package"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One search result as pages, the overlay and the API show it. */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  /** One line about it in the request's language. */
  subtitle: string;
  /** Its page in the request's language. */
  path: string;
  isDemo: boolean;
  /** A post's language (a page marks one in the other language than its own); null for companies and packages. */
  language: "tr" | "en" | null;
}
