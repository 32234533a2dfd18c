import { and, eq } from "drizzle-orm";
import { parse as parseCsv } from "csv-parse/sync";
import { packageInputSchema } from "../../common/forms/packages";
import { toValidationErrors } from "../../common/validation/messages";
import type { Database } from "../db/client";
import { companies } from "../companies/schema";
import { packages } from "./schema";
import { isAppError, type Message } from "../platform/app-error";
import { recordPricesAs } from "./price-history";
import { insertPackage, replacePackage } from "./write-package";

/**
 * `npm run import:packages -- FILE`: packages from a CSV (header row, comma or semicolon) or a
 * JSON array. Columns: `company` (the company's url slug) and the fields of packageInputSchema
 * (common/forms/packages.ts) — serviceKind, title, slug, description, tags (comma-separated),
 * technology, downloadMbps, uploadMbps, quotaGb, fairUsage, price, commitmentMonths,
 * commitmentPrice, introMonths, introPrice, priceAfterCommitment, modemOffer, modemRental,
 * activationFee, freeMonths, discount, discountNote, phoneBundle, talkPackage, tvPlatform,
 * gsmIncluded, servesAllCities, provinces (plate codes), diskGb, trafficGb, cpuCores, ramGb,
 * channelCount, priceConfirmedOn. Prices in lira. Idempotent: a row whose company already has a
 * package at that url replaces its terms; each row is its own transaction, and a rejected row
 * (unknown company, invalid field) is reported with its line and changes nothing.
 */

export const IMPORT_COLUMNS = [
  "company",
  ...Object.keys(packageInputSchema.in.shape),
] as const;

export interface RejectedRow {
  /** 1-based data row (the CSV header is row 0). */
  row: number;
  field: string;
  message: Message;
}

export interface ImportReport {
  created: number;
  updated: number;
  rejected: RejectedRow[];
}

/** Reads the rows of a CSV or JSON text. Throws on a text that is neither. */
export function readImportRows(text: string, format: "csv" | "json"): Record<string, unknown>[] {
  if (format === "json") {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data) || !data.every((r) => r && typeof r === "object" && !Array.isArray(r))) throw new Error("JSON must be an array of objects");
    return data as Record<string, unknown>[];
  }
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  return parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, delimiter, relax_column_count: false }) as Record<string, unknown>[];
}

/**
 * Imports the rows: each is checked with the dashboard form's rules and stored (a company's
 * package at the same url is updated) or rejected with its row, field and reason. `onProgress`
 * is told after every row (the command prints it on stderr, like the companies import).
 */
export async function importPackages(
  db: Database,
  rows: Record<string, unknown>[],
  opts: { now?: Date; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, rejected: [] };
  const companyIds = new Map<string, number | null>();
  const importRow = async (row: number, raw: Record<string, unknown>): Promise<void> => {
    const unknown = Object.keys(raw).find((k) => !(IMPORT_COLUMNS as readonly string[]).includes(k));
    if (unknown) {
      report.rejected.push({ row, field: unknown, message: { key: "packages.import.unknownColumn", params: { column: unknown.slice(0, 40) } } });
      return;
    }
    const slug = typeof raw.company === "string" ? raw.company.trim() : "";
    if (!companyIds.has(slug)) {
      const [c] = slug ? await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug)).limit(1) : [];
      companyIds.set(slug, c?.id ?? null);
    }
    const companyId = companyIds.get(slug) ?? null;
    if (companyId === null) {
      report.rejected.push({ row, field: "company", message: { key: "packages.import.unknownCompany" } });
      return;
    }
    const { company: _company, ...fields } = raw;
    void _company;
    const parsed = packageInputSchema.safeParse(fields);
    if (!parsed.success) {
      const [field, message] = Object.entries(toValidationErrors(parsed.error))[0]!;
      report.rejected.push({ row, field, message });
      return;
    }
    try {
      await db.transaction(async (tx) => {
        await recordPricesAs(tx, "import");
        const [existing] = await tx
          .select({ id: packages.id })
          .from(packages)
          .where(and(eq(packages.companyId, companyId), eq(packages.slug, parsed.data.slug)))
          .limit(1);
        if (existing) await replacePackage(tx, companyId, existing.id, parsed.data, opts);
        else await insertPackage(tx, companyId, parsed.data, opts);
        if (existing) report.updated++;
        else report.created++;
      });
    } catch (e) {
      if (!isAppError(e)) throw e;
      report.rejected.push({ row, field: Object.keys(e.fieldErrors ?? {})[0] ?? "_row", message: e.messageKey });
    }
  };
  for (const [i, raw] of rows.entries()) {
    await importRow(i + 1, raw);
    opts.onProgress?.(i + 1, rows.length);
  }
  return report;
}
