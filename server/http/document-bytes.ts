/**
 * A rendered document's bytes, set by app/entry.server.tsx on the Response it returns (whose own
 * body is then empty) and written as they are by page-handler.ts. A registered symbol, because
 * the server build bundles its own copy of this module.
 */
export const DOCUMENT_BYTES = Symbol.for("genisbant.documentBytes");
