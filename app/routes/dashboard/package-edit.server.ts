import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import { PACKAGE_CHECKBOX_FIELDS, PACKAGE_TEXT_FIELDS, packageInputFromFields, packageInputSchema } from "../../../common/forms/packages";
import { formatDate, type Locale } from "../../../common/format";
import { PACKAGE_IMAGE } from "../../../common/packages";
import { pathsFor } from "../../../common/paths";
import { formFailure, intentFailure, readVerifiedForm } from "../../../server/http/forms/form-action";
import { requirePageCorporate } from "../../../server/http/forms/guards";
import type { RequestContext } from "../../../server/http/request-context";
import { getT, translate } from "../../../server/i18n";
import { createCompanyPackage, getManagedCompany, getManagedPackage, updateCompanyPackage } from "../../../server/packages/manage-packages";
import { parseDashboardId } from "../../../server/packages/dashboard-ids";
import { loaderId, pageError } from "../../../server/http/pages/page-errors";
import { receivePackageForm, removePackageImage, storePackageImage, type PackageImageChange } from "../../../server/packages/package-image";
import { endPackageSponsorship, sponsorPackage } from "../../../server/packages/sponsor-package";
import { companySegment } from "../../../server/packages/package-card";
import { AppError, isAppError } from "../../../server/platform/app-error";
import type { PartialFields } from "../../../server/platform/images";
import { parseInput } from "../../../server/platform/validate";
import { listProvinces } from "../../../server/reference/cities";
import { CSRF_FIELD, verifyCsrf } from "../../../server/security/csrf";
import type { FormResult } from "../../components/forms";
import { EMPTY_PACKAGE_VALUES, type PackageFormValues } from "../../features/dashboard/package-form";
import type { SponsoredPeriod } from "../../features/dashboard/sponsorship-section";

interface PageArgs {
  request: Request;
  params: { id: string; packageId?: string };
  context: RequestContext;
}

/** Kuruş as the form's lira text: "399,90" in Turkish, "399.90" in English, whole lira without decimals. */
function liraText(kurus: number | null, locale: Locale): string {
  if (kurus === null) return "";
  const text = kurus % 100 === 0 ? String(kurus / 100) : (kurus / 100).toFixed(2);
  return locale === "tr" ? text.replace(".", ",") : text;
}

const num = (v: number | null) => (v === null ? "" : String(v));

function sponsorshipView(p: { sponsoredFrom: Date | null; sponsoredUntil: Date | null }, now: number): SponsoredPeriod | null {
  if (!p.sponsoredFrom || !p.sponsoredUntil) return null;
  return {
    from: formatDate(p.sponsoredFrom, "UTC"),
    until: formatDate(new Date(p.sponsoredUntil.getTime() - 1), "UTC"),
    state: p.sponsoredUntil.getTime() <= now ? "past" : p.sponsoredFrom.getTime() <= now ? "current" : "upcoming",
  };
}

/** isletme/paketler/yeni-paket/:id and isletme/paketler/duzenle/:id/:packageId: the company's owner or an administrator. */
export async function packageEditPage({ request, context, params }: PageArgs) {
  const user = requirePageCorporate(context, request);
  const t = getT(context.locale);
  const locale = context.locale;
  const provinces = listProvinces().map(({ code, value }) => ({ code, value }));
  const companyId = loaderId(params.id);
  const created = new URL(request.url).searchParams.get("sonuc") === "eklendi";
  if (params.packageId === undefined) {
    const company = await getManagedCompany(context.app, context, { companyId }).catch(pageError);
    return {
      mode: "new" as const,
      seo: { title: `${t("packages.dashboard.form.titleNew")}: ${company.name}`, description: t("packages.dashboard.form.descriptionNew"), index: false },
      company: { id: company.id, name: company.name },
      packageId: null,
      values: EMPTY_PACKAGE_VALUES,
      provinces,
      publicPath: null,
      withdrawn: false,
      created: false,
      image: null,
      sponsorship: null,
    };
  }
  const packageId = loaderId(params.packageId);
  const found = await getManagedPackage(context.app, context, { companyId, packageId }).catch(pageError);
  const p = found.package;
  const values: PackageFormValues = {
    serviceKind: p.serviceKind,
    title: p.title,
    slug: p.slug,
    description: p.description ?? "",
    tags: p.tags.join(", "),
    technology: p.technology ?? "",
    downloadMbps: num(p.downloadMbps),
    uploadMbps: num(p.uploadMbps),
    quotaGb: num(p.quotaGb),
    fairUsage: p.fairUsage ?? "",
    price: liraText(p.priceKurus, locale),
    commitmentMonths: String(p.commitmentMonths),
    commitmentPrice: liraText(p.commitmentPriceKurus, locale),
    introMonths: p.introMonths ? String(p.introMonths) : "",
    introPrice: liraText(p.introPriceKurus, locale),
    priceAfterCommitment: liraText(p.priceAfterCommitmentKurus, locale),
    modemOffer: p.modemOffer,
    modemRental: p.modemOffer === "rental" ? liraText(p.modemRentalKurus, locale) : "",
    activationFee: p.activationFeeKurus ? liraText(p.activationFeeKurus, locale) : "",
    freeMonths: p.freeMonths ? String(p.freeMonths) : "",
    discount: p.discountKurus ? liraText(p.discountKurus, locale) : "",
    discountNote: p.discountNote ?? "",
    phoneBundle: p.phoneBundle,
    tvPlatform: p.tvPlatform ?? "",
    diskGb: num(p.diskGb),
    trafficGb: num(p.trafficGb),
    cpuCores: num(p.cpuCores),
    ramGb: num(p.ramGb),
    channelCount: num(p.channelCount),
    priceConfirmedOn: p.priceConfirmedOn,
    talkPackage: p.talkPackage,
    gsmIncluded: p.gsmIncluded,
    servesAllCities: p.servesAllCities,
    provinces: found.provinces,
  };
  return {
    mode: "edit" as const,
    seo: { title: `${t("packages.dashboard.form.titleEdit")}: ${p.title}`, description: t("packages.dashboard.form.descriptionEdit"), index: false },
    company: { id: found.company.id, name: found.company.name },
    packageId: p.id,
    values,
    provinces,
    publicPath: found.company.publishState === "published" ? pathsFor(locale).packageDetail(companySegment(found.company), found.company.slug, p.slug) : null,
    withdrawn: p.withdrawnAt !== null,
    created,
    image: p.image,
    // The sponsorship form is the administrators' only.
    sponsorship: user.isAdmin ? { period: sponsorshipView(p, Date.now()), withdrawn: p.withdrawnAt !== null } : null,
  };
}

/** A form's fields as the action reads them (the multipart page form, or an urlencoded one). */
interface FieldReader {
  get(name: string): string | undefined;
  getAll(name: string): string[];
}

/** The non-secret values of a failed submission, refilled by a page without JavaScript. */
function refillValues(form: FieldReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PACKAGE_TEXT_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string" && v.length <= 5000) out[name] = v;
  }
  for (const name of PACKAGE_CHECKBOX_FIELDS) out[name] = form.get(name) === "on" ? "on" : "";
  out.provinces = form
    .getAll("provinces")
    .filter((v) => /^\d{1,2}$/.test(v))
    .join(",");
  return out;
}

/**
 * The fields that arrived before an upload was refused (a file too large or not an image): given
 * back only to the form they came from (its CSRF token checked), so the typed values are kept.
 */
function partialReader(partial: PartialFields, context: RequestContext): FieldReader | null {
  try {
    verifyCsrf(context.csrfToken, partial.fields[CSRF_FIELD]);
  } catch {
    return null;
  }
  return { get: (n) => partial.fields[n], getAll: (n) => partial.allFields[n] ?? [] };
}

/** Spec §8: the package add and update failures. */
function failure(err: unknown, context: RequestContext, isNew: boolean) {
  return intentFailure(err, context, { intent: "save", unexpected: isNew ? "packages.errors.addFailed" : "packages.errors.updateFailed", log: "package save failed" });
}

interface PackageFormBody extends FieldReader {
  /** The image's temporary file (checked by its content), when one was sent. */
  imageTempPath: string | null;
  discard(): Promise<void>;
}

/**
 * The page's form is multipart (its image streamed to disk by the shared image pipeline); an
 * urlencoded form (no file) is read too and keeps the image as it is, or removes it.
 */
async function readPackageForm(request: Request, context: RequestContext, partial: PartialFields): Promise<PackageFormBody> {
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    if (!request.body) throw new AppError("E_BAD_REQUEST", "errors.badRequest");
    const form = await receivePackageForm(context.app, {
      headers: Object.fromEntries(request.headers),
      body: Readable.fromWeb(request.body as NodeReadableStream),
      partial,
      verifyFields: (f) => verifyCsrf(context.csrfToken, f[CSRF_FIELD]),
    });
    return { get: form.get, getAll: form.getAll, imageTempPath: form.files.get(PACKAGE_IMAGE.field) ?? null, discard: form.discard };
  }
  const fd = await readVerifiedForm(request, context);
  return {
    get: (n) => {
      const v = fd.get(n);
      return typeof v === "string" ? v : undefined;
    },
    getAll: (n) => fd.getAll(n).filter((v): v is string => typeof v === "string"),
    imageTempPath: null,
    discard: async () => {},
  };
}

/** The administrators' forms of the edit page: the sponsored period (intent=sponsor) and ending it now (unsponsor). */
async function sponsorshipAction(context: RequestContext, params: PageArgs["params"], form: FieldReader, intent: "sponsor" | "unsponsor") {
  try {
    if (params.packageId === undefined) throw new AppError("E_BAD_REQUEST", "packages.dashboard.unknownIntent");
    const t = getT(context.locale);
    const target = { actor: context, companyId: params.id, packageId: params.packageId };
    if (intent === "unsponsor") {
      const { outcome } = await endPackageSponsorship(context.app, target);
      return data<FormResult>({ success: true, intent, message: outcome === "ended" ? t("packages.sponsor.ended") : t("packages.sponsor.removed") });
    }
    const period = await sponsorPackage(context.app, { ...target, input: { from: form.get("from"), until: form.get("until") } });
    const shown = sponsorshipView({ sponsoredFrom: period.startsAt, sponsoredUntil: period.endsAt }, Date.now())!;
    return data<FormResult>({ success: true, intent, message: t("packages.sponsor.done", { from: shown.from, until: shown.until }) });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) {
      context.app.log.error({ err, intent }, "package sponsorship failed");
      return data<FormResult>({ success: false, intent, message: translate(context.locale, { key: "errors.internal" }) }, { status: 500 });
    }
    const answer = formFailure(err, context);
    return data<FormResult>({ ...answer.data, intent }, answer.init ?? undefined);
  }
}

/**
 * The package form (intent=save): a new package (then its edit page), or the edit of one; with an
 * optional image. For administrators also the sponsorship forms (intent=sponsor, unsponsor).
 */
export async function packageEditAction({ request, context, params }: PageArgs) {
  requirePageCorporate(context, request);
  const { app } = context;
  const isNew = params.packageId === undefined;
  const partial: PartialFields = { fields: {}, allFields: {} };
  let form: PackageFormBody | null = null;
  let stored: string | null = null;
  try {
    form = await readPackageForm(request, context, partial);
    try {
      const intent = form.get("intent");
      if (intent === "sponsor" || intent === "unsponsor") return await sponsorshipAction(context, params, form, intent);
      if (intent !== "save") throw new AppError("E_BAD_REQUEST", "packages.dashboard.unknownIntent");
      const companyId = parseDashboardId(params.id);
      const packageId = isNew ? null : parseDashboardId(params.packageId, "package");
      const input = packageInputFromFields(form.get, form.getAll);
      let image: PackageImageChange = { kind: "keep" };
      if (form.imageTempPath) {
        // The owner and the fields are checked before an image is decoded: a wrong form stores nothing.
        await getManagedCompany(app, context, { companyId });
        parseInput(packageInputSchema, input);
        stored = await storePackageImage(app, form.imageTempPath);
        image = { kind: "new", name: stored };
      } else if (form.get("removeImage") === "on") {
        image = { kind: "remove" };
      }
      if (packageId === null) {
        const id = await createCompanyPackage(app, context, { companyId, input, image: stored });
        stored = null;
        throw redirect(`${pathsFor(context.locale).packageDashboardEdit(String(companyId), String(id))}?sonuc=eklendi`);
      }
      await updateCompanyPackage(app, context, { companyId, packageId, input, image });
      stored = null;
      return data<FormResult>({ success: true, intent: "save", message: getT(context.locale)("packages.dashboard.form.saved") });
    } finally {
      await form.discard();
    }
  } catch (err) {
    await removePackageImage(app, stored);
    if (err instanceof Response) throw err;
    const answer = failure(err, context, isNew);
    const fields = form ?? partialReader(partial, context);
    if (!answer.data.success && fields && answer.init?.status !== 404) answer.data.values = refillValues(fields);
    return answer;
  }
}
