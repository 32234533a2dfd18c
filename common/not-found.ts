/**
 * The not-found pages that say what was not found (spec §8: "corporate profile, corporate profile
 * package, package …"). A loader throws `data(NotFoundPage, { status: 404 })`; the error page
 * reads it with `readNotFoundPage` and shows the subject's message, a hint and a link onwards.
 * Any other 404 (an unknown path) keeps the generic text.
 *
 * Isomorphic: the server throws it, the error boundary reads it (also after hydration).
 */

export const NOT_FOUND_SUBJECTS = ["company", "companyPackage", "package", "blogPost"] as const;
export type NotFoundSubject = (typeof NOT_FOUND_SUBJECTS)[number];

/** The spec's message of each subject (locale keys). */
export const NOT_FOUND_MESSAGES = {
  company: "companies.errors.notFound",
  companyPackage: "packages.errors.companyPackageNotFound",
  package: "packages.errors.packageNotFound",
  blogPost: "blog.errors.notFound",
} as const satisfies Record<NotFoundSubject, string>;

export interface NotFoundPage {
  notFound: NotFoundSubject;
  /** The company whose profile was found but not the package (its name and its packages page, a Turkish path). */
  company?: { name: string; packagesPath: string };
}

/** The thrown 404's data when it is a NotFoundPage, else null (the generic page). */
export function readNotFoundPage(data: unknown): NotFoundPage | null {
  if (typeof data !== "object" || data === null) return null;
  const { notFound, company } = data as { notFound?: unknown; company?: unknown };
  if (!NOT_FOUND_SUBJECTS.some((s) => s === notFound)) return null;
  const c = company as { name?: unknown; packagesPath?: unknown } | undefined;
  const valid = c && typeof c.name === "string" && typeof c.packagesPath === "string" && c.packagesPath.startsWith("/") && !c.packagesPath.startsWith("//");
  return { notFound: notFound as NotFoundSubject, ...(valid ? { company: { name: c.name as string, packagesPath: c.packagesPath as string } } : {}) };
}
