import { describe, it, expect } from "vitest";
import { formatDate, formatDateTime, formatPercent, formatPrice, formatScore, formatTime, formatPriceParts, numberFormat, onFirstUse, plural } from "./format";

describe("formatPrice", () => {
  it("shows Turkish lira in tr with 2 decimals", () => {
    expect(formatPrice(1234.5, "tr", 0.03)).toBe("₺1.234,50");
    expect(formatPrice(0, "tr", 0.03)).toBe("₺0,00");
    expect(formatPrice(1234567.891, "tr", 0.03)).toBe("₺1.234.567,89");
    expect(formatPrice(-0.001, "tr", 0.03)).toBe("₺0,00");
  });

  it("converts to US dollars in en and rounds to cents half up", () => {
    expect(formatPrice(1000, "en", 0.030115)).toBe("$30.12");
    expect(formatPrice(1000, "en", 0.030114)).toBe("$30.11");
    expect(formatPrice(100.5, "en", 1)).toBe("$100.50");
    expect(formatPrice(1.005, "en", 1)).toBe("$1.01");
    expect(formatPrice(50000, "en", 0.5)).toBe("$25,000.00");
  });

  it("refuses non-finite amounts and non-positive rates", () => {
    expect(() => formatPrice(Number.NaN, "tr", 0.03)).toThrow(RangeError);
    expect(() => formatPrice(10, "en", 0)).toThrow(RangeError);
    expect(() => formatPrice(10, "en", Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("formatPriceParts", () => {
  it("gives only lira in tr", () => {
    expect(formatPriceParts(1234.5, "tr", 0.03)).toEqual({ primary: "₺1.234,50" });
    expect("secondary" in formatPriceParts(1234.5, "tr", 0.03)).toBe(false);
  });

  it("gives dollars with the lira amount beside in en", () => {
    // Both amounts in the English page's number format.
    expect(formatPriceParts(1234.5, "en", 0.03)).toEqual({ primary: "$37.04", secondary: "₺1,234.50" });
    expect(formatPriceParts(269.9, "en", 0.024)).toEqual({ primary: "$6.48", secondary: "₺269.90" });
  });
});

describe("formatDate / formatDateTime", () => {
  it("formats DD.MM.YYYY zero-padded in Istanbul time", () => {
    expect(formatDate(new Date("2024-03-05T09:00:00Z"))).toBe("05.03.2024");
    expect(formatDate("2023-01-09T12:00:00Z")).toBe("09.01.2023");
  });

  it("moves a late UTC time to the next day in Istanbul (UTC+3)", () => {
    expect(formatDate("2024-12-31T22:30:00Z")).toBe("01.01.2025");
    expect(formatDate("2024-12-31T22:30:00Z", "UTC")).toBe("31.12.2024");
  });

  it("formats date and 24-hour time", () => {
    expect(formatDateTime("2024-03-05T21:00:00Z")).toBe("06.03.2024 00:00");
    expect(formatDateTime("2024-03-05T13:07:00Z")).toBe("05.03.2024 16:07");
    expect(formatDateTime("2024-03-05T13:07:00Z", "UTC")).toBe("05.03.2024 13:07");
    expect(formatTime("2024-03-05T21:45:00Z")).toBe("00:45");
  });

  it("refuses an invalid date", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});

describe("plural", () => {
  const en = { one: "{count} comment", other: "{count} comments" };
  const tr = { one: "{count} yorum", other: "{count} yorumlar" };

  it("chooses one/other in en", () => {
    expect(plural(1, en, "en")).toBe("1 comment");
    expect(plural(0, en, "en")).toBe("0 comments");
    expect(plural(2, en, "en")).toBe("2 comments");
    expect(plural(1234, en, "en")).toBe("1,234 comments");
  });

  it("chooses one/other in tr", () => {
    expect(plural(1, tr, "tr")).toBe("1 yorum");
    expect(plural(5, tr, "tr")).toBe("5 yorumlar");
    expect(plural(1234, tr, "tr")).toBe("1.234 yorumlar");
  });
});

describe("numberFormat / onFirstUse", () => {
  it("keeps one formatter per language and options, in the page's separators", () => {
    expect(numberFormat("tr", { maximumFractionDigits: 1 })).toBe(numberFormat("tr", { maximumFractionDigits: 1 }));
    expect(numberFormat("tr", { maximumFractionDigits: 1 })).not.toBe(numberFormat("en", { maximumFractionDigits: 1 }));
    expect(numberFormat("tr", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1.234,6");
    expect(numberFormat("en", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1,234.6");
    expect(formatScore(4.5, "tr")).toBe("4,5");
    expect(formatPercent(0.125, "tr", { signed: true, digits: 1 })).toBe("+%12,5");
    expect(formatPercent(0.125, "en", { signed: true, digits: 1 })).toBe("+12.5%");
  });

  it("makes the value on the first call only", () => {
    let made = 0;
    const get = onFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    expect(get()).toBe(get());
    expect(made).toBe(1);
  });
});
