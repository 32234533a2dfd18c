import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import { categoryIds, categoryUrl, companyCategoryUrls, companyEditSchema, companyInputFromFields, keptServiceRows, serviceLogoField } from "../../../common/forms/company-edit";
import { findCorporateSubTypeById, findCorporateTypeById } from "../../../common/corporate-types";
import { formatDate } from "../../../common/format";
import { pathsFor } from "../../../common/paths";
import { receiveCompanyForm, removeCompanyLogo, storeCompanyLogo } from "../../../server/companies/company-logo";
import { getCompanyForEdit } from "../../../server/companies/own-companies";
import { createCompany, updateCompany, type LogoChange } from "../../../server/companies/save-company";
import { setCompanyFlags } from "../../../server/companies/set-company-flags";
import { endSponsorship, listSponsorships, sponsorCompany } from "../../../server/companies/sponsor-company";
import { profileSegment } from "../../../server/companies/segments";
import { intentFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT } from "../../../server/i18n";
import { AppError } from "../../../server/platform/app-error";
import { parseInput } from "../../../server/platform/validate";
import { listProvinces } from "../../../server/reference/cities";
import { CSRF_FIELD, verifyCsrf } from "../../../server/security/csrf";
import { pageError } from "../../../server/http/pages/page-errors";
import type { FormResult } from "../../components/forms";
import type { CompanyFormValues } from "../../features/dashboard/company-form";

interface PageArgs {
  request: Request;
  params: { id?: string };
  context: RequestContext;
}

function categoryLabel(url: string, locale: "tr" | "en"): string {
  const ids = categoryIds(url)!;
  const type = findCorporateTypeById(ids.typeId)!;
  const sub = ids.subTypeId === null ? null : findCorporateSubTypeById(ids.subTypeId);
  return sub ? `${type.name[locale]} › ${sub.name[locale]}` : type.name[locale];
}

const EMPTY: CompanyFormValues = {
  name: "",
  category: companyCategoryUrls()[0]!,
  country: "TR",
  provinceCode: "",
  phone: "",
  fax: "",
  kepAddress: "",
  corporateTitle: "",
  webUrl: "",
  email: "",
  address: "",
  tags: "",
  about: "",
  youtubeUrl: "",
  metaTitle: "",
  metaKeywords: "",
  metaDescription: "",
  packagesFooterText: "",
  servesWholeCountry: false,
  provinces: [],
  services: [],
  logo: null,
};

/** isletme/yeni-isletme and isletme/duzenle/:id: corporate users (their own companies) and administrators (all). */
export async function companyEditPage({ request, context, params }: PageArgs) {
  const user = requirePageCorporate(context, request);
  const t = getT(context.locale);
  const locale = context.locale;
  const categories = companyCategoryUrls().map((url) => ({ url, label: categoryLabel(url, locale) }));
  const provinces = listProvinces().map(({ code, value }) => ({ code, value }));
  const id = params.id;
  const created = new URL(request.url).searchParams.get("sonuc") === "eklendi";
  if (id === undefined) {
    return {
      mode: "new" as const,
      seo: { title: t("companyAdmin.form.titleNew"), description: t("companyAdmin.form.descriptionNew"), index: false },
      company: null,
      values: EMPTY,
      categories,
      provinces,
      sponsorships: null,
      created: false,
    };
  }
  const company = await getCompanyForEdit(context.app, { actor: context, id }).catch(pageError);
  const v = company.values;
  const values: CompanyFormValues = {
    name: v.name,
    category: categoryUrl(v.typeId, v.subTypeId) ?? EMPTY.category,
    country: v.country,
    provinceCode: v.provinceCode === null ? "" : String(v.provinceCode),
    phone: v.phone ?? "",
    fax: v.fax ?? "",
    kepAddress: v.kepAddress ?? "",
    corporateTitle: v.corporateTitle ?? "",
    webUrl: v.webUrl ?? "",
    email: v.email ?? "",
    address: v.address ?? "",
    tags: v.tags.join(", "),
    about: v.about ?? "",
    youtubeUrl: v.youtubeUrl ?? "",
    metaTitle: v.metaTitle ?? "",
    metaKeywords: v.metaKeywords ?? "",
    metaDescription: v.metaDescription ?? "",
    packagesFooterText: v.packagesFooterText ?? "",
    servesWholeCountry: v.servesWholeCountry,
    provinces: v.provinces,
    services: v.services.map((s) => ({ name: s.name, description: s.description ?? "", logo: s.logo })),
    logo: v.logo,
  };
  const now = Date.now();
  const sponsorships = user.isAdmin
    ? (await listSponsorships(context.app, { actor: context, companyId: company.id })).map((s) => ({
        // UTC days, as the period was entered (in Turkey's time the last moment is the next day).
        from: formatDate(s.startsAt, "UTC"),
        until: formatDate(new Date(s.endsAt.getTime() - 1), "UTC"),
        state: s.endsAt.getTime() <= now ? ("past" as const) : s.startsAt.getTime() <= now ? ("current" as const) : ("upcoming" as const),
      }))
    : null;
  return {
    mode: "edit" as const,
    seo: { title: `${t("companyAdmin.form.titleEdit")}: ${v.name}`, description: t("companyAdmin.form.descriptionEdit"), index: false },
    company: {
      id: company.id,
      publishState: company.publishState,
      rejectReason: company.rejectReason,
      editPending: company.editPending,
      editRejectReason: company.editRejectReason,
      verified: company.verified,
      selfManaged: company.selfManaged,
      publicPath: company.publishState === "published" ? pathsFor(locale).companyProfile(profileSegment(v), company.slug) : null,
    },
    values,
    categories,
    provinces,
    sponsorships,
    created,
  };
}

type ActionData = FormResult;

/** Spec §8: the unknown add or update error (an administrator's flag change: the generic one). */
function failure(err: unknown, context: RequestContext, intent: string, isNew: boolean) {
  const unexpected = ADMIN_INTENTS.some((i) => i === intent) ? "errors.internal" : isNew ? "companyAdmin.errors.addUnknown" : "companyAdmin.errors.updateUnknown";
  return intentFailure(err, context, { intent, unexpected, log: "company save failed" });
}

/** The non-secret values of a failed submission, refilled by a page without JavaScript. */
function refillValues(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) if (typeof v === "string") out[k] = v;
  out.provinces = ((input.provinces as unknown[]) ?? []).filter((v) => typeof v === "string").join(",");
  out.servesWholeCountry = input.servesWholeCountry === "on" ? "on" : "";
  (input.services as { name?: unknown; description?: unknown }[]).forEach((s, i) => {
    if (typeof s.name === "string") out[`services.${i}.name`] = s.name;
    if (typeof s.description === "string") out[`services.${i}.description`] = s.description;
  });
  return out;
}

/** The administrator's forms of the edit page (urlencoded). */
const ADMIN_INTENTS = ["sponsor", "unsponsor", "flags"] as const;

/** The company form (multipart: intent=save) and, for administrators, the sponsorship (intent=sponsor, unsponsor) and flags forms. */
export async function companyEditAction({ request, context, params }: PageArgs) {
  requirePageCorporate(context, request);
  const { app } = context;
  const isNew = params.id === undefined;
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    // The administrator's forms (urlencoded); the company form is always multipart.
    let intent: (typeof ADMIN_INTENTS)[number] = "sponsor";
    try {
      const form = await readVerifiedForm(request, context);
      const asked = ADMIN_INTENTS.find((i) => i === form.get("intent"));
      intent = asked ?? "sponsor";
      if (isNew || !asked) throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
      if (intent === "unsponsor") {
        await endSponsorship(app, { actor: context, companyId: params.id });
        return data<ActionData>({ success: true, intent, message: getT(context.locale)("companyAdmin.sponsor.ended") });
      }
      if (intent === "flags") {
        await setCompanyFlags(app, {
          actor: context,
          companyId: params.id,
          input: { verified: form.get("verified") ?? undefined, selfManaged: form.get("selfManaged") ?? undefined, visible: form.get("visible") ?? undefined },
        });
        return data<ActionData>({ success: true, intent, message: getT(context.locale)("companyAdmin.flags.done") });
      }
      const input = { from: form.get("from") ?? undefined, until: form.get("until") ?? undefined };
      const period = await sponsorCompany(app, { actor: context, companyId: params.id, input });
      const until = formatDate(new Date(period.endsAt.getTime() - 1), "UTC");
      return data<ActionData>({ success: true, intent: "sponsor", message: getT(context.locale)("companyAdmin.sponsor.done", { from: formatDate(period.startsAt, "UTC"), until }) });
    } catch (err) {
      return failure(err, context, intent, isNew);
    }
  }
  let stored: string | null = null;
  const storedServiceLogos: string[] = [];
  let input: Record<string, unknown> = {};
  try {
    if (!request.body) throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    const form = await receiveCompanyForm(app, {
      headers: Object.fromEntries(request.headers),
      body: Readable.fromWeb(request.body as NodeReadableStream),
      verifyFields: (f) => {
        verifyCsrf(context.csrfToken, f[CSRF_FIELD]);
        if (f.intent !== "save") throw new AppError("E_BAD_REQUEST", "companyAdmin.errors.unknownIntent");
      },
    });
    try {
      input = companyInputFromFields(form.get, form.getAll);
      // The fields are checked before a logo is decoded: a wrong form stores nothing.
      parseInput(companyEditSchema, input);
      let logo: LogoChange = { kind: "keep" };
      if (form.logoTempPath) {
        stored = await storeCompanyLogo(app, form.logoTempPath);
        logo = { kind: "new", name: stored };
      } else if (form.get("removeLogo") === "on") {
        logo = { kind: "remove" };
      }
      // A service logo belongs to the service of its form row (empty rows are dropped).
      const serviceLogos = new Map<number, string>();
      for (const [position, row] of keptServiceRows(form.get).entries()) {
        const temp = form.serviceLogoTempPaths.get(row);
        if (!temp) continue;
        const name = await storeCompanyLogo(app, temp, serviceLogoField(row));
        storedServiceLogos.push(name);
        serviceLogos.set(position, name);
      }
      if (isNew) {
        const { id } = await createCompany(app, { actor: context, input, logo, serviceLogos });
        stored = null;
        storedServiceLogos.length = 0;
        throw redirect(`${pathsFor(context.locale).companyDashboardEdit(String(id))}?sonuc=eklendi`);
      }
      const result = await updateCompany(app, { actor: context, id: params.id, input, logo, serviceLogos });
      stored = null;
      storedServiceLogos.length = 0;
      const t = getT(context.locale);
      return data<ActionData>({ success: true, intent: "save", message: result.outcome === "submitted" ? t("companyAdmin.form.submitted") : t("companyAdmin.form.edited") });
    } finally {
      await form.discard();
    }
  } catch (err) {
    if (stored) await removeCompanyLogo(app, stored);
    for (const name of storedServiceLogos) await removeCompanyLogo(app, name);
    if (err instanceof Response) throw err;
    const answer = failure(err, context, "save", isNew);
    if (!answer.data.success && Object.keys(input).length) answer.data.values = refillValues(input);
    return answer;
  }
}
