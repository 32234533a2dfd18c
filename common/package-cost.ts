// The whole cost of a package (DESIGN.md "The whole cost"), computed from its stored terms.
// Pure and isomorphic: the page, the compare table, the API and the stored sort columns all use it.
// Every amount is integer kuruş (1 lira = 100 kuruş); averages are rounded half up to a kuruş.
//
// The model, in words:
// - A committed subscription runs `commitmentMonths` months. Month m (1-based) is charged:
//   nothing in the first `freeMonths` months; else the campaign price in the first `introMonths`
//   months; else the price with commitment. Modem rental is charged every month on top.
// - Without commitment the month is charged the price without commitment; its "total cost" is
//   taken over 12 months (NO_COMMITMENT_HORIZON) so it can be compared with committed packages.
// - After the commitment the month costs `priceAfterCommitmentKurus`, or the price without
//   commitment when that is not given, plus the modem rental.
// - The activation fee is charged once, in month 1.
// - The discount received in month m is what the month would have cost without commitment minus
//   what it costs (never below 0); the one-off `discountKurus` (e.g. a waived activation fee) is
//   received in month 1.
// - Early termination fee (cayma bedeli) when leaving in month N (months 1..N billed): the lower
//   of the discounts received in months 1..N and the fees of the remaining months N+1..C.

import { MAX_COMMITMENT_MONTHS } from "./packages";

export interface CostTerms {
  /** Monthly price without commitment. */
  priceKurus: number;
  /** 0 = none; otherwise 1–24. */
  commitmentMonths: number;
  /** Monthly price while committed; required when commitmentMonths > 0. */
  commitmentPriceKurus: number | null;
  /** Campaign price for the first introMonths months of the commitment. */
  introMonths: number;
  introPriceKurus: number | null;
  /** Monthly price after the commitment ends; null = the price without commitment. */
  priceAfterCommitmentKurus: number | null;
  modemRentalKurus: number;
  activationFeeKurus: number;
  freeMonths: number;
  /** One-off discount received at the start (counts toward the termination fee). */
  discountKurus: number;
}

/** Months the total cost of a package without commitment is taken over. */
export const NO_COMMITMENT_HORIZON = 12;

/**
 * The common period packages are ranked over (as Verivox ranks: the average per month over 24
 * months, activation and modem included): a 12-month commitment's cheap first year is weighed
 * with the year after it, at the price after the commitment. A longer commitment is taken whole.
 */
export const RANKING_MONTHS = 24;

/** The months a package's ranking figure is taken over. */
export function rankingMonths(t: Pick<CostTerms, "commitmentMonths">): number {
  return Math.max(RANKING_MONTHS, t.commitmentMonths);
}

export interface TerminationRow {
  /** Leaving in this month (1..commitmentMonths). */
  month: number;
  discountsReceivedKurus: number;
  remainingFeesKurus: number;
  /** min(discountsReceived, remainingFees). */
  feeKurus: number;
}

export interface CostSummary {
  /** Months the total is taken over: the commitment, or 12 without one. */
  horizonMonths: number;
  /** The regular monthly price (with commitment when there is one). */
  monthlyPriceKurus: number;
  /** Everything paid over the horizon: monthly fees + modem rental + activation. */
  totalCostKurus: number;
  /** totalCost / horizon, rounded to a kuruş. */
  effectiveMonthlyKurus: number;
  /** The period the ranking figure is taken over: RANKING_MONTHS, or the commitment when longer. */
  rankingMonths: number;
  /** Everything paid over rankingMonths / rankingMonths, rounded to a kuruş: the order of the lists. */
  rankingMonthlyKurus: number;
  /** The monthly fee once the commitment ends (package + modem rental). */
  priceAfterCommitmentKurus: number;
  /** How much more (or less, negative) a month costs after the commitment than a regular committed month. */
  afterCommitmentChangeKurus: number;
  /** Cost of months 1–12 and 13–24 (after the commitment, at the after-commitment price). */
  firstYearKurus: number;
  secondYearKurus: number;
  /** One row per month of the commitment; empty without commitment. */
  termination: TerminationRow[];
  /** Lowest and highest fee when leaving before the last month; 0 without commitment. */
  terminationMinKurus: number;
  terminationMaxKurus: number;
}

function roundDiv(a: number, b: number): number {
  return Math.floor(a / b + 0.5);
}

/** Throws RangeError for terms that do not describe a package (the forms reject them first). */
export function checkCostTerms(t: CostTerms): void {
  const money = [t.priceKurus, t.modemRentalKurus, t.activationFeeKurus, t.discountKurus, t.commitmentPriceKurus ?? 0, t.introPriceKurus ?? 0, t.priceAfterCommitmentKurus ?? 0];
  if (money.some((v) => !Number.isSafeInteger(v) || v < 0)) throw new RangeError("amounts must be non-negative whole kuruş");
  if (!Number.isInteger(t.commitmentMonths) || t.commitmentMonths < 0 || t.commitmentMonths > MAX_COMMITMENT_MONTHS) throw new RangeError("commitment must be 0–24 months");
  if ((t.commitmentMonths > 0) !== (t.commitmentPriceKurus !== null)) throw new RangeError("a commitment needs its price, and only a commitment has one");
  if (!Number.isInteger(t.introMonths) || t.introMonths < 0 || t.introMonths > t.commitmentMonths) throw new RangeError("campaign months must be within the commitment");
  if ((t.introMonths > 0) !== (t.introPriceKurus !== null)) throw new RangeError("campaign months need a campaign price");
  if (!Number.isInteger(t.freeMonths) || t.freeMonths < 0 || t.freeMonths > MAX_COMMITMENT_MONTHS) throw new RangeError("free months must be 0–24");
}

/** The package fee (without modem) charged in month m (1-based) of a subscription. */
export function monthlyFee(t: CostTerms, m: number): number {
  if (m <= t.freeMonths) return 0;
  if (t.commitmentMonths === 0) return t.priceKurus;
  if (m > t.commitmentMonths) return t.priceAfterCommitmentKurus ?? t.priceKurus;
  if (m <= t.introMonths) return t.introPriceKurus ?? 0;
  return t.commitmentPriceKurus ?? 0;
}

/** Everything paid in month m: package fee + modem rental (+ activation in month 1). */
export function monthCost(t: CostTerms, m: number): number {
  return monthlyFee(t, m) + t.modemRentalKurus + (m === 1 ? t.activationFeeKurus : 0);
}

/** Early termination fee when leaving in month n of the commitment (0 without commitment or at its end). */
export function terminationRow(t: CostTerms, n: number): TerminationRow {
  let received = t.commitmentMonths > 0 ? t.discountKurus : 0;
  for (let m = 1; m <= n; m++) received += Math.max(0, t.priceKurus - monthlyFee(t, m));
  let remaining = 0;
  for (let m = n + 1; m <= t.commitmentMonths; m++) remaining += monthlyFee(t, m);
  return { month: n, discountsReceivedKurus: received, remainingFeesKurus: remaining, feeKurus: Math.min(received, remaining) };
}

/** Cost of months from..to inclusive. */
function costOf(t: CostTerms, from: number, to: number): number {
  let sum = 0;
  for (let m = from; m <= to; m++) sum += monthCost(t, m);
  return sum;
}

export function packageCostSummary(t: CostTerms): CostSummary {
  checkCostTerms(t);
  const committed = t.commitmentMonths > 0;
  const horizon = committed ? t.commitmentMonths : NO_COMMITMENT_HORIZON;
  const total = costOf(t, 1, horizon);
  const ranked = rankingMonths(t);
  const monthlyPrice = committed ? (t.commitmentPriceKurus ?? 0) : t.priceKurus;
  const after = (t.priceAfterCommitmentKurus ?? t.priceKurus) + t.modemRentalKurus;
  const termination = committed ? Array.from({ length: t.commitmentMonths }, (_, i) => terminationRow(t, i + 1)) : [];
  const beforeLast = termination.slice(0, -1).map((r) => r.feeKurus);
  return {
    horizonMonths: horizon,
    monthlyPriceKurus: monthlyPrice,
    totalCostKurus: total,
    effectiveMonthlyKurus: roundDiv(total, horizon),
    rankingMonths: ranked,
    rankingMonthlyKurus: roundDiv(costOf(t, 1, ranked), ranked),
    priceAfterCommitmentKurus: after,
    afterCommitmentChangeKurus: committed ? after - (monthlyPrice + t.modemRentalKurus) : 0,
    firstYearKurus: costOf(t, 1, 12),
    secondYearKurus: costOf(t, 13, 24),
    termination,
    terminationMinKurus: beforeLast.length ? Math.min(...beforeLast) : 0,
    terminationMaxKurus: beforeLast.length ? Math.max(...beforeLast) : 0,
  };
}

/**
 * Price per Mbps of download speed: the effective monthly cost divided by the speed, in kuruş
 * (rounded); null when the package has no speed.
 */
export function pricePerMbpsKurus(effectiveMonthlyKurus: number, downloadMbps: number | null): number | null {
  if (!downloadMbps || downloadMbps <= 0) return null;
  return roundDiv(effectiveMonthlyKurus, downloadMbps);
}

/**
 * The commitment summary in the shape the 2022 Turkish subscription rules ask of providers:
 * price without commitment, average monthly fee over the commitment, the minimum and maximum
 * early termination fee, and the commitment length (at most 24 months). null without commitment.
 */
export interface CommitmentSummary {
  priceWithoutCommitmentKurus: number;
  averageMonthlyKurus: number;
  terminationMinKurus: number;
  terminationMaxKurus: number;
  commitmentMonths: number;
}

export function commitmentSummary(t: CostTerms): CommitmentSummary | null {
  if (t.commitmentMonths === 0) return null;
  const s = packageCostSummary(t);
  return {
    priceWithoutCommitmentKurus: t.priceKurus,
    averageMonthlyKurus: s.effectiveMonthlyKurus,
    terminationMinKurus: s.terminationMinKurus,
    terminationMaxKurus: s.terminationMaxKurus,
    commitmentMonths: t.commitmentMonths,
  };
}

/** Lira (as the price formatter takes) from kuruş. */
export function kurusToLira(kurus: number): number {
  return kurus / 100;
}
