import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../platform/app-error";
import { companies } from "./schema";

/** A published company as the public calls that take a slug need it. */
export interface PublishedCompany {
  id: number;
  slug: string;
  name: string;
  isDemo: boolean;
}

/**
 * The published company with this slug, for the public calls that take one from a path
 * (`/companies/{slug}/…`); E_NOT_FOUND for anything else (not a string, longer than any slug,
 * unknown, not published).
 */
export async function findPublishedCompany(
  db: Database,
  slug: unknown,
): Promise<PublishedCompany> {
  const wanted = typeof slug === "string" && slug.length <= 200 ? slug : null;
  const [company] = wanted
    ? await db
        .select({
          id: companies.id,
          slug: companies.slug,
          name: companies.name,
          isDemo: companies.isDemo,
        })
        .from(companies)
        .where(
          and(
            eq(companies.slug, wanted),
            eq(companies.publishState, "published"),
          ),
        )
        .limit(1)
    : [];
  if (!company) throw new AppError("E_NOT_FOUND", "companies.errors.notFound");
  return company;
}
