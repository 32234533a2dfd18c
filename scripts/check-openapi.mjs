// `npm run check:openapi`: lints the API's OpenAPI document (generated from the same zod schemas
// as the handlers, server/http/api/openapi.ts) with Redocly's recommended rules (redocly.yaml).
// Fails on any error or warning. Run by .ci/run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
register();
const { openApiDocument } = await import("../server/http/api/openapi.ts");
const { areaModules } = await import("../server/modules.ts");

const dir = mkdtempSync(path.join(os.tmpdir(), "genisbant-openapi-"));
try {
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(openApiDocument(areaModules), null, 2));
  const cli = path.join(root, "node_modules/@redocly/cli/bin/cli.js");
  const args = [cli, "lint", file, "--config", path.join(root, "redocly.yaml")];
  const json = spawnSync(process.execPath, [...args, "--format=json"], { cwd: root, encoding: "utf8" });
  let problems;
  try {
    problems = JSON.parse(json.stdout.slice(json.stdout.indexOf("{"))).totals;
  } catch {
    console.error(json.stdout, json.stderr);
    throw new Error("could not read Redocly's JSON report");
  }
  const { errors, warnings } = problems;
  if (errors + warnings > 0) {
    // The readable report, then the verdict.
    spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
    console.error(`OpenAPI check FAILED: ${errors} error(s), ${warnings} warning(s) under Redocly's recommended rules.`);
    process.exitCode = 1;
  } else {
    console.log("OpenAPI check passed: no error or warning under Redocly's recommended rules.");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
