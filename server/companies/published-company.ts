import { and, eq, inArray } from "drizzle-orm";
import type { MessageKey } from "../../common/i18n";
import type { Database } from "../db/client";
import { AppError } from "../platform/app-error";
import { companies } from "./schema";

/** A published company as the public calls that take a slug need it. */
export interface PublishedCompany {
  id: number;
  slug: string;
  name: string;
  isDemo: boolean;
  typeId: number;
  subTypeId: number | null;
}

/** The longest slug looked up (a longer one names no company). */
const SLUG_MAX = 200;

/**
 * The published company with this slug, for the public pages and calls that take one from a
 * path (`/companies/{slug}/…`), of one of `types` when given; E_NOT_FOUND with `notFound`'s
 * message for anything else (not a string, empty, longer than any slug, unknown, not published,
 * another type).
 */
export async function findPublishedCompany(
  db: Database,
  slug: unknown,
  opts: { types?: readonly number[]; notFound?: MessageKey } = {},
): Promise<PublishedCompany> {
  const wanted =
    typeof slug === "string" && slug.length > 0 && slug.length <= SLUG_MAX
      ? slug
      : null;
  const [company] = wanted
    ? await db
        .select({
          id: companies.id,
          slug: companies.slug,
          name: companies.name,
          isDemo: companies.isDemo,
          typeId: companies.typeId,
          subTypeId: companies.subTypeId,
        })
        .from(companies)
        .where(
          and(
            eq(companies.slug, wanted),
            eq(companies.publishState, "published"),
            opts.types ? inArray(companies.typeId, [...opts.types]) : undefined,
          ),
        )
        .limit(1)
    : [];
  if (!company)
    throw new AppError(
      "E_NOT_FOUND",
      opts.notFound ?? "companies.errors.notFound",
    );
  return company;
}
