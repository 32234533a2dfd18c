import { data } from "react-router";
import type { NotFoundPage } from "../../common/not-found";

/**
 * A loader's 404 that names what was not found (common/not-found.ts): thrown, the error page
 * shows the subject's message in the page's language, with the status, the noindex and the way
 * home of any 404.
 */
export function notFoundPage(page: NotFoundPage) {
  return data(page, { status: 404 });
}
