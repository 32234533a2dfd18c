import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/accounts/sessions";
import { seedReferenceData } from "../../server/reference/seed";
import { users } from "../../server/accounts/schema";
import { packages } from "../../server/packages/schema";
import { createCompanyPackage, duplicateCompanyPackage, setPackageWithdrawn, updateCompanyPackage } from "../../server/packages/manage-packages";
import { makeCompany } from "../helpers/packages";
import { createShortCache } from "../../server/platform/short-cache";
import { folderStorage } from "../../server/platform/storage";
import { openTestDatabase, type TestDatabase } from "../helpers/test-app";

let database: TestDatabase;
let owner: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let companyId: number;

async function makeUser(email: string, accountType: "individual" | "corporate", isAdmin = false): Promise<SessionUser> {
  const [row] = await database.db
    .insert(users)
    .values({ email, fullName: "x", passwordHash: "x", accountType, isAdmin, membershipAcceptedAt: new Date(), kvkkAcceptedAt: new Date() })
    .returning({ id: users.id });
  return { id: row!.id, fullName: "x", email, image: null, isAdmin, accountType, emailVerified: true };
}

const input = { serviceKind: "internet", title: "Yönetim Fiber 100", technology: "fiber", downloadMbps: "100", price: "500", commitmentMonths: "12", commitmentPrice: "420", servesAllCities: "on" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database.db);
  owner = await makeUser("sahip@yonetim.example", "corporate");
  other = await makeUser("diger@yonetim.example", "corporate");
  admin = await makeUser("admin@yonetim.example", "individual", true);
  companyId = (await makeCompany(database.db, { ownerId: owner.id })).id;
});
afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** The database, and an uploads folder of the test's own for image files (duplicate copies a package's image). */
const uploadsDir = mkdtempSync(path.join(tmpdir(), "gb-manage-"));
const serviceApp = () => ({ db: database.db, pageCache: createShortCache({ keepMs: 0 }), config: { uploadsDir }, storage: folderStorage(uploadsDir), log: { info() {}, warn() {} } });

describe("dashboard package services", () => {
  it("the owner adds, edits, duplicates and withdraws; 'url not unique' is refused", async () => {
    const app = serviceApp();
    const id = await createCompanyPackage(app, { user: owner }, { companyId, input });
    await expect(createCompanyPackage(app, { user: owner }, { companyId, input })).rejects.toMatchObject({ code: "E_CONFLICT", messageKey: { key: "packages.errors.urlNotUnique" } });
    await updateCompanyPackage(app, { user: owner }, { companyId, packageId: id, input: { ...input, price: "550" } });
    const [row] = await database.db.select().from(packages).where(eq(packages.id, id));
    expect([row!.priceKurus, row!.totalCostKurus]).toEqual([55_000, 12 * 42_000]);
    const copy = await duplicateCompanyPackage(app, { user: owner }, { companyId, packageId: id });
    const [copied] = await database.db.select().from(packages).where(eq(packages.id, copy));
    expect(copied!.slug).toBe("yonetim-fiber-100-kopya");
    await setPackageWithdrawn(app, { user: owner }, { companyId, packageId: id, withdrawn: true });
    const [gone] = await database.db.select().from(packages).where(eq(packages.id, id));
    expect(gone!.withdrawnAt).not.toBeNull();
    await expect(createCompanyPackage(app, { user: owner }, { companyId, input: { ...input, price: "-1" } })).rejects.toMatchObject({ code: "E_VALIDATION" });
  });

  it("another company's owner, an individual and a guest cannot read or change them; an administrator can", async () => {
    const app = serviceApp();
    const [pkg] = await database.db.select().from(packages).where(eq(packages.companyId, companyId)).limit(1);
    const individual = await makeUser("bireysel@yonetim.example", "individual");
    for (const [actor, code] of [
      [{ user: other }, "E_NOT_FOUND"],
      [{ user: individual }, "E_FORBIDDEN"],
      [{ user: null }, "E_UNAUTHORIZED"],
    ] as const) {
      await expect(updateCompanyPackage(app, actor, { companyId, packageId: pkg!.id, input })).rejects.toMatchObject({ code });
      await expect(setPackageWithdrawn(app, actor, { companyId, packageId: pkg!.id, withdrawn: true })).rejects.toMatchObject({ code });
      await expect(duplicateCompanyPackage(app, actor, { companyId, packageId: pkg!.id })).rejects.toMatchObject({ code });
      await expect(createCompanyPackage(app, actor, { companyId, input: { ...input, title: "Başka Biri" } })).rejects.toMatchObject({ code });
    }
    // A package id of another company under this company's id is not found.
    const otherCompany = (await makeCompany(database.db, { ownerId: other.id })).id;
    const foreign = await createCompanyPackage(app, { user: other }, { companyId: otherCompany, input });
    await expect(setPackageWithdrawn(app, { user: owner }, { companyId, packageId: foreign, withdrawn: true })).rejects.toMatchObject({ code: "E_NOT_FOUND" });
    await setPackageWithdrawn(app, { user: admin }, { companyId, packageId: pkg!.id, withdrawn: false });
  });
});
