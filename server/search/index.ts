// What other areas and the pages may use of the site search: its services and the documents' upkeep.
export { searchSite, searchSuggestions, documentsHolding, searchesPopular, checkSearchValue, SEARCH_GROUP_PREVIEW, SEARCH_PAGE_SIZE, SEARCH_SUGGESTIONS, type SearchResults } from "./search";
export { indexPending, rebuildSearch, countDocuments } from "./documents";
export type { SearchHit, SearchGroup } from "./query";
export type { PopularSearch } from "./popular";
