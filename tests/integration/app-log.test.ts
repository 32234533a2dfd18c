import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAppError, takeAppLog } from "../helpers/app-log";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The recorder that makes an app error fail the test (tests/setup/fail-on-console-error.ts).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("errors the app logs", () => {
  it("are recorded with their message, and below level error nothing is", async () => {
    t.app.log.warn("only a warning");
    t.app.log.info("only news");
    t.app.log.error({ err: new Error("disk on fire") }, "job poll failed");
    t.app.log.fatal("the end");
    const { unexpected, missing } = takeAppLog();
    expect(unexpected.map((e) => [e.level, e.msg])).toEqual([
      [50, "job poll failed"],
      [60, "the end"],
    ]);
    expect(unexpected[0].line).toContain("disk on fire");
    expect(missing).toEqual([]);
  });

  it("a declared error is accepted; a declared error that never comes is reported", async () => {
    expectAppError(/job poll failed/);
    t.app.log.error("job poll failed");
    expect(takeAppLog()).toEqual({ unexpected: [], missing: [] });
    expectAppError(/never logged/);
    expect(takeAppLog().missing).toEqual([/never logged/]);
  });
});
