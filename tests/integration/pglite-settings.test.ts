// PGLITE_SHARED_BUFFERS_MB: the embedded database's shared buffers, 8 MB unless set (decision 009).
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { sql } from "drizzle-orm";

async function sharedBuffers(mb?: number): Promise<string> {
  const database = await openDatabase({
    migrate: false,
    pgliteSharedBuffersMb: mb,
  });
  try {
    return rowsOf<{ shared_buffers: string }>(
      await database.db.execute(sql`SHOW shared_buffers`),
    )[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe("PGlite's shared buffers", () => {
  it("are 8 MB unless set, and what PGLITE_SHARED_BUFFERS_MB says when it is", async () => {
    expect(await sharedBuffers()).toBe("8MB");
    expect(
      await sharedBuffers(
        loadConfig({ PGLITE_SHARED_BUFFERS_MB: "32" }).PGLITE_SHARED_BUFFERS_MB,
      ),
    ).toBe("32MB");
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS_MB).toBe(8);
    for (const bad of ["0", "-1", "2048", "abc", "1.5"])
      expect(
        () => loadConfig({ PGLITE_SHARED_BUFFERS_MB: bad }),
        bad,
      ).toThrow();
  }, 60_000);
});
