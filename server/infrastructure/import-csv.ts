import { Readable, Transform } from "node:stream";
import { parse } from "csv-parse";
import { sql } from "drizzle-orm";
import { landlineField } from "../../common/forms/infrastructure";
import { INFRA_LEVELS } from "../../common/infrastructure/types";
import type { Database } from "../db/client";
import { infraFlats, infraNodes } from "./schema";
import { normaliseTechnologies, parseCode } from "./normalise";

/**
 * Imports the database source's tree and answers from CSV (UTF-8, a header row, comma- or
 * semicolon-separated: whichever the header uses). Streams: the file is never held whole, only one batch of rows; every
 * batch is one transaction of upserts, so importing the same file twice changes nothing and a
 * newer file updates what it lists. Rows that cannot be used are skipped and reported (line and
 * reason). The columns (README, "Infrastructure data"):
 *
 *   il_kodu, il_adi, ilce_kodu, ilce_adi, bucak_kodu, bucak_adi, koy_kodu, koy_adi,
 *   mahalle_kodu, mahalle_adi, csbm_kodu, csbm_adi, bina_kodu, bina_no, bbk, daire_no,
 *   uavt, telefon,
 *   fiber_var, fiber_bos_port, fiber_max_hiz, fiber_max_yukleme, fttx,
 *   vdsl_var, vdsl_bos_port, vdsl_max_hiz, vdsl_max_yukleme, kabin_adi, kabin_mesafe,
 *   adsl_var, adsl_bos_port, adsl_max_hiz, adsl_max_yukleme, santral_adi, santral_mesafe,
 *   is_emri, guncelleme
 *
 * il_kodu is the province's plate number (1–81), as Türk Telekom numbers provinces.
 * Required: the codes and names of il, ilce, mahalle, csbm, bina (bina_no), bbk, daire_no. An
 * empty bucak/koy becomes a "MERKEZ" node with its parent's code. Flags are VAR/YOK, 1/0 or
 * true/false; speeds kbps numbers or text with a unit ("100 Mbps"); distances metres; guncelleme
 * the date the data was fetched (ISO 8601; the import's time when empty).
 */

export const REQUIRED_COLUMNS = ["il_kodu", "il_adi", "ilce_kodu", "ilce_adi", "mahalle_kodu", "mahalle_adi", "csbm_kodu", "csbm_adi", "bina_kodu", "bina_no", "bbk", "daire_no"] as const;

export interface ImportProgress {
  rows: number;
  imported: number;
  rejected: number;
  /** Bytes of the input read so far. */
  bytes: number;
}

export interface ImportOptions {
  input: Readable;
  /** Called with each rejected row's line number and reason. */
  onReject?: (line: number, reason: string) => void;
  onProgress?: (p: ImportProgress) => void;
  batchSize?: number;
  now?: Date;
}

type Row = Record<string, string | undefined>;

interface NodeRow {
  level: number;
  code: number;
  parentCode: number | null;
  name: string;
}

interface FlatRow {
  bbk: number;
  uavt: number | null;
  landline: string | null;
  buildingCode: number;
  name: string;
  technologies: ReturnType<typeof normaliseTechnologies>;
  fetchedAt: Date;
}

const NAME_MAX = 200;
const level = (name: (typeof INFRA_LEVELS)[number]) => INFRA_LEVELS.indexOf(name);

class RowError extends Error {}

function text(row: Row, column: string, required = true): string {
  const v = (row[column] ?? "").trim().replace(/\s+/g, " ");
  if (required && v === "") throw new RowError(`${column} is empty`);
  if (v.length > NAME_MAX) throw new RowError(`${column} is longer than ${NAME_MAX} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v) || !v.isWellFormed()) throw new RowError(`${column} has control characters or broken Unicode`);
  return v;
}

function code(row: Row, column: string): number {
  try {
    return parseCode(text(row, column), column);
  } catch (err) {
    if (err instanceof RowError) throw err;
    throw new RowError(`${column} is not a positive whole number`);
  }
}

/** One CSV row → the nodes above its flat and the flat; throws RowError with the reason. */
export function readRow(row: Row, now: Date): { nodes: NodeRow[]; flat: FlatRow } {
  const il = code(row, "il_kodu");
  if (il > 81) throw new RowError("il_kodu is not a plate number (1–81)");
  const ilce = code(row, "ilce_kodu");
  const bucak = text(row, "bucak_kodu", false) ? code(row, "bucak_kodu") : ilce;
  const koy = text(row, "koy_kodu", false) ? code(row, "koy_kodu") : bucak;
  const mahalle = code(row, "mahalle_kodu");
  const csbm = code(row, "csbm_kodu");
  const bina = code(row, "bina_kodu");
  const bbk = code(row, "bbk");
  const nodes: NodeRow[] = [
    { level: level("province"), code: il, parentCode: null, name: text(row, "il_adi") },
    { level: level("district"), code: ilce, parentCode: il, name: text(row, "ilce_adi") },
    { level: level("subdistrict"), code: bucak, parentCode: ilce, name: text(row, "bucak_adi", false) || "MERKEZ" },
    { level: level("village"), code: koy, parentCode: bucak, name: text(row, "koy_adi", false) || "MERKEZ" },
    { level: level("neighbourhood"), code: mahalle, parentCode: koy, name: text(row, "mahalle_adi") },
    { level: level("street"), code: csbm, parentCode: mahalle, name: text(row, "csbm_adi") },
    { level: level("building"), code: bina, parentCode: csbm, name: text(row, "bina_no") },
  ];
  const uavtText = text(row, "uavt", false);
  if (uavtText && !/^[1-9]\d{9}$/.test(uavtText)) throw new RowError("uavt is not a 10-digit address code");
  const phoneText = text(row, "telefon", false);
  let landline: string | null = null;
  if (phoneText) {
    const parsed = landlineField.safeParse(phoneText);
    if (!parsed.success) throw new RowError("telefon is not a Turkish landline number");
    landline = parsed.data;
  }
  const workOrder = text(row, "is_emri", false) || undefined;
  const exchange = { santralAdi: text(row, "santral_adi", false) || undefined, santralMesafe: text(row, "santral_mesafe", false) || undefined };
  const tech = (prefix: string, extra: object) => {
    const available = text(row, `${prefix}_var`, false);
    if (!available) return undefined;
    return {
      available,
      freePort: text(row, `${prefix}_bos_port`, false) || undefined,
      maxDown: text(row, `${prefix}_max_hiz`, false) || undefined,
      maxUp: text(row, `${prefix}_max_yukleme`, false) || undefined,
      isEmri: workOrder,
      ...extra,
    };
  };
  let technologies;
  try {
    technologies = normaliseTechnologies({
      FIBER: tech("fiber", { fttx: text(row, "fttx", false) || undefined, ...exchange }) ?? "YOK",
      VDSL: tech("vdsl", { kabinAdi: text(row, "kabin_adi", false) || undefined, kabinMesafe: text(row, "kabin_mesafe", false) || undefined, ...exchange }) ?? "YOK",
      ADSL: tech("adsl", exchange) ?? "YOK",
    });
  } catch (err) {
    throw new RowError(err instanceof Error && "cause" in err && err.cause instanceof Error ? err.cause.message : "technology columns are not valid");
  }
  const fetchedText = text(row, "guncelleme", false);
  const fetchedAt = fetchedText ? new Date(fetchedText) : now;
  if (Number.isNaN(fetchedAt.getTime())) throw new RowError("guncelleme is not a date");
  return {
    nodes,
    flat: { bbk, uavt: uavtText ? Number(uavtText) : null, landline, buildingCode: bina, name: text(row, "daire_no"), technologies, fetchedAt },
  };
}

/** Keys of nodes written recently, so a sorted file does not upsert its province a million times; bounded. */
class RecentKeys {
  private keys = new Set<string>();
  constructor(private readonly max = 50_000) {}
  has(key: string) {
    return this.keys.has(key);
  }
  add(key: string) {
    if (this.keys.size >= this.max) this.keys.clear();
    this.keys.add(key);
  }
}

async function writeBatch(db: Database, nodes: Map<string, NodeRow>, flats: Map<number, FlatRow>) {
  await db.transaction(async (tx) => {
    if (nodes.size) {
      await tx
        .insert(infraNodes)
        .values([...nodes.values()])
        .onConflictDoUpdate({
          target: [infraNodes.level, infraNodes.code],
          set: { parentCode: sql`excluded.parent_code`, name: sql`excluded.name` },
          setWhere: sql`(${infraNodes.parentCode}, ${infraNodes.name}) IS DISTINCT FROM (excluded.parent_code, excluded.name)`,
        });
    }
    if (flats.size) {
      await tx
        .insert(infraFlats)
        .values([...flats.values()])
        .onConflictDoUpdate({
          target: infraFlats.bbk,
          set: {
            uavt: sql`excluded.uavt`,
            landline: sql`excluded.landline`,
            buildingCode: sql`excluded.building_code`,
            name: sql`excluded.name`,
            technologies: sql`excluded.technologies`,
            fetchedAt: sql`excluded.fetched_at`,
          },
        });
    }
  });
}

export async function importInfrastructureCsv(db: Database, opts: ImportOptions): Promise<ImportProgress> {
  const batchSize = opts.batchSize ?? 1000;
  const now = opts.now ?? new Date();
  const progress: ImportProgress = { rows: 0, imported: 0, rejected: 0, bytes: 0 };
  const recent = new RecentKeys();
  let nodes = new Map<string, NodeRow>();
  let flats = new Map<number, FlatRow>();
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      progress.bytes += chunk.length;
      done(null, chunk);
    },
  });
  // The delimiter is the header's: ";" files often write decimals with a comma ("1,2 km").
  const chunks = opts.input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const first = await chunks.next();
  const headerLine = first.done ? "" : String(first.value).slice(0, 8192).split("\n")[0];
  const delimiter = (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const input = Readable.from(
    (async function* () {
      if (first.done) return;
      yield Buffer.from(first.value);
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield Buffer.from(next.value);
      }
    })(),
    { objectMode: false },
  );
  const parser = input.pipe(counter).pipe(
    parse({
      columns: (header: string[]) => {
        const columns = header.map((h) => h.trim().toLowerCase().replace(/^\ufeff/, ""));
        const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
        if (missing.length) throw new Error(`The CSV has no column ${missing.join(", ")} (see README, "Infrastructure data").`);
        return columns;
      },
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      info: true,
    }),
  );
  const flush = async () => {
    if (!flats.size && !nodes.size) return;
    await writeBatch(db, nodes, flats);
    progress.imported += flats.size;
    nodes = new Map();
    flats = new Map();
    opts.onProgress?.({ ...progress });
  };
  for await (const { record, info } of parser as AsyncIterable<{ record: Row; info: { lines: number } }>) {
    progress.rows++;
    try {
      const { nodes: rowNodes, flat } = readRow(record, now);
      for (const n of rowNodes) {
        const key = `${n.level}:${n.code}:${n.parentCode}:${n.name}`;
        if (recent.has(key)) continue;
        recent.add(key);
        nodes.set(`${n.level}:${n.code}`, n);
      }
      flats.set(flat.bbk, flat);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      progress.rejected++;
      opts.onReject?.(info.lines, err.message);
    }
    if (flats.size >= batchSize) await flush();
  }
  await flush();
  opts.onProgress?.({ ...progress });
  return progress;
}
