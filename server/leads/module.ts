import type { AreaModule } from "../core/app-context";
import { leadInboxCalls, leadWebhooks, packageLeadCalls } from "./api";
import { runLeadDelivery } from "./deliver-lead";
import { eraseExpiredLeads } from "./erase-leads";
import { LEAD_DELIVERY_JOB } from "./submit-lead";

/** Subscription and call-me requests to companies, and their delivery by mail and webhook. */
export const leadsModule: AreaModule = {
  name: "leads",
  // A subscription or call-me request to its company: by mail and by signed webhook.
  jobs: { [LEAD_DELIVERY_JOB]: (deps, payload) => runLeadDelivery(deps, payload) },
  cleanups: { leads: eraseExpiredLeads },
  api: [...leadInboxCalls, ...packageLeadCalls],
  webhooks: leadWebhooks,
};
