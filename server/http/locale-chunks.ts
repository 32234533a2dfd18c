import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The browser's locale namespace chunks, "tr/blog" → "/assets/blog-….js" (decision 034): the
 * build writes them to locale-chunks.json beside its client and server folders (vite.config.ts),
 * and the server's document preloads a page's namespaces from them. The server build's entry is
 * build/server/index.js; run from the sources there is no such file, and nothing is preloaded.
 */
function readLocaleChunks(): Readonly<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "locale-chunks.json"), "utf8"));
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].startsWith("/assets/")));
  } catch {
    return {};
  }
}

export const localeChunks = readLocaleChunks();
