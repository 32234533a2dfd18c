import { accountsModule } from "./accounts/module";
import { blogModule } from "./blog/module";
import { companiesModule } from "./companies/module";
import { contactModule } from "./contact/module";
import type { AreaModule } from "./core/app-context";
import { infrastructureModule } from "./infrastructure/module";
import { leadsModule } from "./leads/module";
import { newsletterModule } from "./newsletter/module";
import { outagesModule } from "./outages/module";
import { packagesModule } from "./packages/module";
import { remindersModule } from "./reminders/module";
import { scorecardModule } from "./scorecard/module";
import { reviewsModule } from "./reviews/module";
import { searchModule } from "./search/module";
import { speedtestModule } from "./speedtest/module";

/**
 * The areas of the site, in the order their demo data is seeded (packages attach to the demo
 * companies, which belong to the demo users). A new area is its folder and one line here.
 */
export const areaModules: readonly AreaModule[] = [
  accountsModule,
  companiesModule,
  packagesModule,
  reviewsModule,
  blogModule,
  leadsModule,
  remindersModule,
  infrastructureModule,
  speedtestModule,
  outagesModule,
  scorecardModule,
  newsletterModule,
  contactModule,
  searchModule,
];
