import type { AreaModule } from "../core/app-context";
import { companyAdminCalls } from "./api/admin";
import { companyDashboardCalls } from "./api/dashboard";
import { companyDirectoryCalls } from "./api/public";
import { seedDemoCompanies } from "./demo-catalogue";
import { companySitemapEntries } from "./sitemap";
import { countCompanies } from "./summary-counts";
import { companySearchSource } from "./search-source";

/** The company directory: profiles, their approval, lists by category and city. */
export const companiesModule: AreaModule = {
  name: "companies",
  sitemap: [companySitemapEntries],
  summary: { companies: countCompanies },
  seedDemo: async (db, { log, storage }) => void (await seedDemoCompanies(db, { storage, log })),
  api: [...companyDirectoryCalls, ...companyDashboardCalls, ...companyAdminCalls],
  search: [companySearchSource],
};
