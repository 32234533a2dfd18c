// Issue 23, item 1 (the record): every change of a package's prices, its creation, withdrawal and
// return to sale is kept with its date and source, whichever path wrote it (a trigger on
// packages, migration 0025), and GET /api/v1/packages/{id}/price-history reads it back.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/accounts/sessions";
import { importPackages, readImportRows } from "../../server/packages/import-packages";
import { createCompanyPackage, duplicateCompanyPackage, setPackageWithdrawn, updateCompanyPackage } from "../../server/packages/manage-packages";
import { readPriceHistory } from "../../server/packages/price-history";
import { packagePriceChanges, packages } from "../../server/packages/schema";
import { makeCompany, makePackage } from "../helpers/packages";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertVerifiedUser } from "../helpers/users";

let t: TestApp;
let owner: SessionUser;
let admin: SessionUser;
let company: { id: number; slug: string; name: string };

async function makeUser(email: string, accountType: "individual" | "corporate", isAdmin = false): Promise<SessionUser> {
  const row = await insertVerifiedUser(t.app.db, { email, accountType, isAdmin });
  return { id: row.id, fullName: row.fullName, email, image: null, isAdmin, accountType, emailVerified: true };
}

const input = { serviceKind: "internet", title: "Geçmiş Fiber 100", technology: "fiber", downloadMbps: "100", price: "500", commitmentMonths: "12", commitmentPrice: "420", servesAllCities: "on" };

beforeAll(async () => {
  t = await startTestApp();
  owner = await makeUser("sahip@gecmis.example", "corporate");
  admin = await makeUser("admin@gecmis.example", "individual", true);
  company = await makeCompany(t.app.db, { ownerId: owner.id, name: "Geçmiş Fiber AŞ" });
});
afterAll(async () => {
  await t?.close();
});

const summary = (changes: Awaited<ReturnType<typeof readPriceHistory>>) => changes.map((c) => [c.kind, c.source, c.onSale, c.priceKurus, c.commitmentPriceKurus, c.monthlyPriceKurus]);

describe("price history", () => {
  it("records the creation, each change of a price with its source, the withdrawal and the return, and nothing for a change of words", async () => {
    const id = await createCompanyPackage(t.app, { user: owner }, { companyId: company.id, input });
    // Words only: no entry.
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: id, input: { ...input, title: "Geçmiş Fiber 100 Yeni" } });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: id, input: { ...input, title: "Geçmiş Fiber 100 Yeni", commitmentPrice: "460" } });
    // An administrator acting for the company.
    await updateCompanyPackage(t.app, { user: admin }, { companyId: company.id, packageId: id, input: { ...input, title: "Geçmiş Fiber 100 Yeni", price: "550", commitmentPrice: "460" } });
    await setPackageWithdrawn(t.app, { user: owner }, { companyId: company.id, packageId: id, withdrawn: true });
    // Withdrawing a withdrawn package changes nothing.
    await setPackageWithdrawn(t.app, { user: owner }, { companyId: company.id, packageId: id, withdrawn: true });
    await setPackageWithdrawn(t.app, { user: admin }, { companyId: company.id, packageId: id, withdrawn: false });
    expect(summary(await readPriceHistory(t.app.db, id))).toEqual([
      ["created", "dashboard", true, 50000, 42000, 42000],
      ["changed", "dashboard", true, 50000, 46000, 46000],
      ["changed", "admin", true, 55000, 46000, 46000],
      ["withdrawn", "dashboard", false, 55000, 46000, 46000],
      ["restored", "admin", true, 55000, 46000, 46000],
    ]);
    const copy = await duplicateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: id });
    expect(summary(await readPriceHistory(t.app.db, copy))).toEqual([["created", "dashboard", true, 55000, 46000, 46000]]);
  });

  it("an import's creations and changes are the import's; a write outside any source is the system's, and a forged source is too", async () => {
    const rows = (price: string) =>
      readImportRows(
        ["company;serviceKind;title;technology;downloadMbps;price;commitmentMonths;servesAllCities", `${company.slug};internet;Geçmiş İthal 50;fiber;50;${price};0;on`].join("\n"),
        "csv",
      );
    expect((await importPackages(t.app.db, rows("300"))).created).toBe(1);
    expect((await importPackages(t.app.db, rows("300"))).updated).toBe(1);
    expect((await importPackages(t.app.db, rows("325"))).updated).toBe(1);
    const [row] = await t.app.db.select({ id: packages.id }).from(packages).where(eq(packages.slug, "gecmis-ithal-50"));
    expect(summary(await readPriceHistory(t.app.db, row!.id))).toEqual([
      ["created", "import", true, 30000, null, 30000],
      ["changed", "import", true, 32500, null, 32500],
    ]);
    const plain = await makePackage(t.app.db, company.id, { title: "Geçmiş Sistem", price: "100" });
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('genisbant.price_source', 'yönetici''); drop table x; --', true)`);
      await tx.update(packages).set({ priceKurus: 12000 }).where(eq(packages.id, plain));
    });
    expect(summary(await readPriceHistory(t.app.db, plain))).toEqual([
      ["created", "system", true, 10000, null, 10000],
      ["changed", "system", true, 12000, null, 10000],
    ]);
  });

  it("the package page shows the history: a sentence, the chart and the table, in both languages", async () => {
    const id = await createCompanyPackage(t.app, { user: owner }, { companyId: company.id, input: { ...input, title: "Geçmiş Sayfa 300" } });
    const one = await (await t.fetch(`/api/v1/packages/${id}`)).json();
    const path = (one as { package: { card: { path: string } } }).package.card.path;
    let html = await (await t.fetch(path)).text();
    // One entry: no chart yet, the table and "not changed".
    expect(html).toContain('data-testid="price-history-table"');
    expect(html).not.toContain('data-testid="price-chart"');
    expect(html).toContain("O günden beri fiyatı değişmedi.");
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: id, input: { ...input, title: "Geçmiş Sayfa 300", commitmentPrice: "462" } });
    html = await (await t.fetch(path)).text();
    expect(html).toContain('data-testid="price-chart"');
    expect(html).toContain("1 fiyat değişikliği: aylık fiyat ₺420,00 iken ₺462,00 oldu (+%10).");
    const table = html.slice(html.indexOf('data-testid="price-history-table"'));
    expect(table).toContain("Eklendi");
    expect(table).toContain("Fiyat değişti");
    expect(table).toContain("+%10");
    const en = await (await t.fetch(`/en${path}`)).text();
    expect(en).toContain("Price history");
    expect(en).toMatch(/1 price change: the monthly price went from \$[\d.]+ to \$[\d.]+ \(\+10%\)\./);
    expect(en).toContain("Price changed");
  });

  it("GET /api/v1/packages/{id}/price-history answers a public package's history, oldest first; 404 for one that is not public or no package", async () => {
    const id = await createCompanyPackage(t.app, { user: owner }, { companyId: company.id, input: { ...input, title: "Geçmiş API 200" } });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: id, input: { ...input, title: "Geçmiş API 200", commitmentPrice: "399,90" } });
    const res = await t.fetch(`/api/v1/packages/${id}/price-history`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: true; changes: { kind: string; source: string; commitmentPriceKurus: number; changedAt: string }[] };
    expect(body.changes.map((c) => [c.kind, c.source, c.commitmentPriceKurus])).toEqual([
      ["created", "dashboard", 42000],
      ["changed", "dashboard", 39990],
    ]);
    expect(Date.parse(body.changes[1]!.changedAt)).toBeGreaterThanOrEqual(Date.parse(body.changes[0]!.changedAt));
    for (const path of ["/api/v1/packages/99999999/price-history", "/api/v1/packages/abc/price-history", "/api/v1/packages/1%00/price-history", "/api/v1/packages/-1/price-history"]) {
      const r = await t.fetch(path);
      expect(r.status, path).toBe(404);
    }
    // Withdrawn more than two years ago: no longer public (as its page), so no history either.
    await t.app.db.update(packages).set({ withdrawnAt: new Date(Date.now() - 3 * 365 * 86_400_000) }).where(eq(packages.id, id));
    expect((await t.fetch(`/api/v1/packages/${id}/price-history`)).status).toBe(404);
    // Only GET: another method is refused and writes nothing.
    const before = await t.app.db.$count(packagePriceChanges);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const r = await t.fetch(`/api/v1/packages/${id}/price-history`, { method, headers: { "content-type": "application/json" }, body: "{}" });
      expect(r.status, method).toBeGreaterThanOrEqual(400);
      expect(r.status, method).toBeLessThan(500);
    }
    expect(await t.app.db.$count(packagePriceChanges)).toBe(before);
  });

  it("a company's record on prices: its changes with the price before, the share of its packages on sale that rose in 12 months, on its packages page and in the API", async () => {
    const shop = await makeCompany(t.app.db, { ownerId: owner.id, name: "Kayıt Fiber AŞ" });
    const a = await createCompanyPackage(t.app, { user: owner }, { companyId: shop.id, input: { ...input, title: "Kayıt A" } });
    const b = await createCompanyPackage(t.app, { user: owner }, { companyId: shop.id, input: { ...input, title: "Kayıt B", price: "300", commitmentMonths: "0", commitmentPrice: "" } });
    await createCompanyPackage(t.app, { user: owner }, { companyId: shop.id, input: { ...input, title: "Kayıt C" } });
    let api = (await (await t.fetch(`/api/v1/companies/${shop.slug}/price-changes`)).json()) as { changes: { title: string; beforeKurus: number; afterKurus: number }[]; onSale: number; risenInYear: number };
    expect(api).toMatchObject({ changes: [], onSale: 3, risenInYear: 0 });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: shop.id, packageId: a, input: { ...input, title: "Kayıt A", commitmentPrice: "504" } });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: shop.id, packageId: b, input: { ...input, title: "Kayıt B", price: "270", commitmentMonths: "0", commitmentPrice: "" } });
    // A change of words or of a fee that is not the monthly price is no change of the monthly price.
    await updateCompanyPackage(t.app, { user: owner }, { companyId: shop.id, packageId: b, input: { ...input, title: "Kayıt B", price: "270", commitmentMonths: "0", commitmentPrice: "", activationFee: "99" } });
    api = (await (await t.fetch(`/api/v1/companies/${shop.slug}/price-changes`)).json()) as typeof api;
    expect(api.changes.map((c) => [c.title, c.beforeKurus, c.afterKurus])).toEqual([
      ["Kayıt B", 30000, 27000],
      ["Kayıt A", 42000, 50400],
    ]);
    expect(api.onSale).toBe(3);
    expect(api.risenInYear).toBe(1);
    const html = await (await t.fetch(`/kablolu-internet/${shop.slug}/paketler`)).text();
    const record = html.slice(html.indexOf('data-testid="price-record"'));
    expect(record).toContain("Satıştaki 3 paketinden 1 tanesinin fiyatı son 12 ayda arttı.");
    expect(record).toContain("+%20");
    expect(record).toContain("-%10");
    const en = await (await t.fetch(`/en/kablolu-internet/${shop.slug}/paketler`)).text();
    expect(en).toContain("Of its 3 packages on sale, 1 had a price rise in the last 12 months.");
    // The profile itself says it too, with a link to the list.
    const profile = await (await t.fetch(`/kablolu-internet/${shop.slug}`)).text();
    const rise = profile.slice(profile.indexOf('data-testid="price-rise"'));
    expect(rise).toContain("Satıştaki 3 paketinden 1 tanesinin fiyatı son 12 ayda arttı.");
    expect(rise).toContain(`href="/kablolu-internet/${shop.slug}/paketler#price-record-title"`);
    expect(await (await t.fetch(`/en/kablolu-internet/${shop.slug}`)).text()).toContain(`href="/en/kablolu-internet/${shop.slug}/paketler#price-record-title"`);
    expect(en).toContain("+20%");
    // A withdrawn package's rise no longer counts among those on sale.
    await setPackageWithdrawn(t.app, { user: owner }, { companyId: shop.id, packageId: a, withdrawn: true });
    api = (await (await t.fetch(`/api/v1/companies/${shop.slug}/price-changes`)).json()) as typeof api;
    expect([api.onSale, api.risenInYear, api.changes.length]).toEqual([2, 0, 2]);
    for (const path of ["/api/v1/companies/yok-boyle-bir-sirket/price-changes", `/api/v1/companies/${"x".repeat(300)}/price-changes`, "/api/v1/companies/a%00b/price-changes"]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
  });

  it("compare shows each package's last change of its monthly price, on the page (both languages) and in the API", async () => {
    const changed = await createCompanyPackage(t.app, { user: owner }, { companyId: company.id, input: { ...input, title: "Kıyas Değişen" } });
    const still = await createCompanyPackage(t.app, { user: owner }, { companyId: company.id, input: { ...input, title: "Kıyas Sabit" } });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: changed, input: { ...input, title: "Kıyas Değişen", commitmentPrice: "440" } });
    await updateCompanyPackage(t.app, { user: owner }, { companyId: company.id, packageId: changed, input: { ...input, title: "Kıyas Değişen", commitmentPrice: "460" } });
    const api = (await (
      await t.fetch("/api/v1/packages/compare", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids: [changed, still] }) })
    ).json()) as { items: { id: number; lastPriceChange: { beforeKurus: number; afterKurus: number } | null }[] };
    expect(api.items.map((i) => [i.id, i.lastPriceChange && [i.lastPriceChange.beforeKurus, i.lastPriceChange.afterKurus]])).toEqual([
      [changed, [44000, 46000]],
      [still, null],
    ]);
    const html = await (await t.fetch(`/paketler/karsilastir?p=${changed},${still}`)).text();
    expect(html).toContain("Son fiyat değişikliği");
    expect(html).toMatch(/\d\d\.\d\d\.\d{4}: ₺440,00 → ₺460,00/);
    expect(html).toContain("Kayıtlı değişiklik yok");
    const en = await (await t.fetch(`/en/paketler/karsilastir?p=${changed},${still}`)).text();
    expect(en).toContain("Last price change");
    expect(en).toContain("None recorded");
  });
});
