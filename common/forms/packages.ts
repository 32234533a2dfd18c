import { z } from "../validation/zod";
import { MAX_COMMITMENT_MONTHS, MODEM_OFFERS, PACKAGE_BOUNDS, PHONE_BUNDLES, SERVICE_KINDS, TECHNOLOGIES } from "../packages";
import { slugify } from "../text";
import { dropInvisibleFormat, hasInvisibleFormat, isWellFormedText, nameField } from "../validation/fields";

/**
 * A package as an owner, the import CLI and the API write it. Money is typed in lira ("399,90",
 * "399.90" or a number) and kept in kuruş; empty optional fields become null. One schema for the
 * dashboard form, `npm run import:packages` and the API.
 */

const EMPTY = new Set(["", null, undefined]);

/** Lira with at most two decimals, comma or dot ("1.234,50", "1234.50", 1234.5). */
function readLira(required: boolean) {
  return (v: unknown) => {
    if (EMPTY.has(v as string)) return required ? undefined : null;
    if (typeof v === "number") return v;
    if (typeof v !== "string") return v;
    const s = v.trim().replace(/\s|₺|TL/gi, "");
    // "1.234,50" (Turkish grouping) and "1234.50" both read as 1234.50.
    const normal = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) ? s.replace(/\./g, "").replace(",", ".") : s.replace(",", ".");
    return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : Number.NaN;
  };
}

/** → integer kuruş. */
function liraSchema() {
  return z
    .number({ error: "packages.validation.money" })
    .finite("packages.validation.money")
    .min(0, "packages.validation.money")
    .max(PACKAGE_BOUNDS.priceKurus.max / 100, "packages.validation.moneyMax")
    .transform((v) => Math.round(v * 100));
}

function money(required: true) {
  void required;
  return z.preprocess(readLira(true), liraSchema());
}

function optionalMoney() {
  return z.preprocess(readLira(false), liraSchema().nullable());
}

function wholeNumberSchema(bounds: { min: number; max: number }) {
  return z
    .number({ error: "packages.validation.number" })
    .int("packages.validation.number")
    .min(bounds.min, "packages.validation.numberMin")
    .max(bounds.max, "packages.validation.numberMax");
}

function readWhole(required: boolean) {
  return (v: unknown) => {
    if (EMPTY.has(v as string)) return required ? undefined : null;
    if (typeof v === "string") return /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    return v;
  };
}

function wholeNumber(bounds: { min: number; max: number }, required: false) {
  void required;
  return z.preprocess(readWhole(false), wholeNumberSchema(bounds).nullable());
}

function requiredWholeNumber(bounds: { min: number; max: number }) {
  return z.preprocess(readWhole(true), wholeNumberSchema(bounds));
}

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1" || v === 1, z.boolean());

function optionalText(max: number, key: "packages.validation.text") {
  return z.preprocess(
    (v) => (typeof v === "string" ? (dropInvisibleFormat(v).trim() === "" ? null : dropInvisibleFormat(v)) : v ?? null),
    z
      .string({ error: key })
      .trim()
      .max(max, "packages.validation.textMax")
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v) && isWellFormedText(v), key)
      .nullable(),
  );
}

/** Tags: a list, or one comma-separated text. */
const tagsField = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v ?? []),
  z
    .array(
      z
        .string({ error: "packages.validation.tag" })
        .trim()
        .min(PACKAGE_BOUNDS.tags.min, "packages.validation.tag")
        .max(PACKAGE_BOUNDS.tags.max, "packages.validation.tag")
        .refine((v) => v.isWellFormed() && !/[<>\p{Cc}]/u.test(v), "packages.validation.tag")
        .refine((v) => !hasInvisibleFormat(v), "validation.invisibleFormat"),
    )
    .max(PACKAGE_BOUNDS.tags.maxCount, "packages.validation.tagsMax"),
);

/** Province plate codes: a list or comma-separated text. */
const provincesField = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[,\s]+/).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : Number.NaN)) : v ?? []),
  z.array(z.number({ error: "packages.validation.province" }).int("packages.validation.province").min(1, "packages.validation.province").max(81, "packages.validation.province")).max(81),
);

export const packageInputSchema = z
  .object({
    serviceKind: z.enum(SERVICE_KINDS, { error: "packages.validation.serviceKind" }),
    title: nameField("packages.validation.title", PACKAGE_BOUNDS.title),
    /** The url segment; made from the title when empty. */
    slug: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null),
      z.string().max(PACKAGE_BOUNDS.slug.max, "packages.validation.slug").regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "packages.validation.slug").nullable(),
    ),
    description: optionalText(PACKAGE_BOUNDS.description.max, "packages.validation.text"),
    tags: tagsField,
    technology: z.preprocess((v) => (EMPTY.has(v as string) ? null : v), z.enum(TECHNOLOGIES, { error: "packages.validation.technology" }).nullable()),
    downloadMbps: wholeNumber(PACKAGE_BOUNDS.speedMbps, false),
    uploadMbps: wholeNumber(PACKAGE_BOUNDS.speedMbps, false),
    quotaGb: wholeNumber(PACKAGE_BOUNDS.quotaGb, false),
    fairUsage: optionalText(PACKAGE_BOUNDS.fairUsage.max, "packages.validation.text"),
    price: money(true),
    commitmentMonths: requiredWholeNumber({ min: 0, max: MAX_COMMITMENT_MONTHS }),
    commitmentPrice: optionalMoney(),
    introMonths: wholeNumber({ min: 0, max: MAX_COMMITMENT_MONTHS }, false),
    introPrice: optionalMoney(),
    priceAfterCommitment: optionalMoney(),
    modemOffer: z.preprocess((v) => (EMPTY.has(v as string) ? "own" : v), z.enum(MODEM_OFFERS, { error: "packages.validation.modemOffer" })),
    modemRental: optionalMoney(),
    activationFee: optionalMoney(),
    freeMonths: wholeNumber(PACKAGE_BOUNDS.freeUsageMonths, false),
    discount: optionalMoney(),
    discountNote: optionalText(PACKAGE_BOUNDS.discountNote.max, "packages.validation.text"),
    phoneBundle: z.preprocess((v) => (EMPTY.has(v as string) ? "none" : v), z.enum(PHONE_BUNDLES, { error: "packages.validation.phoneBundle" })),
    talkPackage: checkbox,
    tvPlatform: optionalText(PACKAGE_BOUNDS.tvPlatform.max, "packages.validation.text"),
    gsmIncluded: checkbox,
    servesAllCities: checkbox,
    provinces: provincesField,
    diskGb: wholeNumber(PACKAGE_BOUNDS.diskGb, false),
    trafficGb: wholeNumber(PACKAGE_BOUNDS.trafficGb, false),
    cpuCores: wholeNumber(PACKAGE_BOUNDS.cpuCores, false),
    ramGb: wholeNumber(PACKAGE_BOUNDS.ramGb, false),
    channelCount: wholeNumber(PACKAGE_BOUNDS.channelCount, false),
    /** DD.MM.YYYY or YYYY-MM-DD; today when empty. */
    priceConfirmedOn: z.preprocess(
      (v) => {
        if (EMPTY.has(v as string)) return null;
        if (typeof v !== "string") return v;
        const tr = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v.trim());
        return tr ? `${tr[3]}-${tr[2]}-${tr[1]}` : v.trim();
      },
      z
        .string({ error: "packages.validation.date" })
        .regex(/^\d{4}-\d{2}-\d{2}$/, "packages.validation.date")
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "packages.validation.date")
        .nullable(),
    ),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (p.commitmentMonths > 0 && p.commitmentPrice === null) issue("commitmentPrice", "packages.validation.commitmentPriceRequired");
    if ((p.introMonths ?? 0) > p.commitmentMonths) issue("introMonths", "packages.validation.introWithinCommitment");
    if ((p.introMonths ?? 0) > 0 && p.introPrice === null) issue("introPrice", "packages.validation.introPriceRequired");
    if (p.modemOffer === "rental" && !p.modemRental) issue("modemRental", "packages.validation.modemRentalRequired");
    if (p.serviceKind === "internet" && p.technology === null) issue("technology", "packages.validation.technology");
    if (p.serviceKind === "internet" && p.downloadMbps === null) issue("downloadMbps", "packages.validation.speedRequired");
    if (!p.servesAllCities && p.provinces.length === 0) issue("provinces", "packages.validation.provincesRequired");
  })
  .transform((p) => {
    const committed = p.commitmentMonths > 0;
    const introMonths = committed ? (p.introMonths ?? 0) : 0;
    return {
      serviceKind: p.serviceKind,
      title: p.title,
      slug: p.slug ?? slugify(p.title),
      description: p.description,
      tags: [...new Set(p.tags)],
      technology: p.serviceKind === "internet" ? p.technology : null,
      downloadMbps: p.downloadMbps,
      uploadMbps: p.uploadMbps,
      quotaGb: p.quotaGb,
      fairUsage: p.fairUsage,
      priceKurus: p.price,
      commitmentMonths: p.commitmentMonths,
      commitmentPriceKurus: committed ? p.commitmentPrice : null,
      introMonths,
      introPriceKurus: introMonths > 0 ? p.introPrice : null,
      priceAfterCommitmentKurus: committed ? p.priceAfterCommitment : null,
      modemOffer: p.modemOffer,
      modemRentalKurus: p.modemOffer === "rental" ? (p.modemRental ?? 0) : 0,
      activationFeeKurus: p.activationFee ?? 0,
      freeMonths: p.freeMonths ?? 0,
      discountKurus: p.discount ?? 0,
      discountNote: p.discountNote,
      phoneBundle: p.phoneBundle,
      talkPackage: p.talkPackage,
      tvPlatform: p.tvPlatform,
      gsmIncluded: p.gsmIncluded,
      servesAllCities: p.servesAllCities,
      provinces: p.servesAllCities ? [] : [...new Set(p.provinces)].sort((a, b) => a - b),
      diskGb: p.diskGb,
      trafficGb: p.trafficGb,
      cpuCores: p.cpuCores,
      ramGb: p.ramGb,
      channelCount: p.channelCount,
      priceConfirmedOn: p.priceConfirmedOn,
    };
  });

export type PackageInput = z.output<typeof packageInputSchema>;

/** The dashboard form's text fields, in the order of the form (every field of packageInputSchema but the checkboxes and provinces). */
export const PACKAGE_TEXT_FIELDS = [
  "serviceKind",
  "title",
  "slug",
  "description",
  "tags",
  "technology",
  "downloadMbps",
  "uploadMbps",
  "quotaGb",
  "fairUsage",
  "price",
  "commitmentMonths",
  "commitmentPrice",
  "introMonths",
  "introPrice",
  "priceAfterCommitment",
  "modemOffer",
  "modemRental",
  "activationFee",
  "freeMonths",
  "discount",
  "discountNote",
  "phoneBundle",
  "tvPlatform",
  "diskGb",
  "trafficGb",
  "cpuCores",
  "ramGb",
  "channelCount",
  "priceConfirmedOn",
] as const;
export type PackageTextField = (typeof PACKAGE_TEXT_FIELDS)[number];

/** The dashboard form's checkboxes ("on" when ticked). */
export const PACKAGE_CHECKBOX_FIELDS = ["talkPackage", "gsmIncluded", "servesAllCities"] as const;
export type PackageCheckboxField = (typeof PACKAGE_CHECKBOX_FIELDS)[number];

/** The intents of the dashboard's package list (isletme/paketler/liste/:id). */
export const PACKAGE_LIST_INTENTS = ["duplicate", "withdraw", "restore"] as const;
export type PackageListIntent = (typeof PACKAGE_LIST_INTENTS)[number];

/**
 * The forms of the package edit page (isletme/paketler/duzenle/:id/:packageId): the package
 * (save) and, for administrators, its sponsored period (sponsor) and ending it now (unsponsor).
 */
export const PACKAGE_EDIT_INTENTS = ["save", "sponsor", "unsponsor"] as const;

/**
 * The dashboard form's fields as packageInputSchema reads them: text fields as sent (a field
 * sent twice counts as not a text), checkboxes as sent, the provinces' multiple select as one
 * comma-separated text. The page action and the browser's check read the form the same way.
 */
export function packageInputFromFields(get: (name: string) => string | undefined, getAll: (name: string) => string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of PACKAGE_TEXT_FIELDS) {
    const all = getAll(name);
    input[name] = all.length > 1 ? [all] : get(name);
  }
  for (const name of PACKAGE_CHECKBOX_FIELDS) input[name] = get(name);
  input.provinces = getAll("provinces").join(",");
  return input;
}
