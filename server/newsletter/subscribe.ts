import { newsletterSchema } from "../../common/forms/newsletter";
import type { Locale } from "../../common/format";
import type { AppContext } from "../core/app-context";
import { newsletterSubscriptions } from "./schema";
import { getT } from "../i18n";
import { parseInput } from "../platform/validate";
import { consumeLimit } from "../security/rate-limit";

export const NEWSLETTER_LIMIT = { name: "newsletter", points: 10, durationSeconds: 3600 };

/**
 * Adds an address to the newsletter list with the consent text the person saw and the time.
 * Signing up twice is not an error and stores nothing new.
 */
export async function subscribeToNewsletter(
  app: Pick<AppContext, "db" | "limits">,
  opts: { input: unknown; locale: Locale; ipHash: string | null; ip: string },
): Promise<{ created: boolean }> {
  const { email } = parseInput(newsletterSchema, opts.input);
  await consumeLimit(app.limits, NEWSLETTER_LIMIT, opts.ip);
  const rows = await app.db
    .insert(newsletterSubscriptions)
    .values({
      email,
      locale: opts.locale,
      consentText: getT(opts.locale)("newsletter.consent"),
      consentedAt: new Date(),
      ipHash: opts.ipHash,
    })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return { created: rows.length > 0 };
}
