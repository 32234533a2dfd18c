import { sql } from "drizzle-orm";
import { z } from "../../common/validation/zod";
import { flatCodeSchema, landlineSchema, nodeLookupSchema, uavtSchema } from "../../common/forms/infrastructure";
import { bestTechnology, INFRA_LEVELS, type ChildLevel, type FlatAnswer, type FlatRef, type InfraNode } from "../../common/infrastructure/types";
import type { AppContext } from "../core/app-context";
import { infraQueryCounts } from "./schema";
import { countOnce } from "../platform/count-once";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";

/**
 * The infrastructure query's services: one level of the address tree, a flat by one of its
 * codes or its landline, and the answer for a flat. The query page's loader and /api/v1/ttservice
 * call these same functions; inputs are the shared schemas of common/forms/infrastructure.ts.
 */

export const CHILD_LEVELS = INFRA_LEVELS.slice(1) as ChildLevel[];

const levelSchema = z.enum(CHILD_LEVELS as [ChildLevel, ...ChildLevel[]], { error: "infrastructure.validation.level" });

export async function listProvinces(app: Pick<AppContext, "infrastructure">): Promise<InfraNode[]> {
  return app.infrastructure.provinces();
}

/** The `level` nodes under the node `input.code` of the level above; 404 for an unknown parent. */
export async function listLevel(app: Pick<AppContext, "infrastructure">, opts: { level: unknown; input: unknown }): Promise<InfraNode[]> {
  const level = parseInput(levelSchema, opts.level);
  const { code } = parseInput(nodeLookupSchema, opts.input);
  const nodes = await app.infrastructure.children(level, code);
  if (!nodes) throw new AppError("E_NOT_FOUND", "infrastructure.errors.unknownCode");
  return nodes;
}

export type FlatLookup = "bbk" | "uavt" | "landline";

/** The flat with this BBK, UAVT code or landline; 404 when there is none. */
export async function findFlat(app: Pick<AppContext, "infrastructure">, opts: { by: FlatLookup; input: unknown }): Promise<FlatRef> {
  let flat: FlatRef | null;
  switch (opts.by) {
    case "bbk":
      flat = await app.infrastructure.flatByCode(parseInput(flatCodeSchema, opts.input).bbk);
      if (!flat) throw new AppError("E_NOT_FOUND", "infrastructure.errors.flatNotFound");
      return flat;
    case "uavt":
      flat = await app.infrastructure.flatByUavt(parseInput(uavtSchema, opts.input).uavt);
      if (!flat) throw new AppError("E_NOT_FOUND", "infrastructure.errors.uavtNotFound");
      return flat;
    case "landline":
      flat = await app.infrastructure.flatByLandline(parseInput(landlineSchema, opts.input).phone);
      if (!flat) throw new AppError("E_NOT_FOUND", "infrastructure.errors.landlineNotFound");
      return flat;
  }
}

/**
 * What reaches the flat `input.bbk`; 404 for an unknown flat. With `countFor` (the asker's
 * hashed address), the query is counted for the city pages (its neighbourhood and the best
 * technology found; nothing about who asked), at most once per address, flat and day: reloads
 * and scripts do not move the public counts.
 */
export async function queryFlat(
  app: Pick<AppContext, "infrastructure" | "db" | "log">,
  opts: { input: unknown; countFor?: { ipHash: string | null } },
): Promise<FlatAnswer> {
  const { bbk } = parseInput(flatCodeSchema, opts.input);
  const answer = await app.infrastructure.query(bbk);
  if (!answer) throw new AppError("E_NOT_FOUND", "infrastructure.errors.flatNotFound");
  if (opts.countFor) await countQuery(app, answer, opts.countFor.ipHash);
  return answer;
}

async function countQuery(app: Pick<AppContext, "db" | "log">, answer: FlatAnswer, ipHash: string | null) {
  const part = (level: string) => answer.address.find((p) => p.level === level);
  const province = part("province");
  const neighbourhood = part("neighbourhood");
  if (!province || !neighbourhood || province.code > 81) return;
  try {
    if (!(await countOnce(app.db, { ipHash, subject: `infrastructure-answer:${answer.bbk}` }))) return;
    await app.db
      .insert(infraQueryCounts)
      .values({
        neighbourhoodCode: neighbourhood.code,
        technology: bestTechnology(answer) ?? "NONE",
        provinceCode: province.code,
        districtName: part("district")?.value ?? "",
        neighbourhoodName: neighbourhood.value,
        count: 1,
      })
      .onConflictDoUpdate({
        target: [infraQueryCounts.neighbourhoodCode, infraQueryCounts.technology],
        set: { count: sql`${infraQueryCounts.count} + 1`, neighbourhoodName: sql`excluded.neighbourhood_name` },
      });
  } catch (err) {
    // A statistic that could not be counted never costs the person their answer.
    app.log.warn({ err }, "infrastructure query count failed");
  }
}
