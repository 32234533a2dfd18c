import { afterEach, beforeEach, vi } from "vitest";
import { takeAppLog } from "../helpers/app-log";

// An error logged to the console, or by the app's logger (level error or fatal), during a test
// is a bug the test did not assert on. A test that provokes one on purpose says so with
// expectAppError() (tests/helpers/app-log.ts).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  const { unexpected, missing } = takeAppLog();
  const problems: string[] = [];
  if (errors.length) problems.push(`console.error was called:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
  if (unexpected.length) problems.push(`the app logged ${unexpected.length} error(s):\n${unexpected.map((e) => e.line.slice(0, 2000)).join("\n")}`);
  if (missing.length) problems.push(`the app logged no error matching ${missing.map(String).join(", ")}`);
  if (problems.length) throw new Error(problems.join("\n"));
});
