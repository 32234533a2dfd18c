import { pathsFor, type Paths } from "../../common/paths";
import { useTranslation } from "./i18n";

/** The site's paths in the page's language (English ones under /en). */
export function usePaths(): Paths {
  return pathsFor(useTranslation().locale);
}
