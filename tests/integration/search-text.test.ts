import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLD_FROM, foldSearchText, matchesSearch } from "../../common/search-text";
import { listUsers } from "../../server/accounts/admin-users";
import { users } from "../../server/accounts/schema";
import { foldedContains, foldedSql } from "../../server/db/search";
import type { DatabaseHandle } from "../../server/db/client";
import { openTestDatabase } from "../helpers/test-app";

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL: the SQL fold must equal the
// JavaScript fold on both, whatever the collation.

let database: DatabaseHandle;

const NAMES = [
  "İSTANBUL Işık",
  "Irmak ığdır",
  "ÇANKAYA Çiçek",
  "Gülşen Öztürk",
  "Ağrı Dağı",
  "Kâhyalar Âşık",
  "Éléonore Müller",
  "ÇANKAYA Decomposed".normalize("NFD"),
  "100%_Gerçek",
  "back\\slash",
  "Жук Ålesund",
];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values(
    NAMES.map((fullName, i) => ({
      fullName,
      email: `fold${i}@example.com`,
      passwordHash: "x",
      accountType: "individual" as const,
      membershipAcceptedAt: new Date(),
      kvkkAcceptedAt: new Date(),
    })),
  );
});
afterAll(() => database?.close());

async function sqlMatches(search: string): Promise<string[]> {
  const rows = await database.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(foldedContains(users.fullName, search));
  return rows.map((r) => r.fullName).sort();
}

describe("folding in SQL", () => {
  it("folds every character of the table exactly as foldSearchText does", async () => {
    const samples = [FOLD_FROM, ...NAMES, "ĞÜŞİÖÇ ğüşıöç", "Ææ ß Ωω 東京 😀"];
    for (const text of samples) {
      const [row] = await database.db.execute<{ folded: string }>(sql`select ${foldedSql(sql`${text}::text`)} as folded`).then((r) =>
        Array.isArray(r) ? r : (r as unknown as { rows: { folded: string }[] }).rows,
      );
      expect(row?.folded, text).toBe(foldSearchText(text));
    }
  });

  it.each([
    ["istanbul", ["İSTANBUL Işık"]],
    ["ISTANBUL", ["İSTANBUL Işık"]],
    ["işık", ["İSTANBUL Işık"]],
    ["cankaya", ["ÇANKAYA Çiçek", "ÇANKAYA Decomposed".normalize("NFD")]],
    ["IĞDIR", ["Irmak ığdır"]],
    ["igdir", ["Irmak ığdır"]],
    ["GULSEN ozturk", ["Gülşen Öztürk"]],
    ["agri dagi", ["Ağrı Dağı"]],
    ["kahyalar asik", ["Kâhyalar Âşık"]],
    ["eleonore", ["Éléonore Müller"]],
    ["%_g", ["100%_Gerçek"]],
    ["%", ["100%_Gerçek"]],
    ["_", ["100%_Gerçek"]],
    ["\\", ["back\\slash"]],
    ["ålesund", ["Жук Ålesund"]],
    ["Жук", ["Жук Ålesund"]],
    ["жук", ["Жук Ålesund"]],
    ["ЖУК ÅLESUND", ["Жук Ålesund"]],
  ])("%s finds what matchesSearch finds", async (search, expected) => {
    const found = await sqlMatches(search);
    expect(found).toEqual([...expected].sort());
    expect(found).toEqual(NAMES.filter((n) => matchesSearch(n, search)).sort());
  });

  it("an empty search adds no condition", () => {
    expect(foldedContains(users.fullName, "   ")).toBeUndefined();
  });
});

describe("the user list's search", () => {
  it("finds a user with dotted and dotless I and accents, by name and by e-mail", async () => {
    const [admin] = await database.db
      .insert(users)
      .values({
        fullName: "Arama Yöneticisi",
        email: "arama.admin@example.com",
        passwordHash: "x",
        accountType: "individual",
        isAdmin: true,
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
      })
      .returning();
    const [target] = await database.db
      .insert(users)
      .values({
        fullName: "İlkay Işıkçı Şükrü",
        email: "ilkay.IŞIK@example.com",
        passwordHash: "x",
        accountType: "individual",
        membershipAcceptedAt: new Date(),
        kvkkAcceptedAt: new Date(),
      })
      .returning();
    const app = { db: database.db };
    const actor = { user: { ...admin!, image: null, emailVerified: true } };
    const found = async (search: string) => (await listUsers(app, { actor, search })).rows.map((r) => r.id);
    for (const search of ["ILKAY ISIKCI", "ilkay ışıkçı", "İLKAY IŞIKÇI", "isikci sukru", "ŞÜKRÜ", "ilkay.isik@"]) {
      expect(await found(search), search).toEqual([target!.id]);
    }
    expect(await found("ilkay_isik")).toEqual([]);
    await database.db.delete(users).where(inArray(users.id, [admin!.id, target!.id]));
  });
});
