import type { FormResult } from "../../components/forms";
import { packageDetailAction, packageDetailPage } from "../../../server/packages/detail-page";
import { LeadForm } from "../../features/packages/lead-forms";
import { ReminderForm } from "../../features/packages/reminder-form";
import { PackageDetailView } from "../../features/packages/package-detail";
import { passHeaders } from "../../lib/headers";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/detail";

export const meta: Route.MetaFunction = (args) => pageMeta(args);
export const headers: Route.HeadersFunction = passHeaders;

export function loader(args: Route.LoaderArgs) {
  return packageDetailPage(args);
}

/** The subscribe and call-me forms (intent=subscribe|callMe) and the commitment reminder (intent=reminder). */
export function action(args: Route.ActionArgs) {
  return packageDetailAction(args);
}

/**
 * /:subType/:company/paket/:packageUrl: every term in plain words, the whole cost, the request
 * forms, and (a package with a commitment, even a withdrawn one: someone's contract) the reminder.
 */
export default function PackageDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, reminder } = loaderData;
  const initial = actionData as FormResult | undefined;
  return (
    <PackageDetailView data={loaderData}>
      {detail.requestable ? (
        <div className="mt-8 grid gap-6 print:hidden md:grid-cols-2">
          <LeadForm intent="subscribe" companyName={detail.company.name} initial={initial} />
          <LeadForm intent="callMe" companyName={detail.company.name} initial={initial} />
        </div>
      ) : null}
      {reminder ? <ReminderForm defaults={reminder} initial={initial} /> : null}
    </PackageDetailView>
  );
}
