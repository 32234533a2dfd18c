import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { findCycles } from "../../scripts/check-cycles.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `file`. */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

// ESLint loads its configuration and parser on the first file: slow on a busy machine, so each case may take a while.
describe("import boundaries (each rule catches a planted violation)", { timeout: 60_000 }, () => {
  it("common/ imports nothing from app/ or server/", async () => {
    expect(await violations("common/planted.ts", 'import { paths } from "../server/db/client";\nexport const x = paths;\n')).toContain("import-x/no-restricted-paths");
    expect(await violations("common/planted.ts", 'import { x } from "../app/root";\nexport const y = x;\n')).toContain("import-x/no-restricted-paths");
  });

  it("the shared layers import no area", async () => {
    for (const layer of ["core", "platform", "db", "jobs", "mail", "seo"]) {
      expect(await violations(`server/${layer}/planted.ts`, 'import { x } from "../packages/search-packages";\nexport const y = x;\n'), layer).toContain("import-x/no-restricted-paths");
    }
  });

  it("no area imports the composition root", async () => {
    expect(await violations("server/packages/planted.ts", 'import { createAppContext } from "../app-context";\nexport const y = createAppContext;\n')).toContain("import-x/no-restricted-paths");
    expect(await violations("server/reviews/planted.ts", 'import { areaModules } from "../modules";\nexport const y = areaModules;\n')).toContain("import-x/no-restricted-paths");
  });

  it("an area imports another only through its public entry (index.ts, schema.ts, api.ts, api-schemas.ts)", async () => {
    expect(await violations("server/reminders/planted.ts", 'import { searchPackages } from "../packages/search-packages";\nexport const y = searchPackages;\n')).toContain("import-x/no-restricted-paths");
    const allowed = 'import { searchPackages } from "../packages";\nimport { packages } from "../packages/schema";\nimport { leadResponse } from "../leads/api-schemas";\nexport const y = [searchPackages, packages, leadResponse];\n';
    expect(await violations("server/reminders/planted.ts", allowed)).not.toContain("import-x/no-restricted-paths");
  });

  it("no area imports the HTTP layer: its API calls are declarations the router serves", async () => {
    expect(await violations("server/reviews/planted.ts", 'import { api } from "../http/api/respond";\nexport const y = api;\n')).toContain("import-x/no-restricted-paths");
  });

  it("a feature imports no other feature, and components import no feature", async () => {
    expect(await violations("app/features/companies/planted.tsx", 'import { LeadForm } from "../packages/lead-forms";\nexport const y = LeadForm;\n')).toContain("import-x/no-restricted-paths");
    expect(await violations("app/components/shell/planted.tsx", 'import { ProfileView } from "../../features/companies/profile-view";\nexport const y = ProfileView;\n')).toContain("import-x/no-restricted-paths");
    // Its own folder, and the shared components, stay allowed.
    expect(await violations("app/features/companies/planted.tsx", 'import { ScoreLine } from "./company-card";\nimport { Combobox } from "../../components/ui/combobox";\nexport const y = [ScoreLine, Combobox];\n')).not.toContain("import-x/no-restricted-paths");
  });

  it("no area or shared layer imports the web framework", async () => {
    for (const file of ["server/packages/planted.ts", "server/platform/planted.ts"]) {
      expect(await violations(file, 'import { data } from "react-router";\nexport const y = data;\n'), file).toContain("no-restricted-imports");
    }
    // The HTTP layer that serves pages may.
    expect(await violations("server/http/pages/planted.ts", 'import { data } from "react-router";\nexport const y = data;\n')).not.toContain("no-restricted-imports");
  });

  it("what is allowed stays allowed: an area takes AppContext from core and another area's service through its public entry", async () => {
    const code = 'import type { AppContext } from "../core/app-context";\nimport { searchPackages } from "../packages";\nexport const f = (app: AppContext) => searchPackages(app, {} as never);\n';
    expect(await violations("server/reminders/planted.ts", code)).not.toContain("import-x/no-restricted-paths");
    // An area's tables point at another area's (a foreign key), and every table takes the shared column helpers.
    const schema = 'import { createdAt } from "../db/columns";\nimport { packages } from "../packages/schema";\nexport const y = [createdAt, packages];\n';
    expect(await violations("server/reminders/planted.ts", schema)).not.toContain("import-x/no-restricted-paths");
  });
});

describe("import cycles (scripts/check-cycles.mjs, run by npm test)", () => {
  it("finds a cycle of type-only imports, and none in the project", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cycles-"));
    try {
      await writeFile(path.join(dir, "tsconfig.json"), "{}");
      await writeFile(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport interface A { b?: B }\n');
      await writeFile(path.join(dir, "b.ts"), 'import type { A } from "./a";\nexport interface B { a?: A }\n');
      expect(await findCycles(dir, ["."])).toEqual([["a.ts", "b.ts"]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(await findCycles(root, ["app", "server", "common"])).toEqual([]);
  }, 120_000);
});
