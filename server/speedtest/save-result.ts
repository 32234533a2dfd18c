import { randomBytes } from "node:crypto";
import { speedtestResultSchema } from "../../common/forms/speedtest";
import { bufferbloatGrade } from "../../common/speedtest/measure";
import type { SessionUser } from "../core/app-context";
import type { AppContext } from "../core/app-context";
import { and, eq } from "drizzle-orm";
import { speedtestResults } from "./schema";
import { countOnce } from "../platform/count-once";
import { AppError } from "../platform/app-error";
import { parseInput } from "../platform/validate";
import { findDistrictName } from "../reference/cities";
import { consumeLimit } from "../security/rate-limit";
import { checkChosenProvider } from "./provider-choices";
import { figureProblem } from "./plausible";
import { verifyReceipt } from "./receipt";

export const SPEEDTEST_SAVE_LIMIT = { name: "speedtest-save", points: 60, durationSeconds: 3600 };
/** A receipt is good for this long after it was issued. */
export const RECEIPT_TTL_MS = 30 * 60_000;

type ResultInput = ReturnType<typeof speedtestResultSchema.parse>;

/** What the person chose, checked: the provider and package on the site, the province's district, the promise. */
async function checkChoices(app: Pick<AppContext, "db">, input: ResultInput) {
  const chosen = input.companyId ? await checkChosenProvider(app, { companyId: input.companyId, packageId: input.packageId ?? null }) : null;
  let district: string | null = null;
  if (input.district && input.city) {
    district = findDistrictName(input.city, input.district) ?? null;
    if (!district) throw new AppError("E_VALIDATION", "speedtest.errors.district", { fieldErrors: { district: { key: "speedtest.errors.district" } } });
  }
  return {
    // The label: the chosen company's name as it is now (kept if the company goes), else older clients' text.
    provider: chosen ? chosen.company.name : input.provider ? input.provider : null,
    companyId: chosen?.company.id ?? null,
    packageId: chosen?.package?.id ?? null,
    cityCode: input.city ?? null,
    district,
    // A chosen package's promised speeds stand for it; without one, what the person typed.
    promisedDown: chosen?.package ? chosen.package.downloadMbps : (input.promisedDown ?? null),
    promisedUp: chosen?.package ? chosen.package.uploadMbps : (input.promisedUp ?? null),
  };
}

/**
 * Stores a finished test. It is accepted only with the stream server's signed
 * receipt of that same test, once, and only with figures the server's own counts allow (decision
 * 022: enough data moved, the upload the server's figure, the download between the server's send
 * rate and its best second, the latencies within the round trips it timed). The grade is
 * computed here, not taken from the client. What the person chose is checked too: the provider
 * must be an internet provider on the site and the package one of its internet packages on sale
 * (its promised speeds are stored, not the client's), the district one of the chosen province's.
 *
 * `share: false` keeps a signed-in person's test in their history only, as the page does when a
 * test finishes; the same receipt posted again by that person with `share: true` then adds the
 * choices to that result and shares it (once; its figures stay as stored). Returns the public id
 * of the result.
 */
export async function saveSpeedtestResult(
  app: Pick<AppContext, "db" | "limits" | "config">,
  opts: { input: unknown; user: SessionUser | null; ipHash: string | null; ip: string; now?: number },
): Promise<{ id: string }> {
  const input = parseInput(speedtestResultSchema, opts.input);
  await consumeLimit(app.limits, SPEEDTEST_SAVE_LIMIT, opts.ip);
  const receipt = verifyReceipt(app.config.SESSION_SECRET, input.receipt);
  if (!receipt) throw new AppError("E_VALIDATION", "speedtest.errors.badReceipt", { fieldErrors: { receipt: { key: "speedtest.errors.badReceipt" } } });
  // A guest's history is on the device: nothing private is kept without an owner.
  if (!input.share && !opts.user) throw new AppError("E_UNAUTHORIZED", "speedtest.errors.keepNeedsAccount");

  const [kept] = await app.db
    .select({ id: speedtestResults.id, userId: speedtestResults.userId, shared: speedtestResults.shared })
    .from(speedtestResults)
    .where(eq(speedtestResults.testId, receipt.testId));
  if (kept) return shareKept(app, { input, user: opts.user, ipHash: opts.ipHash, kept });

  const now = opts.now ?? Date.now();
  if (now - receipt.issuedAt > RECEIPT_TTL_MS || receipt.issuedAt > now + 60_000) {
    throw new AppError("E_VALIDATION", "speedtest.errors.receiptExpired");
  }
  const problem = figureProblem(receipt, input);
  if (problem === "tooLittleData") throw new AppError("E_VALIDATION", "speedtest.errors.tooLittleData");
  if (problem) throw new AppError("E_VALIDATION", "speedtest.errors.figuresMismatch");
  const choices = await checkChoices(app, input);

  const id = randomBytes(12).toString("base64url");
  const rows = await app.db
    .insert(speedtestResults)
    .values({
      id,
      testId: receipt.testId,
      userId: opts.user?.id ?? null,
      ipHash: opts.ipHash,
      download: input.download,
      upload: receipt.upMbps,
      ping: input.ping,
      pingMin: input.pingMin,
      jitter: input.jitter,
      loadedDown: input.loadedDown,
      loadedUp: input.loadedUp,
      grade: bufferbloatGrade(Math.max(input.loadedDown, input.loadedUp) - input.ping),
      ...choices,
      shared: input.share,
    })
    .onConflictDoNothing({ target: speedtestResults.testId })
    .returning({ id: speedtestResults.id });
  if (rows.length === 0) throw new AppError("E_CONFLICT", "speedtest.errors.receiptUsed");
  // A private result (kept for its owner only) is in no statistic and spends no mark: it is
  // counted when it is shared, with the provider and province chosen then.
  if (input.share) await countForStatistics(app, { id, ipHash: opts.ipHash, companyId: choices.companyId, city: choices.cityCode });
  return { id };
}

/**
 * The receipt's test is stored already: its owner may share it once (with the choices made
 * since); anyone else, or a second time, is the used receipt's 409.
 */
async function shareKept(
  app: Pick<AppContext, "db">,
  opts: { input: ResultInput; user: SessionUser | null; ipHash: string | null; kept: { id: string; userId: number | null; shared: boolean } },
): Promise<{ id: string }> {
  const { input, user, kept } = opts;
  if (!user || kept.userId !== user.id || kept.shared || !input.share) throw new AppError("E_CONFLICT", "speedtest.errors.receiptUsed");
  const choices = await checkChoices(app, input);
  const rows = await app.db
    .update(speedtestResults)
    .set({ ...choices, shared: true })
    .where(and(eq(speedtestResults.id, kept.id), eq(speedtestResults.shared, false)))
    .returning({ id: speedtestResults.id });
  if (rows.length === 0) throw new AppError("E_CONFLICT", "speedtest.errors.receiptUsed");
  await countForStatistics(app, { id: kept.id, ipHash: opts.ipHash, companyId: choices.companyId, city: choices.cityCode });
  return { id: kept.id };
}

/**
 * Marks a stored result as counted by the statistics when it is the first of its address for its
 * provider (or for no provider) today: one address cannot move a median with many tests. A result
 * with neither provider nor province is in no statistic and spends no mark.
 */
async function countForStatistics(app: Pick<AppContext, "db">, opts: { id: string; ipHash: string | null; companyId: number | null; city: number | null }) {
  if (opts.companyId === null && opts.city === null) return;
  if (!(await countOnce(app.db, { ipHash: opts.ipHash, subject: `speedtest:${opts.companyId ?? "none"}` }))) return;
  await app.db.update(speedtestResults).set({ counted: true }).where(eq(speedtestResults.id, opts.id));
}
