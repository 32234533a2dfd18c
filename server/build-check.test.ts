import path from "node:path";
import { describe, expect, it } from "vitest";
import { isServerModule, serverCodeStaysOnServer } from "../vite.config";

const root = path.resolve(import.meta.dirname, "..");

/** Runs the plugin's bundle check on a fake browser bundle holding the given module ids. */
function checkClientBundle(moduleIds: string[]): string | undefined {
  const plugin = serverCodeStaysOnServer() as unknown as {
    configResolved(c: { build: { ssr: boolean } }): void;
    generateBundle(this: unknown, o: unknown, b: unknown): void;
  };
  plugin.configResolved({ build: { ssr: false } });
  let failure: string | undefined;
  const ctx = {
    environment: { name: "client" },
    error(message: string) {
      failure = message;
      throw new Error(message);
    },
  };
  try {
    plugin.generateBundle.call(ctx, {}, { "assets/x.js": { type: "chunk", fileName: "assets/x.js", moduleIds } });
  } catch {
    // the failure is recorded
  }
  return failure;
}

describe("server code stays out of the browser bundle", () => {
  it("recognises modules under server/ and *.server.* files, not the rest", () => {
    expect(isServerModule(path.join(root, "server/db/client.ts"))).toBe(true);
    expect(isServerModule(path.join(root, "app/lib/session.server.ts"))).toBe(true);
    expect(isServerModule(`\0${path.join(root, "server/config.ts")}?commonjs`)).toBe(true);
    expect(isServerModule(path.join(root, "app/components/ui/logo.tsx"))).toBe(false);
    expect(isServerModule(path.join(root, "common/forms/auth.ts"))).toBe(false);
    expect(isServerModule(path.join(root, "app/server-status.tsx"))).toBe(false);
  });

  it("fails the client build naming the module, and passes a clean bundle", () => {
    expect(checkClientBundle([path.join(root, "app/root.tsx"), path.join(root, "server/http/document-bytes.ts")])).toMatch(
      /Server code in the browser bundle:\n {2}server\/http\/document-bytes\.ts \(in assets\/x\.js\)/,
    );
    expect(checkClientBundle([path.join(root, "app/root.tsx"), path.join(root, "common/text.ts")])).toBeUndefined();
  });
});
