import type { AreaModule } from "../core/app-context";
import { packageAdminCalls } from "./api/admin";
import { packageDashboardCalls } from "./api/dashboard";
import { packageCalls } from "./api/public";
import { seedDemoPackages } from "./demo-packages";
import { packageSitemapEntries } from "./sitemap";
import { countPackages } from "./summary-counts";
import { packageSearchSource } from "./search-source";

/** Packages: search, whole cost, compare, the companies' package dashboard. */
export const packagesModule: AreaModule = {
  name: "packages",
  sitemap: [packageSitemapEntries],
  summary: { packages: countPackages },
  // Listed after the companies: demo packages attach to whatever demo companies exist.
  seedDemo: async (db, { log }) => void (await seedDemoPackages(db, { log })),
  api: [...packageDashboardCalls, ...packageAdminCalls, ...packageCalls],
  search: [packageSearchSource],
};
