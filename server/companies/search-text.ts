import { foldSearchText } from "../../common/search-text";

/** What the list's search text matches, folded once when a version goes live: name, corporate title, tags. */
export function companySearchText(fields: { name: string; corporateTitle: string | null; tags: readonly string[] }): string {
  return foldSearchText([fields.name, fields.corporateTitle ?? "", ...fields.tags].join(" ").replace(/\s+/g, " ").trim());
}
