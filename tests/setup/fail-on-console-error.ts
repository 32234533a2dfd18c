import { afterEach, beforeEach, vi } from "vitest";

// An error logged to the console during a test is a bug the test did not assert on.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
