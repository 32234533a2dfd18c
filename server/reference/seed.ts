import { sql } from "drizzle-orm";
import { blogCategories as blogCategoryList } from "../../common/blog-categories";
import { corporateSubTypes as subTypeList, corporateTypes as typeList } from "../../common/corporate-types";
import type { Database } from "../db/client";
import { blogCategories, corporateSubTypes, corporateTypes } from "./schema";

/**
 * Mirrors the reference lists of common/ into their tables (for foreign keys). Idempotent: runs
 * at every start and leaves the tables equal to the code.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(corporateTypes)
      .values(typeList.map((t) => ({ id: t.id, key: t.key, url: t.url, nameTr: t.name.tr, nameEn: t.name.en })))
      .onConflictDoUpdate({
        target: corporateTypes.id,
        set: { key: sql`excluded.key`, url: sql`excluded.url`, nameTr: sql`excluded.name_tr`, nameEn: sql`excluded.name_en` },
      });
    const typeOf = new Map<number, number>();
    for (const t of typeList) for (const s of t.corporate_sub_types) typeOf.set(s.id, t.id);
    await tx
      .insert(corporateSubTypes)
      .values(
        subTypeList.map((s) => ({
          id: s.id,
          typeId: typeOf.get(s.id) ?? null,
          key: s.key,
          url: s.url,
          nameTr: s.name.tr,
          nameEn: s.name.en,
        })),
      )
      .onConflictDoUpdate({
        target: corporateSubTypes.id,
        set: {
          typeId: sql`excluded.type_id`,
          key: sql`excluded.key`,
          url: sql`excluded.url`,
          nameTr: sql`excluded.name_tr`,
          nameEn: sql`excluded.name_en`,
        },
      });
    await tx
      .insert(blogCategories)
      .values(blogCategoryList.map((c) => ({ id: c.id, key: c.key, url: c.url, nameTr: c.name.tr, nameEn: c.name.en })))
      .onConflictDoUpdate({
        target: blogCategories.id,
        set: { key: sql`excluded.key`, url: sql`excluded.url`, nameTr: sql`excluded.name_tr`, nameEn: sql`excluded.name_en` },
      });
  });
}
