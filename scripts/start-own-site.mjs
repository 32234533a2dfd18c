// Starts the production build as the e2e suite does (tests/e2e/site.ts: free port, fresh
// DATA_DIR with the demo data), for the scripts that measure pages in Chromium (lighthouse.mjs,
// bench/page-js.mjs) when no URL is given.
export async function startOwnSite() {
  const { register } = await import("tsx/esm/api");
  register();
  const { startSite } = await import("../tests/e2e/site.ts");
  return startSite();
}
