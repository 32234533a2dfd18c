import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { outageAlertIdSchema } from "../../common/forms/outages";
import type { OwnOutageAlert } from "../../common/outages";
import { requireUser, type Actor } from "../accounts";
import { profileSegment } from "../companies";
import { companies } from "../companies/schema";
import type { AppContext } from "../core/app-context";
import { AppError } from "../platform/app-error";
import { findProvinceByCode } from "../reference/cities";
import { outageAlerts } from "./schema";

/**
 * The signed-in member's outage alerts that are not turned off, the newest first (only their
 * own: the owner is in the query). The settings page's tab and GET /api/v1/my/outage-alerts.
 */
export async function listOwnOutageAlerts(
  app: Pick<AppContext, "db">,
  actor: Actor,
): Promise<OwnOutageAlert[]> {
  const user = requireUser(actor);
  const rows = await app.db
    .select({
      id: outageAlerts.id,
      cityCode: outageAlerts.cityCode,
      district: outageAlerts.district,
      confirmedAt: outageAlerts.confirmedAt,
      createdAt: outageAlerts.createdAt,
      companyName: companies.name,
      slug: companies.slug,
      typeId: companies.typeId,
      subTypeId: companies.subTypeId,
    })
    .from(outageAlerts)
    .innerJoin(companies, eq(companies.id, outageAlerts.companyId))
    .where(
      and(
        eq(outageAlerts.userId, user.id),
        isNull(outageAlerts.unsubscribedAt),
      ),
    )
    .orderBy(desc(outageAlerts.createdAt), desc(outageAlerts.id));
  return rows.map((r) => ({
    id: r.id,
    state: r.confirmedAt ? "active" : "pending",
    companyName: r.companyName,
    outagesPath: `/${profileSegment(r)}/${r.slug}/kesinti`,
    cityCode: r.cityCode,
    cityName: findProvinceByCode(r.cityCode)?.name ?? String(r.cityCode),
    district: r.district,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Turns one of the member's alerts off, as its mailed unsubscribe link does (kept
 * OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS, then erased); idempotent. Another member's id, a malformed
 * one, or none, is E_NOT_FOUND.
 */
export async function turnOffOwnOutageAlert(
  app: Pick<AppContext, "db">,
  actor: Actor & { input: unknown },
): Promise<void> {
  const user = requireUser(actor);
  // A malformed id names no alert: the same 404 as another member's.
  const parsed = outageAlertIdSchema.safeParse(actor.input);
  if (!parsed.success)
    throw new AppError("E_NOT_FOUND", "outages.alert.notFound");
  const { alertId } = parsed.data;
  const changed = await app.db
    .update(outageAlerts)
    .set({
      unsubscribedAt: sql`coalesce(${outageAlerts.unsubscribedAt}, now())`,
    })
    .where(and(eq(outageAlerts.id, alertId), eq(outageAlerts.userId, user.id)))
    .returning({ id: outageAlerts.id });
  if (!changed.length)
    throw new AppError("E_NOT_FOUND", "outages.alert.notFound");
}
