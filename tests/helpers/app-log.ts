// What the app under test logs at level error or fatal. The test app (test-app.ts) writes its
// pino output here; tests/setup/fail-on-console-error.ts fails a test during which an error was
// logged, unless the test declared it with expectAppError().
import type { DestinationStream } from "pino";

export interface LoggedError {
  level: number;
  msg: string;
  line: string;
}

let recorded: LoggedError[] = [];
let expected: RegExp[] = [];

/** pino's numeric levels: 50 error, 60 fatal. */
const ERROR_LEVEL = 50;

export const appLogDestination: DestinationStream = {
  write(line: string) {
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line) as { level?: number; msg?: string };
    } catch {
      entry = { level: ERROR_LEVEL, msg: line };
    }
    if ((entry.level ?? 0) >= ERROR_LEVEL) recorded.push({ level: entry.level ?? ERROR_LEVEL, msg: entry.msg ?? "", line: line.trim() });
  },
};

/**
 * Declares that the running test provokes an app error whose message or log line matches
 * `pattern`: the test then fails if no such error is logged, instead of if one is.
 */
export function expectAppError(pattern: RegExp): void {
  expected.push(pattern);
}

/** Errors logged since the last call, and what the test expected; resets both. */
export function takeAppLog(): { unexpected: LoggedError[]; missing: RegExp[] } {
  const errs = recorded;
  const wanted = expected;
  recorded = [];
  expected = [];
  const matches = (e: LoggedError, p: RegExp) => p.test(e.msg) || p.test(e.line);
  return {
    unexpected: errs.filter((e) => !wanted.some((p) => matches(e, p))),
    missing: wanted.filter((p) => !errs.some((e) => matches(e, p))),
  };
}
