// Company fixtures for the directory tests: published companies inserted directly, as an
// approved version would be, with their search text, provinces and services.
import { companies, companyProvinces, companyServices } from "../../server/companies/schema";
import type { Database } from "../../server/db/client";
import { companySearchText } from "../../server/companies/search-text";
import { slugify } from "../../common/text";
import { createSession } from "../../server/accounts/sessions";
import { insertVerifiedUser } from "./users";

export interface CompanyFixture {
  name: string;
  typeId?: number;
  subTypeId?: number | null;
  provinces?: number[];
  servesWholeCountry?: boolean;
  country?: string;
  publishState?: "pending" | "published" | "rejected" | "unpublished";
  ownerId?: number | null;
  createdAt?: Date;
  tags?: string[];
  corporateTitle?: string | null;
  packagesFooterText?: string | null;
  youtubeUrl?: string | null;
  services?: { name: string; description?: string }[];
  about?: string | null;
}

export async function insertCompany(db: Database, f: CompanyFixture): Promise<{ id: number; slug: string }> {
  const slug = slugify(f.name);
  const tags = f.tags ?? [];
  const [row] = await db
    .insert(companies)
    .values({
      name: f.name,
      slug,
      typeId: f.typeId ?? 2,
      subTypeId: f.subTypeId === undefined ? 2 : f.subTypeId,
      country: f.country ?? "TR",
      ownerId: f.ownerId ?? null,
      tags,
      corporateTitle: f.corporateTitle ?? null,
      packagesFooterText: f.packagesFooterText ?? null,
      youtubeUrl: f.youtubeUrl ?? null,
      about: f.about ?? null,
      servesWholeCountry: f.servesWholeCountry ?? false,
      publishState: f.publishState ?? "published",
      searchText: companySearchText({ name: f.name, corporateTitle: f.corporateTitle ?? null, tags }),
      createdAt: f.createdAt ?? new Date(),
    })
    .returning({ id: companies.id, slug: companies.slug });
  if (f.provinces?.length) await db.insert(companyProvinces).values(f.provinces.map((provinceCode) => ({ companyId: row!.id, provinceCode })));
  if (f.services?.length) {
    await db.insert(companyServices).values(f.services.map((s, position) => ({ companyId: row!.id, position, name: s.name, description: s.description ?? null })));
  }
  return row!;
}

export async function insertUser(
  db: Database,
  f: { email: string; fullName?: string; accountType?: "individual" | "corporate"; isAdmin?: boolean },
): Promise<{ id: number; cookie: string; token: string }> {
  const row = await insertVerifiedUser(db, { fullName: f.fullName ?? "Test Üye", email: f.email, accountType: f.accountType ?? "individual", isAdmin: f.isAdmin ?? false });
  const web = await createSession(db, row.id, "web");
  const api = await createSession(db, row.id, "api");
  return { id: row.id, cookie: `gb_session=${web.token}`, token: api.token };
}
