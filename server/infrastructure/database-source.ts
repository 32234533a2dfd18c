import { rowsOf } from "../db/rows";
import { and, eq, sql } from "drizzle-orm";
import { INFRA_LEVELS, type AddressPart, type ChildLevel, type FlatAnswer, type FlatRef, type InfraLevel, type InfraNode } from "../../common/infrastructure/types";
import { compareTr } from "../../common/text";
import type { Database } from "../db/client";
import { infraFlats, infraNodes } from "./schema";
import type { InfrastructureSource } from "../core/infrastructure-source";

/**
 * The database source: the tree and the answers an operator imported from CSV
 * (`npm run import:infrastructure -- FILE`, scripts/import-infrastructure.ts). Each call is one
 * indexed query: a level's children by (level, parent), a flat by its key, its address by one
 * recursive walk up the tree.
 */

const BUILDING = INFRA_LEVELS.indexOf("building");

/** Door numbers and flat numbers sort as numbers ("2" before "10"), names in Turkish order. */
const naturalTr = new Intl.Collator("tr-TR", { numeric: true });

type FlatRow = typeof infraFlats.$inferSelect;

export function createDatabaseSource(db: Database): InfrastructureSource {
  async function addressOf(row: Pick<FlatRow, "bbk" | "buildingCode" | "name">): Promise<AddressPart[]> {
    const result = await db.execute<{ level: number; code: number | string; name: string }>(sql`
      WITH RECURSIVE chain(level, code, parent_code, name) AS (
        SELECT level, code, parent_code, name FROM ${infraNodes} WHERE level = ${BUILDING} AND code = ${row.buildingCode}
        UNION ALL
        SELECT n.level, n.code, n.parent_code, n.name FROM ${infraNodes} n JOIN chain c ON n.level = c.level - 1 AND n.code = c.parent_code
      )
      SELECT level, code, name FROM chain ORDER BY level`);
    const rows = rowsOf<{ level: number; code: number | string; name: string }>(result);
    return [
      ...rows.map((r) => ({ level: INFRA_LEVELS[Number(r.level)], code: Number(r.code), value: r.name })),
      { level: "flat" as const, code: row.bbk, value: row.name },
    ];
  }

  async function ref(row: FlatRow | undefined): Promise<FlatRef | null> {
    if (!row) return null;
    return { bbk: row.bbk, uavt: row.uavt, address: await addressOf(row) };
  }

  const first = async (where: ReturnType<typeof eq>) => (await db.select().from(infraFlats).where(where).limit(1))[0];

  return {
    kind: "database",
    async provinces() {
      const rows = await db.select({ code: infraNodes.code, value: infraNodes.name }).from(infraNodes).where(eq(infraNodes.level, 0));
      return rows.sort((a, b) => compareTr(a.value, b.value));
    },
    async children(level: ChildLevel, parent: number): Promise<InfraNode[] | null> {
      const index = INFRA_LEVELS.indexOf(level);
      const parentLevel = index - 1;
      let rows: InfraNode[];
      if (level === "flat") {
        rows = await db.select({ code: infraFlats.bbk, value: infraFlats.name }).from(infraFlats).where(eq(infraFlats.buildingCode, parent));
      } else {
        rows = await db
          .select({ code: infraNodes.code, value: infraNodes.name })
          .from(infraNodes)
          .where(and(eq(infraNodes.level, index), eq(infraNodes.parentCode, parent)));
      }
      if (rows.length === 0) {
        // An empty list for a parent that exists; null for one that does not.
        const exists = await db
          .select({ code: infraNodes.code })
          .from(infraNodes)
          .where(and(eq(infraNodes.level, parentLevel), eq(infraNodes.code, parent)))
          .limit(1);
        return exists.length ? [] : null;
      }
      return rows.sort((a, b) => naturalTr.compare(a.value, b.value));
    },
    async flatByCode(bbk) {
      return ref(await first(eq(infraFlats.bbk, bbk)));
    },
    async flatByUavt(uavt) {
      return ref(await first(eq(infraFlats.uavt, uavt)));
    },
    async flatByLandline(national) {
      return ref(await first(eq(infraFlats.landline, national)));
    },
    async query(bbk): Promise<FlatAnswer | null> {
      const row = await first(eq(infraFlats.bbk, bbk));
      if (!row) return null;
      return {
        bbk: row.bbk,
        uavt: row.uavt,
        address: await addressOf(row),
        technologies: row.technologies,
        fetchedAt: row.fetchedAt.toISOString(),
        source: "database",
      };
    },
  };
}

/** For tests and the bench: the level index of a level name. */
export function levelIndex(level: InfraLevel): number {
  return INFRA_LEVELS.indexOf(level);
}
