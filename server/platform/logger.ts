import pino from "pino";

export type Logger = pino.Logger;

/**
 * The app's logger. `destination` is a test hook: the integration tests pass a stream that
 * records every error and fatal line, so that an error the app logs fails the test.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
