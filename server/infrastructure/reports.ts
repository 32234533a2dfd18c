import { count, desc, eq } from "drizzle-orm";
import { reportSchema } from "../../common/forms/infrastructure";
import { provinceOf } from "../../common/infrastructure/types";
import { requireAdmin, type Actor } from "../accounts";
import type { AppContext } from "../core/app-context";
import { infraReports } from "./schema";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";

/** Five reports an hour from one address: enough for a household, not for a flood. */
export const REPORT_LIMIT = { name: "infra-report", points: 5, durationSeconds: 3600 };
export const REPORTS_LISTED = 100;

/** "This answer is wrong": stored with what the person really has; nothing about who sent it. */
export async function reportWrongData(
  app: Pick<AppContext, "db" | "limits" | "infrastructure">,
  opts: { input: unknown; ip: string },
): Promise<{ id: number }> {
  const input = parseInput(reportSchema, opts.input);
  await consumeLimit(app.limits, REPORT_LIMIT, opts.ip);
  const flat = await app.infrastructure.flatByCode(input.bbk);
  if (!flat) throw new AppError("E_NOT_FOUND", "infrastructure.errors.flatNotFound");
  const [row] = await app.db
    .insert(infraReports)
    .values({
      bbk: input.bbk,
      provinceCode: provinceOf(flat),
      actualTechnology: input.actualTechnology,
      actualDownMbps: input.actualDownMbps ?? null,
      note: input.note || null,
      source: app.infrastructure.kind,
    })
    .returning({ id: infraReports.id });
  return { id: row.id };
}

/** How many reports other people sent about this flat (shown on its answer). */
export async function countReports(app: Pick<AppContext, "db">, bbk: number): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(infraReports).where(eq(infraReports.bbk, bbk));
  return Number(row?.n ?? 0);
}

/** The latest reports, for administrators. */
export async function listReports(app: Pick<AppContext, "db">, opts: { actor: Actor }) {
  requireAdmin(opts.actor);
  return app.db.select().from(infraReports).orderBy(desc(infraReports.createdAt), desc(infraReports.id)).limit(REPORTS_LISTED);
}
