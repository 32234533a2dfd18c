import admin from "./admin.json" with { type: "json" };
import auth from "./auth.json" with { type: "json" };
import common from "./common.json" with { type: "json" };
import companies from "./companies.json" with { type: "json" };
import companyAdmin from "./companyAdmin.json" with { type: "json" };
import settings from "./settings.json" with { type: "json" };
import infrastructure from "./infrastructure.json" with { type: "json" };
import speedtest from "./speedtest.json" with { type: "json" };
import packages from "./packages.json" with { type: "json" };
import blog from "./blog.json" with { type: "json" };
import search from "./search.json" with { type: "json" };
import outages from "./outages.json" with { type: "json" };
import scorecard from "./scorecard.json" with { type: "json" };

/**
 * All en messages as one tree. Each area keeps its own file (one top-level key per file, so
 * files never collide); this module is the one place that puts them together.
 */
const messages = { ...common, ...auth, ...settings, ...admin, ...companies, ...companyAdmin, ...infrastructure, ...speedtest, ...packages, ...blog, ...search, ...outages, ...scorecard };
export default messages;
