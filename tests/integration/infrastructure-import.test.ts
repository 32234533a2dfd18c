import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { infraFlats, infraNodes } from "../../server/infrastructure/schema";
import { createDatabaseSource } from "../../server/infrastructure/database-source";
import { importInfrastructureCsv } from "../../server/infrastructure/import-csv";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The CSV import of the database source: rows become the tree and normalised answers, bad rows
// are reported with their line and reason, importing again changes nothing, a newer file
// updates; then the site answers the cascade and the query from the database.

const HEADER =
  "il_kodu;il_adi;ilce_kodu;ilce_adi;bucak_kodu;bucak_adi;koy_kodu;koy_adi;mahalle_kodu;mahalle_adi;csbm_kodu;csbm_adi;bina_kodu;bina_no;bbk;daire_no;uavt;telefon;" +
  "fiber_var;fiber_bos_port;fiber_max_hiz;fiber_max_yukleme;fttx;vdsl_var;vdsl_bos_port;vdsl_max_hiz;vdsl_max_yukleme;kabin_adi;kabin_mesafe;" +
  "adsl_var;adsl_bos_port;adsl_max_hiz;adsl_max_yukleme;santral_adi;santral_mesafe;is_emri;guncelleme";
const address = (bbk: number, door = "12", flat = "3") =>
  `6;ANKARA;1130;ÇANKAYA;;;;;40010;ÇUKURAMBAR MAH;700100;1450. SOKAK;900100;${door};${bbk};${flat}`;
const ROWS = [
  // Fiber to the building, VAR/YOK, speeds as text and kbps, exchange in km.
  `${address(11112222)};1234567890;0312 444 55 66;VAR;VAR;100 Mbps;20000;FTTB;VAR;YOK;50000;5000;KABİN 7;450;VAR;VAR;24000;1000;ÇANKAYA;1,2 km;YOK;2026-11-01T10:00:00Z`,
  // Copper only, 1/0 flags, another flat of the same building.
  `${address(11112223, "12", "10")};1234567891;;0;;;;;1;1;100000;8000;KABİN 7;1600;1;0;24 Mbps;1 Mbps;ÇANKAYA;5200;1;`,
  // Rejected: no bbk, a broken UAVT, a mobile number, a flag that is not one, a plate that is not one.
  `${address(0).replace(";0;3", ";;3")};;;YOK;;;;;YOK;;;;;;;VAR;;;;;;;`,
  `${address(11112224)};12345;;YOK;;;;;YOK;;;;;;;VAR;;;;;;;`,
  `${address(11112225)};;0532 111 22 33;YOK;;;;;YOK;;;;;;;VAR;;;;;;;`,
  `${address(11112226)};;;BELKİ;;;;;YOK;;;;;;;VAR;;;;;;;`,
  `99;AY;1;X;;;;;1;M;1;S;1;1;11112227;1;;;YOK;;;;;YOK;;;;;;;VAR;;;;;;;`,
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INFRA_SOURCE: "database" });
});
afterAll(() => t?.close());

async function runImport(lines: string[]) {
  const rejects: [number, string][] = [];
  const result = await importInfrastructureCsv(t.app.db, {
    input: Readable.from([`\ufeff${HEADER}\n`, ...lines.map((l) => `${l}\n`)]),
    onReject: (line, reason) => rejects.push([line, reason]),
    batchSize: 2,
    now: new Date("2026-11-02T00:00:00Z"),
  });
  return { result, rejects };
}

describe("npm run import:infrastructure", () => {
  it("imports good rows, reports bad ones with line and reason, and is idempotent", async () => {
    const first = await runImport(ROWS);
    expect(first.result).toMatchObject({ rows: 7, imported: 2, rejected: 5 });
    expect(first.rejects).toEqual([
      [4, "bbk is empty"],
      [5, "uavt is not a 10-digit address code"],
      [6, "telefon is not a Turkish landline number"],
      [7, 'FIBER.available: not a flag: "BELKİ"'],
      [8, "il_kodu is not a plate number (1–81)"],
    ]);
    const nodes = await t.app.db.select().from(infraNodes);
    const flats = await t.app.db.select().from(infraFlats);
    const again = await runImport(ROWS);
    expect(again.result).toMatchObject({ imported: 2, rejected: 5 });
    expect(await t.app.db.select().from(infraNodes)).toEqual(nodes);
    expect(await t.app.db.select().from(infraFlats)).toEqual(flats);
    expect(nodes).toHaveLength(7); // il, ilçe, bucak and köy (MERKEZ), mahalle, sokak, bina
  });

  it("updates what a newer file says", async () => {
    await runImport([ROWS[1].replace(";1;0;24 Mbps;", ";1;1;24 Mbps;")]);
    const answer = await createDatabaseSource(t.app.db).query(11112223);
    expect(answer!.technologies.find((x) => x.technology === "ADSL")!.freePort).toBe(true);
  });

  it("refuses a file without the required columns", async () => {
    await expect(importInfrastructureCsv(t.app.db, { input: Readable.from(["il_kodu,il_adi\n6,ANKARA\n"]) })).rejects.toThrow(/ilce_kodu/);
  });

  it("answers the cascade, the lookups and the query from the database", async () => {
    const post = (path: string, body: unknown) =>
      t.fetch(`/api/v1/ttservice/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    let code = 6;
    for (const [call, name] of [
      ["districts", "ÇANKAYA"],
      ["subdistricts", "MERKEZ"],
      ["villages", "MERKEZ"],
      ["neighbourhoods", "ÇUKURAMBAR MAH"],
      ["streets", "1450. SOKAK"],
      ["buildings", "12"],
    ] as const) {
      const nodes = (await (await post(call, { code })).json()) as { code: number; value: string }[];
      expect(nodes.map((n) => n.value), call).toEqual([name]);
      code = nodes[0].code;
    }
    // Flats sort as numbers: 3 before 10.
    expect(await (await post("flats", { code })).json()).toEqual([
      { code: 11112222, value: "3" },
      { code: 11112223, value: "10" },
    ]);
    expect((await post("flats", { code: 424242 })).status).toBe(404);
    const { flat } = (await (await post("flat-by-landline", { phone: "0 (312) 444 55 66" })).json()) as { flat: { bbk: number } };
    expect(flat.bbk).toBe(11112222);
    const { answer } = (await (await post("query", { bbk: 11112222 })).json()) as { answer: Record<string, unknown> & { technologies: Record<string, unknown>[] } };
    expect(answer).toMatchObject({ source: "database", uavt: 1234567890, fetchedAt: "2026-11-01T10:00:00.000Z" });
    expect(answer.technologies[0]).toMatchObject({ technology: "FIBER", available: true, fttx: "FTTB", maxDownMbps: 100, maxUpMbps: 20 });
    expect(answer.technologies[1]).toMatchObject({ technology: "VDSL", freePort: false, lineEnd: { kind: "cabinet", name: "KABİN 7", distanceM: 450 } });
    expect(answer.technologies[2]).toMatchObject({ technology: "ADSL", lineEnd: { kind: "exchange", distanceM: 1200 }, estimatedDownMbps: 20.8 });
    const page = await t.fetch("/internet-altyapi-hiz-sorgulama/daire/11112222");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("FTTB");
    expect(html).not.toContain("Demo sonucu");
  });
});
