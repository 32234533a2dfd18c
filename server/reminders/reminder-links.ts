import { and, eq } from "drizzle-orm";
import type { Locale } from "../../common/format";
import { pathsFor } from "../../common/paths";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { packages } from "../packages/schema";
import { absoluteUrl, signedLinkToken } from "../mail/opt-in-links";
import { cardColumns, publicPackage, toCard, type PackageCard } from "../packages";

/** The purpose of a commitment reminder's unsubscribe tokens (server/mail/opt-in-links.ts). */
export const REMINDER_PURPOSE = "commitment-reminder";

/** A reminder's link page (/taahhut-hatirlatma/:token) as an absolute link, in the reminder's language. */
export function reminderLink(siteUrl: string, locale: Locale, token: string): string {
  return absoluteUrl(siteUrl, pathsFor(locale).taahhutHatirlatma(token));
}

/** The one-click unsubscribe link every mail of reminder `id` carries. */
export function reminderUnsubscribeLink(config: Pick<Config, "SITE_URL" | "SESSION_SECRET">, locale: Locale, id: number): string {
  return reminderLink(config.SITE_URL, locale, signedLinkToken(config.SESSION_SECRET, REMINDER_PURPOSE, id));
}

/**
 * The package a reminder is about, as the public pages show it (on sale, or withdrawn less than
 * two years ago: a tariff archive entry is still someone's contract), or null.
 */
export async function reminderPackage(db: Database, id: number, now: Date): Promise<PackageCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .where(and(eq(packages.id, id), publicPackage(now, true)))
    .limit(1);
  return row ? toCard(row, now) : null;
}
