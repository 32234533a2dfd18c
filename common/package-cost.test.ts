import { describe, expect, it } from "vitest";
import { checkCostTerms, commitmentSummary, type CostTerms, monthlyFee, packageCostSummary, pricePerMbpsKurus, terminationRow } from "./package-cost";

const base: CostTerms = {
  priceKurus: 0,
  commitmentMonths: 0,
  commitmentPriceKurus: null,
  introMonths: 0,
  introPriceKurus: null,
  priceAfterCommitmentKurus: null,
  modemRentalKurus: 0,
  activationFeeKurus: 0,
  freeMonths: 0,
  discountKurus: 0,
};

describe("example A: 24-month fiber, 400 ₺ with commitment, 600 ₺ without, 250 ₺ activation, 30 ₺ modem", () => {
  const terms: CostTerms = {
    ...base,
    priceKurus: 60_000,
    commitmentMonths: 24,
    commitmentPriceKurus: 40_000,
    modemRentalKurus: 3_000,
    activationFeeKurus: 25_000,
  };
  const s = packageCostSummary(terms);

  it("total cost = 24 × 400 + 24 × 30 + 250 = 9,600 + 720 + 250 = 10,570 ₺", () => {
    expect(s.horizonMonths).toBe(24);
    expect(s.totalCostKurus).toBe(1_057_000);
  });
  it("effective monthly = 10,570 / 24 = 440.4166… → 440.42 ₺", () => {
    expect(s.effectiveMonthlyKurus).toBe(44_042);
    expect(s.monthlyPriceKurus).toBe(40_000);
  });
  it("after the commitment: 600 + 30 modem = 630 ₺ a month, 200 ₺ more than 400 + 30", () => {
    expect(s.priceAfterCommitmentKurus).toBe(63_000);
    expect(s.afterCommitmentChangeKurus).toBe(20_000);
  });
  it("first year = 12 × 430 + 250 = 5,410 ₺; second year = 12 × 430 = 5,160 ₺", () => {
    expect(s.firstYearKurus).toBe(541_000);
    expect(s.secondYearKurus).toBe(516_000);
  });
  it("termination fee in month N = min(200 × N discounts, 400 × (24 − N) remaining): rises to 3,200 ₺ at N = 16, then falls", () => {
    // N:        1    2    3    4     5     6     7     8     9    10    11    12    13    14    15    16    17    18    19    20    21   22   23  24
    const lira = [200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000, 3200, 2800, 2400, 2000, 1600, 1200, 800, 400, 0];
    expect(s.termination.map((r) => r.feeKurus / 100)).toEqual(lira);
    expect(s.termination[15]).toEqual({ month: 16, discountsReceivedKurus: 320_000, remainingFeesKurus: 320_000, feeKurus: 320_000 });
    expect(s.terminationMinKurus).toBe(20_000);
    expect(s.terminationMaxKurus).toBe(320_000);
  });
  it("price per Mbps at 100 Mbps = 440.42 / 100 = 4.40 ₺", () => {
    expect(pricePerMbpsKurus(s.effectiveMonthlyKurus, 100)).toBe(440);
  });
  it("2022 summary: 600 ₺ without commitment, 440.42 ₺ average, 200–3,200 ₺ termination, 24 months", () => {
    expect(commitmentSummary(terms)).toEqual({
      priceWithoutCommitmentKurus: 60_000,
      averageMonthlyKurus: 44_042,
      terminationMinKurus: 20_000,
      terminationMaxKurus: 320_000,
      commitmentMonths: 24,
    });
  });
});

describe("example B: 12 months, 1st month free, months 2–3 at 250 ₺, then 350 ₺; 500 ₺ without; activation waived (200 ₺ discount); 450 ₺ after", () => {
  const terms: CostTerms = {
    ...base,
    priceKurus: 50_000,
    commitmentMonths: 12,
    commitmentPriceKurus: 35_000,
    introMonths: 3,
    introPriceKurus: 25_000,
    freeMonths: 1,
    discountKurus: 20_000,
    priceAfterCommitmentKurus: 45_000,
  };
  const s = packageCostSummary(terms);

  it("monthly fees: 0, 250, 250, then 350 × 9; 450 from month 13", () => {
    expect([1, 2, 3, 4, 12, 13].map((m) => monthlyFee(terms, m) / 100)).toEqual([0, 250, 250, 350, 350, 450]);
  });
  it("total = 0 + 2 × 250 + 9 × 350 = 3,650 ₺; effective = 3,650 / 12 = 304.1666… → 304.17 ₺", () => {
    expect(s.totalCostKurus).toBe(365_000);
    expect(s.effectiveMonthlyKurus).toBe(30_417);
  });
  it("first year 3,650 ₺, second year 12 × 450 = 5,400 ₺; 100 ₺ a month more after", () => {
    expect(s.firstYearKurus).toBe(365_000);
    expect(s.secondYearKurus).toBe(540_000);
    expect(s.afterCommitmentChangeKurus).toBe(10_000);
  });
  it("termination: discounts 200 + 500 + 250 + 250 + 150 per month vs remaining fees", () => {
    // N=1: received 200+500 = 700, remaining 2×250 + 9×350 = 3,650 → 700
    expect(terminationRow(terms, 1)).toEqual({ month: 1, discountsReceivedKurus: 70_000, remainingFeesKurus: 365_000, feeKurus: 70_000 });
    // N=7: received 700+250+250+4×150 = 1,800; remaining 5 × 350 = 1,750 → 1,750 (the highest)
    expect(terminationRow(terms, 7)).toEqual({ month: 7, discountsReceivedKurus: 180_000, remainingFeesKurus: 175_000, feeKurus: 175_000 });
    const lira = [700, 950, 1200, 1350, 1500, 1650, 1750, 1400, 1050, 700, 350, 0];
    expect(s.termination.map((r) => r.feeKurus / 100)).toEqual(lira);
    expect(s.terminationMinKurus).toBe(35_000);
    expect(s.terminationMaxKurus).toBe(175_000);
  });
});

describe("example C: no commitment, 299.90 ₺ a month, own modem, 100 Mbps", () => {
  const terms: CostTerms = { ...base, priceKurus: 29_990 };
  const s = packageCostSummary(terms);
  it("total over 12 months = 12 × 299.90 = 3,598.80 ₺; effective 299.90 ₺; no termination fee", () => {
    expect(s.horizonMonths).toBe(12);
    expect(s.totalCostKurus).toBe(359_880);
    expect(s.effectiveMonthlyKurus).toBe(29_990);
    expect(s.priceAfterCommitmentKurus).toBe(29_990);
    expect(s.afterCommitmentChangeKurus).toBe(0);
    expect(s.termination).toEqual([]);
    expect([s.terminationMinKurus, s.terminationMaxKurus]).toEqual([0, 0]);
    expect(commitmentSummary(terms)).toBeNull();
  });
  it("price per Mbps = 299.90 / 100 = 2.999 → 3.00 ₺; none without a speed", () => {
    expect(pricePerMbpsKurus(s.effectiveMonthlyKurus, 100)).toBe(300);
    expect(pricePerMbpsKurus(s.effectiveMonthlyKurus, null)).toBeNull();
    expect(pricePerMbpsKurus(s.effectiveMonthlyKurus, 0)).toBeNull();
  });
  it("second year equals first year", () => {
    expect(s.secondYearKurus).toBe(s.firstYearKurus);
  });
});

describe("example D: 1-month commitment has no termination range", () => {
  it("leaving in its only month costs nothing; min = max = 0", () => {
    const s = packageCostSummary({ ...base, priceKurus: 10_000, commitmentMonths: 1, commitmentPriceKurus: 8_000 });
    expect(s.termination).toEqual([{ month: 1, discountsReceivedKurus: 2_000, remainingFeesKurus: 0, feeKurus: 0 }]);
    expect([s.terminationMinKurus, s.terminationMaxKurus]).toEqual([0, 0]);
  });
});

describe("terms that do not describe a package", () => {
  it.each<[string, Partial<CostTerms>]>([
    ["negative price", { priceKurus: -1 }],
    ["fractional kuruş", { priceKurus: 1.5 }],
    ["commitment over 24 months", { commitmentMonths: 36, commitmentPriceKurus: 1 }],
    ["commitment without its price", { commitmentMonths: 12 }],
    ["a commitment price without commitment", { commitmentPriceKurus: 100 }],
    ["campaign longer than the commitment", { commitmentMonths: 12, commitmentPriceKurus: 1, introMonths: 13, introPriceKurus: 1 }],
    ["campaign months without a price", { commitmentMonths: 12, commitmentPriceKurus: 1, introMonths: 3 }],
    ["negative free months", { freeMonths: -1 }],
  ])("%s is refused", (_, change) => {
    expect(() => checkCostTerms({ ...base, priceKurus: 100, ...change })).toThrow(RangeError);
  });
});

describe("the ranking figure: average per month over 24 months, activation and modem included", () => {
  it("a 12-month commitment is costed over 24 months, its second year at the price after the commitment", () => {
    // 12 × 300 (committed) + 12 × 600 (after) + 24 × 20 modem + 150 activation = 3,600 + 7,200 + 480 + 150 = 11,430 ₺ → 476.25 ₺ a month.
    const s = packageCostSummary({ ...base, priceKurus: 60_000, commitmentMonths: 12, commitmentPriceKurus: 30_000, modemRentalKurus: 2_000, activationFeeKurus: 15_000 });
    expect(s.rankingMonths).toBe(24);
    expect(s.rankingMonthlyKurus).toBe(47_625);
    // Its total over the commitment alone (12 months) is lower than a 24-month package's: the reason for the common period.
    expect(s.totalCostKurus).toBe(399_000);
  });
  it("a 24-month commitment: its whole commitment (example A: 10,570 / 24 = 440.4166… → 440.42 ₺)", () => {
    const s = packageCostSummary({ ...base, priceKurus: 60_000, commitmentMonths: 24, commitmentPriceKurus: 40_000, modemRentalKurus: 3_000, activationFeeKurus: 25_000 });
    expect(s.rankingMonths).toBe(24);
    expect(s.rankingMonthlyKurus).toBe(44_042);
  });
  it("no commitment: 24 months of the price, the activation once (24 × 450 + 99.90 = 10,899.90 / 24 = 454.1625 → 454.16 ₺)", () => {
    const s = packageCostSummary({ ...base, priceKurus: 45_000, activationFeeKurus: 9_990 });
    expect(s.rankingMonthlyKurus).toBe(45_416);
    expect(s.effectiveMonthlyKurus).toBe(45_833);
  });
  it("free and campaign months count where they fall: 2 free, 4 at 100, 6 at 250 of a 12-month commitment, then 500 (0 + 400 + 1,500 + 6,000 = 7,900 / 24 = 329.1666… → 329.17 ₺)", () => {
    const s = packageCostSummary({ ...base, priceKurus: 50_000, commitmentMonths: 12, commitmentPriceKurus: 25_000, introMonths: 6, introPriceKurus: 10_000, freeMonths: 2 });
    expect(s.rankingMonthlyKurus).toBe(32_917);
  });
  it("rounds half up to a kuruş (1 ₺ activation on a free package: 100 / 24 = 4.1666… → 4 kuruş; 12 kuruş → 0.5 → 1)", () => {
    expect(packageCostSummary({ ...base, activationFeeKurus: 100 }).rankingMonthlyKurus).toBe(4);
    expect(packageCostSummary({ ...base, activationFeeKurus: 12 }).rankingMonthlyKurus).toBe(1);
  });
});
