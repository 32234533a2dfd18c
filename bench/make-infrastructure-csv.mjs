// node bench/make-infrastructure-csv.mjs FLATS FILE: writes a CSV of FLATS flats in the import's
// columns (server/infrastructure/import-csv.ts) for `npm run import:infrastructure` and the bench.
// The tree is synthetic (81 provinces, 12 districts each, then neighbourhoods, streets, buildings
// of 12 flats) and the same for the same FLATS; streamed, so any size fits in memory.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

const flats = Number(process.argv[2] ?? 1_000_000);
const file = process.argv[3] ?? "infrastructure.csv";
const out = createWriteStream(file);
const header = [
  "il_kodu", "il_adi", "ilce_kodu", "ilce_adi", "bucak_kodu", "bucak_adi", "koy_kodu", "koy_adi", "mahalle_kodu", "mahalle_adi",
  "csbm_kodu", "csbm_adi", "bina_kodu", "bina_no", "bbk", "daire_no", "uavt", "telefon",
  "fiber_var", "fiber_bos_port", "fiber_max_hiz", "fiber_max_yukleme", "fttx",
  "vdsl_var", "vdsl_bos_port", "vdsl_max_hiz", "vdsl_max_yukleme", "kabin_adi", "kabin_mesafe",
  "adsl_var", "adsl_bos_port", "adsl_max_hiz", "adsl_max_yukleme", "santral_adi", "santral_mesafe", "is_emri", "guncelleme",
];
const FLATS_PER_BUILDING = 12;
const BUILDINGS_PER_STREET = 10;
const STREETS_PER_HOOD = 10;
const HOODS_PER_DISTRICT = 12;
const DISTRICTS = 12;
const AREA = 322; // every line in one valid area code (Adana), numbers unique per flat

const h = (n) => {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

out.write(header.join(",") + "\n");
for (let i = 0; i < flats; i++) {
  const f = i % FLATS_PER_BUILDING;
  const b = Math.floor(i / FLATS_PER_BUILDING);
  const s = Math.floor(b / BUILDINGS_PER_STREET);
  const m = Math.floor(s / STREETS_PER_HOOD);
  const d = Math.floor(m / HOODS_PER_DISTRICT);
  const il = (Math.floor(d / DISTRICTS) % 81) + 1;
  const r = h(b) % 100;
  const fttx = r < 30 ? "FTTH" : r < 40 ? "FTTB" : r < 65 ? "FTTC" : "";
  const fiber = fttx === "FTTH" || fttx === "FTTB";
  const vdsl = fttx !== "" || r < 80;
  const row = [
    il, `İL ${il}`, 1000 + d, `İLÇE ${d}`, "", "", "", "", 100000 + m, `MAHALLE ${m}`,
    1000000 + s, `SOKAK ${s}`, 2000000 + b, `NO: ${(b % BUILDINGS_PER_STREET) + 1}`, 10000000 + i, `DAİRE ${f + 1}`,
    1000000000 + i, `0${AREA}${2000000 + i}`,
    fiber ? "VAR" : "YOK", fiber ? (h(i) % 5 ? "VAR" : "YOK") : "", fiber ? (fttx === "FTTH" ? "1000000" : "100 Mbps") : "", fiber ? "100000" : "", fttx,
    vdsl ? 1 : 0, vdsl ? h(i + 1) % 3 ? 1 : 0 : "", vdsl ? 100000 : "", vdsl ? 8000 : "", vdsl ? `KABİN ${b % 900}` : "", vdsl ? 50 + (h(b + 7) % 1400) : "",
    "true", "true", 24000, 1000, `SANTRAL ${d}`, 300 + (h(b + 9) % 5000), h(i + 3) % 50 ? "YOK" : "VAR", "2026-11-01T10:00:00Z",
  ];
  if (!out.write(row.join(",") + "\n")) await once(out, "drain");
}
out.end();
await once(out, "finish");
console.log(`${flats} flats written to ${file}`);
