import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCompanies, readImportFile } from "../../server/companies/import-companies";
import { companies, companyProvinces, companyServices } from "../../server/companies/schema";
import { makeCompany } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), "gb-import-"));
  writeFileSync(path.join(dir, "logo.png"), await sharp({ create: { width: 300, height: 120, channels: 3, background: "#336699" } }).png().toBuffer());
  writeFileSync(path.join(dir, "fake.png"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const CSV = `name,category,province,web_url,tags,serves_whole_country,provinces,services,verified,logo
"Ege Fiber A.Ş.",kablolu-internet,İzmir,https://egefiber.example,fiber|ege,hayır,35|9|Manisa,"Ev interneti::100 Mbps|Statik IP",evet,logo.png
"Bulut Veri Merkezi",veri-merkezi,34,,,evet,,Colocation,,
"X",kablolu-internet,,,,,35,,,
"Kötü Logo",kablolu-internet,,,,evet,,,,fake.png
"Bilinmeyen Tür",no-such-type,,,,evet,,,,
"<script>alert(1)</script> Net",kablolu-internet,,javascript:alert(1),,evet,,,,
`;

describe("import:companies", () => {
  it("imports valid rows as published companies, rejects the others with reasons, and is idempotent by slug", async () => {
    const file = path.join(dir, "companies.csv");
    writeFileSync(file, CSV);
    const rows = await readImportFile(file);
    const progress: number[] = [];
    const first = await importCompanies(t.app, { rows, baseDir: dir, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.created).toBe(2);
    expect(first.updated).toBe(0);
    expect(first.rejected.map((r) => r.row)).toEqual([3, 4, 5, 6]);
    expect(first.rejected[0].reasons.join(" ")).toContain("name:");
    expect(first.rejected[1].reasons.join(" ")).toContain("logo");
    expect(first.rejected[2].reasons.join(" ")).toContain("category:");
    expect(first.rejected[3].reasons.join(" ")).toContain("webUrl:");

    const [ege] = await t.app.db.select().from(companies).where(eq(companies.slug, "ege-fiber-as"));
    expect(ege).toMatchObject({ name: "Ege Fiber A.Ş.", publishState: "published", provinceCode: 35, verified: true, ownerId: null, webUrl: "https://egefiber.example", tags: ["fiber", "ege"] });
    expect(ege.logo).toMatch(/\.webp$/);
    const provinces = await t.app.db.select({ code: companyProvinces.provinceCode }).from(companyProvinces).where(eq(companyProvinces.companyId, ege.id));
    expect(provinces.map((p) => p.code).sort((a, b) => a - b)).toEqual([9, 35, 45]);
    const services = await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, ege.id));
    expect(services.map((s) => [s.name, s.description])).toEqual([
      ["Ev interneti", "100 Mbps"],
      ["Statik IP", null],
    ]);

    const again = await importCompanies(t.app, { rows, baseDir: dir });
    expect(again).toMatchObject({ created: 0, updated: 2 });
    const egeRows = await t.app.db.select().from(companies).where(eq(companies.slug, "ege-fiber-as"));
    expect(egeRows.length).toBe(1);

    // A row without a logo keeps the company's, and a service keeps its logo (given on the
    // dashboard) when the row names it again.
    await t.app.db.update(companyServices).set({ logo: "service-logo.webp" }).where(eq(companyServices.name, "Statik IP"));
    const noLogo = rows.filter((r) => r.name === "Ege Fiber A.Ş.").map((r) => ({ ...r, logo: "" }));
    expect(await importCompanies(t.app, { rows: noLogo, baseDir: dir })).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const [kept] = await t.app.db.select().from(companies).where(eq(companies.slug, "ege-fiber-as"));
    expect(kept.logo).toBe(egeRows[0].logo);
    const keptServices = await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, ege.id));
    expect(keptServices.map((s) => [s.name, s.logo])).toEqual([
      ["Ev interneti", null],
      ["Statik IP", "service-logo.webp"],
    ]);
  });

  it("never changes a company that has an owner: the row is refused with the reason, the company stays as it was", async () => {
    const owner = await insertVerifiedUser(t.app.db, { accountType: "corporate" });
    const owned = await makeCompany(t.app.db, { name: "Sahipli Net", ownerId: owner.id });
    await t.app.db.update(companies).set({ verified: true, about: "Sahibin yazdığı metin." }).where(eq(companies.id, owned.id));
    const [before] = await t.app.db.select().from(companies).where(eq(companies.id, owned.id));
    const report = await importCompanies(t.app, {
      rows: [{ slug: owned.slug, name: "Başka Bir Ad", category: "kablolu-internet", serves_whole_country: "evet", about: "İçe aktarılan metin", verified: "" }],
      baseDir: dir,
    });
    expect(report).toMatchObject({ created: 0, updated: 0 });
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0].reasons.join(" ")).toContain("managed by its owner");
    const [after] = await t.app.db.select().from(companies).where(eq(companies.id, owned.id));
    expect(after).toEqual(before);
  });

  it("an empty cell changes nothing on a re-import: the verified flag, the web address and the services stay", async () => {
    const row = { name: "Boş Hücre Telekom", category: "kablolu-internet", serves_whole_country: "evet", web_url: "https://bos.example", services: "Fiber::1000 Mbps", verified: "evet", about: "İlk metin." };
    expect(await importCompanies(t.app, { rows: [row], baseDir: dir })).toMatchObject({ created: 1, rejected: [] });
    const again = await importCompanies(t.app, {
      rows: [{ name: row.name, category: "", serves_whole_country: "", web_url: "", services: "", verified: "", about: "Yeni metin." }],
      baseDir: dir,
    });
    expect(again).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const [company] = await t.app.db.select().from(companies).where(eq(companies.slug, "bos-hucre-telekom"));
    expect(company).toMatchObject({ verified: true, webUrl: "https://bos.example", about: "Yeni metin.", servesWholeCountry: true, subTypeId: 2 });
    const services = await t.app.db.select().from(companyServices).where(eq(companyServices.companyId, company.id));
    expect(services.map((sv) => [sv.name, sv.description])).toEqual([["Fiber", "1000 Mbps"]]);
    // A filled cell still changes its field: "hayır" clears the flag.
    await importCompanies(t.app, { rows: [{ name: row.name, verified: "hayır" }], baseDir: dir });
    const [cleared] = await t.app.db.select().from(companies).where(eq(companies.id, company.id));
    expect(cleared.verified).toBe(false);
  });

  it("refuses names with invisible formatting characters (direction overrides, zero-width spaces) and stores nothing", async () => {
    const report = await importCompanies(t.app, {
      rows: [
        { name: "Ege\u202eteN", category: "kablolu-internet", serves_whole_country: "evet" },
        { name: "Sıfır\u200bGenişlik Net", category: "kablolu-internet", serves_whole_country: "evet" },
        { name: "Görünmez Etiket Net", category: "kablolu-internet", serves_whole_country: "evet", tags: "fiber|ev\u2066net" },
      ],
      baseDir: dir,
    });
    expect(report.created).toBe(0);
    expect(report.rejected.map((r) => r.row)).toEqual([1, 2, 3]);
    for (const r of report.rejected) expect(r.reasons.join(" ")).toContain("invisible formatting characters");
    const named = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.slug, "gorunmez-etiket-net"));
    expect(named).toEqual([]);
  });

  it("reads JSON with arrays", async () => {
    const file = path.join(dir, "companies.json");
    writeFileSync(file, JSON.stringify([{ name: "Json Hosting", category: "hosting-ve-sunucu", serves_whole_country: true, services: [{ name: "VPS", description: "SSD" }], tags: ["vps"] }]));
    const rows = await readImportFile(file);
    const report = await importCompanies(t.app, { rows, baseDir: dir });
    expect(report.rejected).toEqual([]);
    expect(report.created).toBe(1);
  });

  it("the command prints progress and the rejected rows, and exits 1 when some were rejected", async () => {
    const file = path.join(dir, "cli.csv");
    writeFileSync(file, CSV);
    const dataDir = mkdtempSync(path.join(tmpdir(), "gb-import-data-"));
    try {
      const result = await run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/import-companies.ts"), file], {
        cwd: root,
        // The embedded database in a directory of its own.
        env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL")), DATA_DIR: dataDir, SEED_DEMO: "0", LOG_LEVEL: "silent" },
      }).catch((err: { code: number; stdout: string; stderr: string }) => err);
      expect("code" in result ? result.code : 0).toBe(1);
      expect(result.stderr).toContain("6/6 rows");
      expect(result.stdout).toContain("2 created, 0 updated, 4 rejected (of 6 rows).");
      expect(result.stdout).toContain("row 5 (Bilinmeyen Tür):");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
