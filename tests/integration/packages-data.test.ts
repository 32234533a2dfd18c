import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../server/companies/schema";
import { packageProvinces, packages } from "../../server/packages/schema";
import { seedReferenceData } from "../../server/reference/seed";
import { seedDemoPackages } from "../../server/packages/demo-packages";
import { readPriceHistory } from "../../server/packages/price-history";
import { importPackages, readImportRows } from "../../server/packages/import-packages";
import { popularPackages, popularTab } from "../../server/packages/popular-packages";
import { leads } from "../../server/leads/schema";
import { makeCompany, makePackage, packageRow } from "../helpers/packages";
import { openTestDatabase, type TestDatabase } from "../helpers/test-app";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe("demo packages", () => {
  it("attach to the demo companies that exist (never to real ones), labelled demo, once", async () => {
    const db = database.db;
    const real = await makeCompany(db, { subTypeId: 2 });
    const demo = [
      await makeCompany(db, { subTypeId: 2, isDemo: true }),
      await makeCompany(db, { subTypeId: 3, isDemo: true }),
      await makeCompany(db, { subTypeId: 6, typeId: 3, isDemo: true }),
      await makeCompany(db, { subTypeId: 7, typeId: 5, isDemo: true }),
    ];
    const created = await seedDemoPackages(db, { now: new Date("2026-11-01T00:00:00Z") });
    // 24 cable internet + 16 mobile + 16 hosting/server + 8 TV
    expect(created).toBe(24 + 16 + 16 + 8);
    const [{ n: onReal }] = await db.select({ n: count() }).from(packages).where(eq(packages.companyId, real.id));
    expect(onReal).toBe(0);
    const rows = await db.select().from(packages);
    expect(rows.every((r) => r.isDemo)).toBe(true);
    expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set(demo.map((d) => d.id)));
    expect(new Set(rows.map((r) => r.serviceKind))).toEqual(new Set(["internet", "hosting", "server", "tv"]));
    // Derived cost columns are stored: a committed package's total is at least months × its monthly price.
    for (const r of rows) {
      const months = r.commitmentMonths || 12;
      expect(r.totalCostKurus).toBeGreaterThanOrEqual(r.activationFeeKurus);
      expect(r.effectiveMonthlyKurus).toBe(Math.floor(r.totalCostKurus / months + 0.5));
    }
    // Two years of labelled demo price history each (issue 23): created ~24 months back at lower
    // prices, two rises, the last to today's prices; every entry's source is "demo".
    const now = Date.parse("2026-11-01T00:00:00Z");
    for (const r of rows) {
      const history = await readPriceHistory(db, r.id);
      expect(history.every((c) => c.source === "demo")).toBe(true);
      const [created, ...changes] = history.filter((c) => c.kind !== "withdrawn");
      expect(created!.kind).toBe("created");
      expect(now - Date.parse(created!.changedAt)).toBeGreaterThan(23 * 30 * 86_400_000);
      expect(changes.map((c) => c.kind)).toEqual(["changed", "changed"]);
      const monthly = [created!, ...changes].map((c) => c.monthlyPriceKurus);
      if (r.monthlyPriceKurus > 0) expect(monthly[0]).toBeLessThan(monthly[2]!);
      expect(monthly[2]).toBe(r.monthlyPriceKurus);
      expect(history.map((c) => c.changedAt)).toEqual([...history.map((c) => c.changedAt)].sort());
      expect(history.some((c) => c.kind === "withdrawn")).toBe(r.withdrawnAt !== null);
    }
    expect(await seedDemoPackages(db)).toBe(0);
  });
});

describe("npm run import:packages", () => {
  it("creates, then updates on a second run (idempotent), and reports rejected rows with the reason", async () => {
    const db = database.db;
    const company = await makeCompany(db, { name: "İthalat Fiber AŞ" });
    const csv = [
      "company;serviceKind;title;technology;downloadMbps;uploadMbps;price;commitmentMonths;commitmentPrice;activationFee;modemOffer;modemRental;servesAllCities;provinces;priceConfirmedOn",
      `${company.slug};internet;Fiber 100 Mbps 24 Ay;fiber;100;20;600,00;24;400,00;250;rental;30;;34, 6 ,35;01.11.2026`,
      `${company.slug};internet;Fiber 50 Taahhütsüz;fiber;50;10;"1.049,90";0;;;own;;on;;`,
      `yok-boyle-sirket;internet;Fiber 200;fiber;200;40;700;0;;;own;;on;;`,
      `${company.slug};internet;Bozuk Fiyat;fiber;100;20;abc;0;;;own;;on;;`,
      `${company.slug};internet;Taahhüt Fiyatsız;fiber;100;20;500;12;;;own;;on;;`,
      `${company.slug};internet;<b>x</b>;vdsl;100;20;500;0;;;own;;;;`,
    ].join("\n");
    const rows = readImportRows(csv, "csv");
    const progress: [number, number][] = [];
    const first = await importPackages(db, rows, { onProgress: (done, total) => progress.push([done, total]) });
    // Told after every row, the rejected ones too.
    expect(progress).toEqual([1, 2, 3, 4, 5, 6].map((done) => [done, 6]));
    expect(first.created).toBe(2);
    expect(first.updated).toBe(0);
    expect(first.rejected).toEqual([
      { row: 3, field: "company", message: { key: "packages.import.unknownCompany" } },
      { row: 4, field: "price", message: { key: "packages.validation.money", params: {} } },
      { row: 5, field: "commitmentPrice", message: { key: "packages.validation.commitmentPriceRequired", params: {} } },
      { row: 6, field: "provinces", message: { key: "packages.validation.provincesRequired", params: {} } },
    ]);
    const list = await db.select().from(packages).where(eq(packages.companyId, company.id)).orderBy(packages.id);
    expect(list.map((p) => p.slug)).toEqual(["fiber-100-mbps-24-ay", "fiber-50-taahhutsuz"]);
    const committed = await packageRow(db, list[0]!.id);
    expect(committed).toMatchObject({
      priceKurus: 60_000,
      commitmentPriceKurus: 40_000,
      modemRentalKurus: 3_000,
      activationFeeKurus: 25_000,
      totalCostKurus: 1_057_000,
      effectiveMonthlyKurus: 44_042,
      monthlyPriceKurus: 40_000,
      priceConfirmedOn: "2026-11-01",
      servesAllCities: false,
    });
    const provinces = await db.select().from(packageProvinces).where(eq(packageProvinces.packageId, list[0]!.id));
    expect(provinces.map((p) => p.provinceCode).sort((a, b) => a - b)).toEqual([6, 34, 35]);
    expect(list[1]!.priceKurus).toBe(104_990);

    const again = await importPackages(db, rows);
    expect(again.created).toBe(0);
    expect(again.updated).toBe(2);
    const [{ n }] = await db.select({ n: count() }).from(packages).where(eq(packages.companyId, company.id));
    expect(n).toBe(2);
  });

  it("reads JSON, refuses unknown columns and a package of another company is not touched", async () => {
    const db = database.db;
    const a = await makeCompany(db);
    const b = await makeCompany(db);
    const rows = readImportRows(
      JSON.stringify([
        { company: a.slug, serviceKind: "hosting", title: "Linux Hosting", price: 59.9, commitmentMonths: 12, commitmentPrice: 49.9, diskGb: 10, servesAllCities: true },
        { company: b.slug, serviceKind: "hosting", title: "Linux Hosting", price: 79.9, commitmentMonths: 0, servesAllCities: true },
        { company: a.slug, serviceKind: "hosting", title: "X Hosting", price: 1, commitmentMonths: 0, servesAllCities: true, evil: "<script>" },
      ]),
      "json",
    );
    const report = await importPackages(db, rows);
    expect(report).toEqual({ created: 2, updated: 0, rejected: [{ row: 3, field: "evil", message: { key: "packages.import.unknownColumn", params: { column: "evil" } } }] });
    const [pa] = await db.select().from(packages).where(eq(packages.companyId, a.id));
    const [pb] = await db.select().from(packages).where(eq(packages.companyId, b.id));
    expect([pa!.slug, pa!.priceKurus, pb!.slug, pb!.priceKurus]).toEqual(["linux-hosting", 5_990, "linux-hosting", 7_990]);
    expect(() => readImportRows('{"a":1}', "json")).toThrow();
    const [{ n }] = await db.select({ n: count() }).from(companies);
    expect(n).toBeGreaterThan(0);
  });
});

describe("the import:packages command", () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, "../..");
  const tsx = (script: string, args: string[], env: Record<string, string>) =>
    run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, script), ...args], {
      cwd: root,
      // The embedded database in a directory of its own.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL")), ...env },
    }).catch((err: { code: number; stdout: string; stderr: string }) => err);

  it("shows its progress on stderr, like the companies import, and then the report", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gb-import-packages-"));
    try {
      const env = { DATA_DIR: path.join(dir, "data"), SEED_DEMO: "0", LOG_LEVEL: "silent" };
      writeFileSync(path.join(dir, "companies.csv"), "name,category,serves_whole_country\nKomut Fiber,kablolu-internet,evet\n");
      const companiesRun = await tsx("scripts/import-companies.ts", [path.join(dir, "companies.csv")], env);
      expect("code" in companiesRun ? companiesRun.code : 0, companiesRun.stderr).toBe(0);
      const json = [
        { company: "komut-fiber", serviceKind: "internet", title: "Komut Fiber 100", technology: "fiber", downloadMbps: 100, uploadMbps: 20, price: "500", commitmentMonths: 0, servesAllCities: true },
        { company: "komut-fiber", serviceKind: "internet", title: "Komut Fiber 50", technology: "fiber", downloadMbps: 50, uploadMbps: 10, price: "400", commitmentMonths: 0, servesAllCities: true },
        { company: "yok-boyle-sirket", serviceKind: "internet", title: "Komut Fiber 200", technology: "fiber", downloadMbps: 200, uploadMbps: 40, price: "700", commitmentMonths: 0, servesAllCities: true },
      ];
      writeFileSync(path.join(dir, "packages.json"), JSON.stringify(json));
      const result = await tsx("scripts/import-packages.ts", [path.join(dir, "packages.json")], env);
      expect("code" in result ? result.code : 0).toBe(1);
      // Not a terminal here: a line at the end (and every 100 rows).
      expect(result.stderr.split("\n").filter((line) => line.endsWith(" rows"))).toEqual(["3/3 rows"]);
      expect(result.stdout).toContain("3 row(s): 2 created, 0 updated, 1 rejected (pglite).");
      expect(result.stdout).toContain("row 3\tcompany\t");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("home page popular packages", () => {
  it("per kind: the most requested of the last 90 days first, then the cheapest", async () => {
    const db = database.db;
    const c = await makeCompany(db, { name: "Popüler Fiber AŞ" });
    const cheap = await makePackage(db, c.id, { title: "Popüler Ucuz", price: "1" });
    const asked = await makePackage(db, c.id, { title: "Popüler Çok İstenen", price: "2" });
    await makePackage(db, c.id, { serviceKind: "hosting", technology: "", downloadMbps: "", title: "Popüler Hosting", price: "1" });
    await db.insert(leads).values({ reference: "GB-TEST-0001", kind: "call_me", companyId: c.id, packageId: asked, firstName: "A B", phone: "+905321112233", consentText: "x", consentAt: new Date(), dedupeKey: "k" });
    const internet = await popularPackages({ db }, { kind: "internet", limit: 24 });
    const ids = internet.map((p) => p.id);
    expect(ids.indexOf(asked)).toBe(0);
    expect(ids.indexOf(cheap)).toBeGreaterThan(0);
    const hosting = await popularPackages({ db }, { kind: "hosting", limit: 24 });
    expect(hosting.every((p) => p.serviceKind === "hosting")).toBe(true);
    expect(hosting.map((p) => p.title)).toContain("Popüler Hosting");
    expect([popularTab("tv"), popularTab("<x>"), popularTab(null)]).toEqual(["tv", "internet", "internet"]);
  });
});
