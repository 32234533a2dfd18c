import { z } from "../../platform/api-zod";
import type { ApiCall } from "../../core/app-context";
import { packageSponsorshipEndedResponse, packageSponsorshipResponse, packageSponsorshipSetResponse } from "./schemas";
import { sponsorshipSchema } from "../../../common/forms/company-edit";

type Operation = ApiCall;

/**
 * The calls not yet declared beside their area: documented here, served by the routers of this
 * folder. Each area's calls move into its module (`api`) and out of this list.
 */
export const legacyOperations: Operation[] = [...packageAdminOperations()];

/** The administrators' package calls: a package's sponsored period. Administrators only. */
function packageAdminOperations(): Operation[] {
  const packageParam = z.object({ id: z.string().openapi({ description: "The package's id", example: "42" }) });
  const common = { tag: "package-admin", auth: "bearer" as const, forbidden: "Not an administrator (E_FORBIDDEN)", params: packageParam };
  const noPackage = "No package has this id (E_NOT_FOUND; a forged id answers the same)";
  return [
    {
      ...common, id: "getPackageSponsorship", method: "get", path: "/admin/packages/{id}/sponsorship",
      summary: "A package's sponsored period and whether it is labelled sponsored now",
      response: packageSponsorshipResponse, notFound: noPackage,
    },
    {
      ...common, id: "sponsorPackage", path: "/admin/packages/{id}/sponsorship",
      summary: "Mark a package sponsored for a period (UTC days, `until` inclusive, 2000–2099), replacing the period it had. A label only: it never changes a search's results or their order; audit-logged",
      body: { schema: sponsorshipSchema }, response: packageSponsorshipSetResponse, notFound: noPackage, conflict: "The package was withdrawn from sale (E_CONFLICT)",
    },
    {
      ...common, id: "endPackageSponsorship", path: "/admin/packages/{id}/sponsorship/end",
      summary: "End a package's sponsorship now: a running period ends, one not yet started is deleted; audit-logged",
      response: packageSponsorshipEndedResponse, notFound: noPackage, conflict: "No running or upcoming period (E_CONFLICT)", bodyOptional: true,
    },
  ];
}
