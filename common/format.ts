/** A user-interface language. The site's default is "tr" (see DEFAULT_LOCALE). */
export type Locale = "tr" | "en";

/** A display name in each interface language. */
export type LocalizedName = Readonly<Record<Locale, string>>;

export interface PriceParts {
  /** The price in the locale's currency: lira in tr, US dollars in en. */
  primary: string;
  /** In en, the original lira amount shown beside the dollar amount; absent in tr. */
  secondary?: string;
}

/**
 * A value made on its first use and kept. Building an Intl formatter loads its locale's data
 * (tens of milliseconds on a slow phone): made when a module loads, every page paid for formatters
 * it never used before it could respond.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The page's number format with these options ("1.234,5" in Turkish, "1,234.5" in English), made
 * once per language and options: `toLocaleString` and a new Intl.NumberFormat per figure build the
 * formatter, with its locale data, again for every number on the page.
 */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === "tr" ? "tr-TR" : "en-US", options);
    numberFormats.set(key, format);
  }
  return format;
}

const LIRA = { style: "currency", currency: "TRY", minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
/** Lira beside dollars on an English page: English digits and separators ("₺3,200.00"). */
const LIRA_EN = { ...LIRA, currencyDisplay: "narrowSymbol" } as const;
const DOLLARS = { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** Rounds half away from zero to 2 decimals, ignoring binary noise (1.005 -> 1.01); never -0. */
function roundToCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return cents === 0 ? 0 : (Math.sign(amount) * cents) / 100;
}

function assertFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

function formatLira(amountTry: number, locale: Locale = "tr"): string {
  return (locale === "en" ? numberFormat("en", LIRA_EN) : numberFormat("tr", LIRA)).format(roundToCents(amountTry));
}

function formatDollars(amountTry: number, usdPerTry: number): string {
  assertFinite("usdPerTry", usdPerTry);
  if (usdPerTry <= 0) throw new RangeError(`usdPerTry must be positive, got ${usdPerTry}`);
  return numberFormat("en", DOLLARS).format(roundToCents(amountTry * usdPerTry));
}

/**
 * A price stored in lira, for display. tr: "₺1.234,50". en: converted with `usdPerTry`
 * (dollars per one lira) and rounded to cents: "$30.12".
 * Throws RangeError for a non-finite amount or a rate that is not a positive number.
 */
export function formatPrice(amountTry: number, locale: Locale, usdPerTry: number): string {
  assertFinite("amountTry", amountTry);
  return locale === "en" ? formatDollars(amountTry, usdPerTry) : formatLira(amountTry);
}

/** Like formatPrice, but in en also returns the lira amount (in English number format) to show beside the dollars. */
export function formatPriceParts(amountTry: number, locale: Locale, usdPerTry: number): PriceParts {
  assertFinite("amountTry", amountTry);
  if (locale === "en") {
    // The lira amount in the page's number format too: "$6.48 (₺269.90)", not "(₺269,90)".
    return { primary: formatDollars(amountTry, usdPerTry), secondary: formatLira(amountTry, "en") };
  }
  return { primary: formatLira(amountTry) };
}

interface DateFields {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

// Intl.DateTimeFormat is costly to build; keep one per time zone.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateFields(date: Date | string, timeZone: string): DateFields {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(timeZone, format);
  }
  const fields: DateFields = { day: "", month: "", year: "", hour: "", minute: "" };
  for (const part of format.formatToParts(value)) {
    if (part.type in fields) fields[part.type as keyof DateFields] = part.value;
  }
  return fields;
}

/** "DD.MM.YYYY" as seen in `timeZone` (default Europe/Istanbul). Throws RangeError for an invalid date. */
export function formatDate(date: Date | string, timeZone = "Europe/Istanbul"): string {
  const f = dateFields(date, timeZone);
  return `${f.day}.${f.month}.${f.year}`;
}

/** "DD.MM.YYYY HH:mm" (24-hour) as seen in `timeZone` (default Europe/Istanbul). */
export function formatDateTime(date: Date | string, timeZone = "Europe/Istanbul"): string {
  const f = dateFields(date, timeZone);
  return `${f.day}.${f.month}.${f.year} ${f.hour}:${f.minute}`;
}

/** "HH:mm" (24-hour) as seen in `timeZone` (default Europe/Istanbul). */
export function formatTime(date: Date | string, timeZone = "Europe/Istanbul"): string {
  const f = dateFields(date, timeZone);
  return `${f.hour}:${f.minute}`;
}

const pluralRules: Record<Locale, () => Intl.PluralRules> = {
  tr: onFirstUse(() => new Intl.PluralRules("tr-TR")),
  en: onFirstUse(() => new Intl.PluralRules("en-US")),
};

/**
 * Picks the singular or plural wording for `count` by the locale's plural rules and puts the
 * count, formatted for the locale, in place of "{count}".
 * plural(1, { one: "{count} comment", other: "{count} comments" }, "en") -> "1 comment".
 */
export function plural(count: number, forms: { one: string; other: string }, locale: Locale): string {
  const form = pluralRules[locale]().select(count) === "one" ? forms.one : forms.other;
  const shown = numberFormat(locale).format(count);
  return form.replaceAll("{count}", shown);
}

/** A review score (1–5, one decimal) in the page's number format: "4,5" in Turkish, "4.5" in English. */
export function formatScore(score: number, locale: string): string {
  return numberFormat(locale === "en" ? "en" : "tr").format(score);
}

/** A share (0.87) as a per cent in the page's number format ("%87", "87%"), `signed` with its sign ("+%12,5"). */
export function formatPercent(share: number, locale: Locale, opts: { signed?: boolean; digits?: number } = {}): string {
  return numberFormat(locale, {
    style: "percent",
    maximumFractionDigits: opts.digits ?? 0,
    ...(opts.signed ? { signDisplay: "always" as const } : {}),
  }).format(share);
}

/** A number with at most `digits` decimals in the page's number format ("1,3", "1.3"). */
export function formatDecimal(value: number, locale: Locale, digits = 1): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}
