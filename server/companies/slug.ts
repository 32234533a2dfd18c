import { eq } from "drizzle-orm";
import { slugify } from "../../common/text";
import type { Database } from "../db/client";
import { companies } from "./schema";
import { RESERVED_COMPANY_SLUGS } from "./segments";

/**
 * A unique slug made from the name ("Örnek Net A.Ş." → "ornek-net-as"); "-2", "-3" … on a clash
 * with another company or a reserved word. `ownId` is the company keeping its own slug.
 */
export async function uniqueCompanySlug(db: Pick<Database, "select">, name: string, ownId?: number): Promise<string> {
  const base = (slugify(name) || "isletme").slice(0, 120).replace(/-+$/, "");
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (RESERVED_COMPANY_SLUGS.includes(candidate)) continue;
    const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, candidate)).limit(1);
    if (rows.length === 0 || rows[0]!.id === ownId) return candidate;
  }
  throw new Error(`no free slug for ${base}`);
}
