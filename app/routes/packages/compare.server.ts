import { data } from "react-router";
import { compareSchema, searchParamsObject } from "../../../common/forms/package-search";
import { COMPARE_MAX } from "../../../common/packages";
import { toValidationErrors, type ValidationErrors } from "../../../common/validation/messages";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { comparePackages } from "../../../server/packages/compare-packages";

/** /paketler/karsilastir?p=…: the set is the URL; an invalid one is a 400 with the message. */
export async function comparePage({ request, context }: { request: Request; context: RequestContext }) {
  const url = new URL(request.url);
  const t = getT(context.locale);
  const seo = { title: t("packages.compare.title"), description: t("packages.compare.description"), index: false };
  const usdPerTry = context.app.config.USD_PER_TRY;
  const parsed = compareSchema.safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success) {
    const errors: ValidationErrors = toValidationErrors(parsed.error);
    return data({ errors, comparison: null, asked: 0, max: COMPARE_MAX, usdPerTry, seo }, { status: 400 });
  }
  const comparison = await comparePackages(context.app, { ids: parsed.data.p });
  const found = comparison.items;
  // A comparison of real packages is a page worth finding ("X or Y?"); its address is the set,
  // in one order, so the same set in another order is the same page.
  const named =
    found.length > 0
      ? {
          title: t("packages.compare.titleWith", { names: found.map((p) => p.title).join(" · ") }),
          description: t("packages.compare.descriptionWith", { names: found.map((p) => `${p.company.name} ${p.title}`).join(", ") }),
          index: true,
          search: `?p=${found.map((p) => p.id).sort((a, b) => a - b).join(",")}`,
        }
      : seo;
  return { errors: {} as ValidationErrors, comparison, asked: parsed.data.p.length, max: COMPARE_MAX, usdPerTry, seo: named };
}
