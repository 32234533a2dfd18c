import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { categoryUrl, companyEditSchema, companyCategoryUrls, contentFields } from "../../common/forms/company-edit";
import type { Locale } from "../../common/format";
import { slugify } from "../../common/text";
import { toValidationErrors } from "../../common/validation/messages";
import type { AppContext } from "../core/app-context";
import type { Database } from "../db/client";
import { companies } from "./schema";
import { translate } from "../i18n";
import { isAppError } from "../platform/app-error";
import { findProvinceByCode, findProvinceByUrl } from "../reference/cities";
import { removeCompanyLogo, storeCompanyLogo } from "./company-logo";
import { liveCompanyFields } from "./own-companies";
import { toFields, writeLiveVersion } from "./save-company";
import { categoryIds } from "../../common/forms/company-edit";
import { RESERVED_COMPANY_SLUGS } from "./segments";
import type { CompanyEditableFields } from "./types";

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

/** An empty cell (or a missing key): it says nothing about the field. */
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/**
 * The fields a row gives, as the dashboard form's input (the same schema checks it). Empty
 * cells are left out: a new company takes the defaults for them (`NEW_COMPANY_DEFAULTS`), an
 * existing one keeps what it has.
 */
export function rowToInput(raw: Raw): Record<string, unknown> {
  const cell = (k: string) => (isEmpty(raw[k]) ? undefined : raw[k]);
  const given = (v: unknown) => (isEmpty(v) ? undefined : v);
  const input: Record<string, unknown> = {
    name: cell("name"),
    category: cell("category"),
    country: cell("country"),
    provinceCode: given(provinceCode(raw.province)),
    phone: cell("phone"),
    fax: cell("fax"),
    kepAddress: cell("kep_address"),
    corporateTitle: cell("corporate_title"),
    webUrl: cell("web_url"),
    email: cell("email"),
    address: cell("address"),
    tags: given(Array.isArray(raw.tags) ? raw.tags : list(raw.tags)),
    about: cell("about"),
    youtubeUrl: cell("youtube_url"),
    metaTitle: cell("meta_title"),
    metaKeywords: cell("meta_keywords"),
    metaDescription: cell("meta_description"),
    packagesFooterText: cell("packages_footer_text"),
    servesWholeCountry: isEmpty(raw.serves_whole_country) ? undefined : yes(raw.serves_whole_country),
    provinces: given(list(raw.provinces).map(provinceCode)),
    services: given(
      list(raw.services).map((s) => {
        if (s && typeof s === "object") return s;
        const [name, ...rest] = String(s).split("::");
        return { name: name?.trim(), description: rest.join("::").trim() || undefined };
      }),
    ),
  };
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** What a new company has where its row's cell is empty. */
const NEW_COMPANY_DEFAULTS: Record<string, unknown> = { country: "TR", servesWholeCountry: false, tags: [], provinces: [], services: [] };

/** A company's current version as the form's input: the base an import row's cells overwrite. */
function currentAsInput(current: CompanyEditableFields): Record<string, unknown> {
  return {
    name: current.name,
    category: categoryUrl(current.typeId, current.subTypeId),
    country: current.country,
    provinceCode: current.provinceCode,
    ...contentFields(current),
    servesWholeCountry: current.servesWholeCountry,
    provinces: current.provinces,
    services: current.services.map((sv) => ({ name: sv.name, description: sv.description })),
  };
}

/** The reason a row naming an owned company is refused (the owner's edits go through approval). */
const OWNED_REASON =
  "slug: this company is managed by its owner; an import does not change it (its owner edits it in the dashboard, and an administrator approves the edit)";

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

type ImportApp = Pick<AppContext, "config" | "log" | "storage"> & { db: Database };

/**
 * Imports companies, idempotent by slug (given, or made from the name): an existing slug is
 * updated in place (an empty cell leaves its field as it is), a new one created. Imported
 * companies are published at once (an operator loads real companies), have no owner and are not
 * self-managed. A company with an owner is never changed by an import: its owner's edits go
 * through the approval queue, so a row naming one is refused with that reason. A row that fails
 * the dashboard form's checks, names an unknown column or a logo that is not an image is
 * rejected with its reasons, and nothing of it is stored.
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
    const slug = typeof raw.slug === "string" && raw.slug !== "" ? raw.slug : slugify(name);
    // An existing company (same slug) keeps what the row leaves empty; an owned one is not touched.
    const [existing] = await app.db.select({ id: companies.id, ownerId: companies.ownerId }).from(companies).where(eq(companies.slug, slug)).limit(1);
    if (existing?.ownerId != null) reasons.push(OWNED_REASON);
    const current = existing ? await liveCompanyFields(app.db, existing.id) : null;
    const parsed = companyEditSchema.safeParse({ ...(current ? currentAsInput(current) : NEW_COMPANY_DEFAULTS), ...rowToInput(raw) });
    if (!parsed.success) {
      for (const [field, msg] of Object.entries(toValidationErrors(parsed.error))) reasons.push(`${field}: ${translate(locale, msg)}`);
    }
    if (parsed.success && !categoryIds(parsed.data.category)) reasons.push(`category: one of ${companyCategoryUrls().join(", ")}`);
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
        const [existing] = await tx.select({ id: companies.id, ownerId: companies.ownerId }).from(companies).where(eq(companies.slug, slug)).for("update").limit(1);
        // Claimed by an owner since the row was checked: refused all the same.
        if (existing?.ownerId != null) throw new Error(OWNED_REASON);
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
        // The verified flag: set or cleared by a filled cell, left as it is by an empty one.
        if (!isEmpty(raw.verified)) await tx.update(companies).set({ verified: yes(raw.verified) }).where(eq(companies.id, id));
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
