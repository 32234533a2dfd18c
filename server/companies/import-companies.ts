import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { companyEditSchema, companyCategoryUrls } from "../../common/forms/company-edit";
import type { Locale } from "../../common/format";
import { slugify } from "../../common/text";
import { toValidationErrors } from "../../common/validation/messages";
import type { AppContext } from "../app-context";
import type { Database } from "../db/client";
import { companies } from "../db/schema";
import { translate } from "../i18n";
import { isAppError } from "../platform/app-error";
import { findProvinceByCode, findProvinceByUrl } from "../reference/cities";
import { removeCompanyLogo, storeCompanyLogo } from "./company-logo";
import { liveCompanyFields } from "./own-companies";
import { toFields, writeLiveVersion } from "./save-company";
import { categoryIds } from "../../common/forms/company-edit";
import { RESERVED_COMPANY_SLUGS } from "./segments";

/**
 * The columns an import file may have (CSV header row, or the keys of each JSON object). Only
 * `name` and `category` are required. Lists inside a CSV cell are separated by `|`; a service is
 * `name::description`. JSON may use arrays instead (`tags`, `provinces`, `services` as
 * [{name, description}]). Documented in the README.
 */
export const IMPORT_COLUMNS = [
  "slug",
  "name",
  "category",
  "country",
  "province",
  "phone",
  "fax",
  "kep_address",
  "corporate_title",
  "web_url",
  "email",
  "address",
  "tags",
  "about",
  "youtube_url",
  "meta_title",
  "meta_keywords",
  "meta_description",
  "packages_footer_text",
  "serves_whole_country",
  "provinces",
  "services",
  "verified",
  "logo",
] as const;

export interface ImportRejection {
  /** 1-based data row (CSV: the header is row 0), or the JSON array index + 1. */
  row: number;
  name: string;
  reasons: string[];
}

export interface ImportReport {
  created: number;
  updated: number;
  rejected: ImportRejection[];
}

type Raw = Record<string, unknown>;

const list = (v: unknown): unknown[] => {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v;
  return String(v)
    .split("|")
    .map((s) => s.trim())
    .filter((s) => s !== "");
};

const yes = (v: unknown) => v === true || (typeof v === "string" && ["1", "yes", "evet", "true", "e", "y"].includes(v.trim().toLocaleLowerCase("tr")));

/** A province as a plate code ("35"), a url ("izmir") or a name ("İzmir"). */
function provinceCode(v: unknown): unknown {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || v.trim() === "") return v;
  const s = v.trim();
  if (/^\d{1,2}$/.test(s)) return findProvinceByCode(Number(s)) ? Number(s) : s;
  return findProvinceByUrl(slugify(s))?.code ?? s;
}

/** One row as the dashboard form's input (the same schema checks it). */
export function rowToInput(raw: Raw): Record<string, unknown> {
  const text = (k: string) => (raw[k] === undefined || raw[k] === null ? undefined : typeof raw[k] === "string" ? raw[k] : raw[k]);
  return {
    name: text("name"),
    category: text("category"),
    country: text("country") === undefined || text("country") === "" ? "TR" : text("country"),
    provinceCode: provinceCode(raw.province),
    phone: text("phone"),
    fax: text("fax"),
    kepAddress: text("kep_address"),
    corporateTitle: text("corporate_title"),
    webUrl: text("web_url"),
    email: text("email"),
    address: text("address"),
    tags: Array.isArray(raw.tags) ? raw.tags : list(raw.tags),
    about: text("about"),
    youtubeUrl: text("youtube_url"),
    metaTitle: text("meta_title"),
    metaKeywords: text("meta_keywords"),
    metaDescription: text("meta_description"),
    packagesFooterText: text("packages_footer_text"),
    servesWholeCountry: yes(raw.serves_whole_country),
    provinces: list(raw.provinces).map(provinceCode),
    services: list(raw.services).map((s) => {
      if (s && typeof s === "object") return s;
      const [name, ...rest] = String(s).split("::");
      return { name: name?.trim(), description: rest.join("::").trim() || undefined };
    }),
  };
}

/** Reads a CSV or JSON file into raw rows (by extension; `format` overrides). */
export async function readImportFile(file: string, format?: "csv" | "json"): Promise<Raw[]> {
  const kind = format ?? (path.extname(file).toLowerCase() === ".json" ? "json" : "csv");
  const content = await readFile(file, "utf8");
  if (kind === "json") {
    const data: unknown = JSON.parse(content);
    const rows = Array.isArray(data) ? data : data && typeof data === "object" && Array.isArray((data as { companies?: unknown }).companies) ? (data as { companies: unknown[] }).companies : null;
    if (!rows) throw new Error("A JSON import file holds an array of companies (or {\"companies\": [...]})");
    return rows.map((r) => (r && typeof r === "object" && !Array.isArray(r) ? (r as Raw) : {}));
  }
  return parseCsv(content, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as Raw[];
}

type ImportApp = Pick<AppContext, "config" | "log"> & { db: Database };

/**
 * Imports companies, idempotent by slug (given, or made from the name): an existing slug is
 * updated in place, a new one created. Imported companies are published at once (an operator
 * loads real companies), have no owner and are not self-managed. A row that fails the dashboard
 * form's checks, names an unknown column or a logo that is not an image is rejected with its
 * reasons, and nothing of it is stored.
 */
export async function importCompanies(
  app: ImportApp,
  opts: { rows: Raw[]; baseDir: string; locale?: Locale; onProgress?: (done: number, total: number) => void },
): Promise<ImportReport> {
  const locale = opts.locale ?? "en";
  const report: ImportReport = { created: 0, updated: 0, rejected: [] };
  const known = new Set<string>(IMPORT_COLUMNS);
  for (const [i, raw] of opts.rows.entries()) {
    const rowNo = i + 1;
    const name = typeof raw.name === "string" ? raw.name : "";
    const reasons: string[] = [];
    const unknown = Object.keys(raw).filter((k) => !known.has(k));
    if (unknown.length) reasons.push(`unknown column(s): ${unknown.join(", ")}`);
    const parsed = companyEditSchema.safeParse(rowToInput(raw));
    if (!parsed.success) {
      for (const [field, msg] of Object.entries(toValidationErrors(parsed.error))) reasons.push(`${field}: ${translate(locale, msg)}`);
    }
    if (parsed.success && !categoryIds(parsed.data.category)) reasons.push(`category: one of ${companyCategoryUrls().join(", ")}`);
    const slug = typeof raw.slug === "string" && raw.slug !== "" ? raw.slug : slugify(name);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 140) reasons.push(`slug: lower-case letters, digits and single hyphens, at most 140 characters`);
    else if (RESERVED_COMPANY_SLUGS.includes(slug)) reasons.push(`slug: "${slug}" is reserved by the site`);
    let logoFile: string | null = null;
    if (typeof raw.logo === "string" && raw.logo !== "") {
      const file = path.resolve(opts.baseDir, raw.logo);
      if (!existsSync(file)) reasons.push(`logo: file not found (${raw.logo})`);
      else logoFile = file;
    }
    if (reasons.length || !parsed.success) {
      report.rejected.push({ row: rowNo, name, reasons });
      opts.onProgress?.(rowNo, opts.rows.length);
      continue;
    }
    let storedLogo: string | null = null;
    try {
      if (logoFile) storedLogo = await storeCompanyLogo(app, logoFile);
      const values = parsed.data;
      const ids = categoryIds(values.category)!;
      const outcome = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug)).for("update").limit(1);
        const current = existing ? await liveCompanyFields(tx, existing.id) : null;
        // A re-imported company keeps its logo unless the row brings one, and its services' logos by name.
        const fields = toFields(values, current, storedLogo ? { kind: "new", name: storedLogo } : { kind: "keep" });
        let id = existing?.id;
        if (!id) {
          const [row] = await tx
            .insert(companies)
            .values({ name: values.name, slug, typeId: ids.typeId, subTypeId: ids.subTypeId, publishState: "published", publishedAt: sql`now()`, selfManaged: false })
            .returning({ id: companies.id });
          id = row.id;
        }
        await writeLiveVersion(tx, id, fields, { slug });
        await tx.update(companies).set({ verified: yes(raw.verified) }).where(eq(companies.id, id));
        return { kind: existing ? ("updated" as const) : ("created" as const), replacedLogo: storedLogo && current?.logo !== storedLogo ? (current?.logo ?? null) : null };
      });
      report[outcome.kind]++;
      storedLogo = null;
      if (outcome.replacedLogo) await removeCompanyLogo(app, outcome.replacedLogo);
    } catch (err) {
      if (storedLogo) await removeCompanyLogo(app, storedLogo);
      const reason = isAppError(err) ? translate(locale, err.messageKey) : err instanceof Error ? err.message : String(err);
      report.rejected.push({ row: rowNo, name, reasons: [reason] });
    }
    opts.onProgress?.(rowNo, opts.rows.length);
  }
  return report;
}
