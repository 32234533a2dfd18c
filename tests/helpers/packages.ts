import { eq } from "drizzle-orm";
import { packageInputSchema } from "../../common/forms/packages";
import type { Database } from "../../server/db/client";
import { companies } from "../../server/companies/schema";
import { packages } from "../../server/packages/schema";
import { insertPackage } from "../../server/packages/write-package";

let counter = 0;

/** A published company made straight through the schema (the packages tests own their companies). */
export async function makeCompany(
  db: Database,
  opts: { name?: string; subTypeId?: number | null; typeId?: number; isDemo?: boolean; ownerId?: number | null; email?: string | null } = {},
): Promise<{ id: number; slug: string; name: string }> {
  counter++;
  const name = opts.name ?? `Test Şirket ${counter} ${Math.random().toString(36).slice(2, 7)}`;
  const slug = name
    .toLocaleLowerCase("tr-TR")
    .replace(/ş/g, "s")
    .replace(/ı/g, "i")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const [row] = await db
    .insert(companies)
    .values({
      name,
      slug,
      typeId: opts.typeId ?? 2,
      subTypeId: opts.subTypeId === undefined ? 2 : opts.subTypeId,
      publishState: "published",
      publishedAt: new Date(),
      isDemo: opts.isDemo ?? false,
      ownerId: opts.ownerId ?? null,
      email: opts.email ?? null,
      servesWholeCountry: true,
    })
    .returning({ id: companies.id });
  return { id: row!.id, slug, name };
}

/** A package of a company from form-like fields (lira prices), through the same write path as the dashboard and the import. */
export async function makePackage(db: Database, companyId: number, fields: Record<string, unknown>, opts: { isDemo?: boolean } = {}): Promise<number> {
  const input = packageInputSchema.parse({
    serviceKind: "internet",
    technology: "fiber",
    downloadMbps: 100,
    uploadMbps: 20,
    price: "500",
    commitmentMonths: 0,
    servesAllCities: true,
    ...fields,
  });
  return insertPackage(db, companyId, input, opts);
}

export async function packageRow(db: Database, id: number) {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row!;
}
