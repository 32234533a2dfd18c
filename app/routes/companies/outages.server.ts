import { data } from "react-router";
import { OUTAGE_PAGE_INTENTS } from "../../../common/forms/outages";
import type { RequestContext } from "../../../server/http/request-context";
import {
  intentFailure,
  readVerifiedForm,
} from "../../../server/http/forms/form-action";
import { getT } from "../../../server/i18n";
import { outageOverview } from "../../../server/outages/overview";
import { renderedOnce } from "../../../server/http/pages/rendered-once";
import { reportOutage } from "../../../server/outages/reports";
import { AppError, isAppError } from "../../../server/platform/app-error";
import { requestOutageAlert } from "../../../server/outages/alerts";
import {
  findProvinceByCode,
  listDistricts,
} from "../../../server/reference/cities";
import { withValues } from "../../components/forms/action-values";
import type { OutageActionData } from "../../features/outages/report-form";
import { profileData } from "./profile.server";

interface PageArgs {
  request: Request;
  params: { subType: string; company: string };
  context: RequestContext;
}

/** The province a link names (`?il=34`), whose districts the form then offers. */
function cityParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("il");
  return value && /^\d{1,2}$/.test(value) && findProvinceByCode(Number(value))
    ? Number(value)
    : null;
}

/**
 * /:subType/:company/kesinti: an internet provider's or TV platform's outage reports (the same
 * service as GET /api/v1/companies/{slug}/outages). Another kind of company has no such page (404).
 */
export async function outagesPage(args: PageArgs) {
  const { context, request } = args;
  const t = getT(context.locale);
  const base = await profileData(args, "/kesinti");
  let overview;
  try {
    overview = await outageOverview(context.app, { slug: base.company.slug });
  } catch (err) {
    if (isAppError(err) && err.code === "E_NOT_FOUND")
      throw data(null, { status: 404 });
    throw err;
  }
  const crumbs = [
    ...base.crumbs,
    { name: t("outages.crumb"), url: `${base.profileUrl}/kesinti` },
  ];
  const city = cityParam(request);
  return data(
    {
      company: base.company,
      crumbs,
      // Figures, a chart and lists: the document carries them as HTML, and their fields go to the
      // browser only for a client-side navigation, which renders them (decision 040).
      overview: renderedOnce(context, "outages", overview),
      initialCity: city,
      signedIn: context.user !== null,
      initialDistricts: city === null ? [] : listDistricts(city),
      seo: {
        title: t("outages.title", { name: base.company.name }),
        description: t("outages.description", { name: base.company.name }),
      },
    },
    // Figures of the last minutes: never kept by a browser or a shared cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The page's two forms, by `intent` (CSRF checked): "report" (anyone; the same service as POST
 * /api/v1/companies/{slug}/outages) and "alert" (a signed-in member; as POST …/outage-alerts).
 */
export async function outagesAction({ request, params, context }: PageArgs) {
  let values: Record<string, string> = {};
  let intent: "report" | "alert" | undefined;
  try {
    const form = await readVerifiedForm(request, context);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : undefined;
    };
    const given = text("intent");
    intent = OUTAGE_PAGE_INTENTS.find((i) => i === given);
    const input = {
      problem: text("problem"),
      city: text("city"),
      district: text("district"),
    };
    values = Object.fromEntries(
      Object.entries(input).filter(
        (e): e is [string, string] =>
          typeof e[1] === "string" && e[1].length <= 200,
      ),
    );
    if (intent === "alert") {
      const answer = await requestOutageAlert(context.app, {
        actor: context,
        slug: params.company,
        input,
        locale: context.locale,
      });
      return data<OutageActionData>(
        {
          success: true,
          intent,
          alertState: answer.state === "active" ? "active" : "pending",
          email: context.user?.email ?? "",
        },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    if (intent !== "report")
      throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    const answer = await reportOutage(context.app, {
      slug: params.company,
      input,
      ip: context.ip,
    });
    return data<OutageActionData>({
      success: true,
      intent,
      counted: answer.counted,
      incident: answer.incident,
      cityName: findProvinceByCode(answer.city)?.name ?? "",
      district: answer.district,
    });
  } catch (err) {
    const failure = intentFailure(err, context, {
      intent,
      unexpected: "outages.errors.unexpected",
      log: "outage form failed",
    });
    return withValues(failure, values);
  }
}
