import { COMPANY_PUBLISH_STATES, COMPANY_SORTS } from "../../common/companies";
import { z } from "../platform/api-zod";
import { DIFF_FIELDS } from "./approvals";
import type { SponsorshipPeriod } from "./sponsor-company";

/* ---------- company directory ---------- */

export const companyCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    typeId: z.number().int(),
    subTypeId: z.number().int().nullable(),
    profileSegment: z.string().openapi({ description: "First segment of the profile page's path (the sub type's url, or the type's)" }),
    logo: z.string().nullable().openapi({ description: "File name under /media/company-logos/" }),
    country: z.string(),
    provinceCode: z.number().int().nullable(),
    servesWholeCountry: z.boolean(),
    verified: z.boolean(),
    isDemo: z.boolean().openapi({ description: "Invented demo data: show it labelled as such" }),
    sponsored: z.boolean().openapi({ description: "Sponsored now: show the label; it never changes filters or order" }),
    reviewCount: z.number().int().openapi({ description: "Confirmed reviews" }),
    score: z.number().nullable().openapi({ description: "Mean score of confirmed reviews, one decimal" }),
    createdAt: z.string(),
    tags: z.array(z.string()),
    sortValue: z.number().nullable().optional().openapi({
      description:
        "Only in a list sorted by a scorecard figure: the company's figure for the whole country (a share for measuredSpeed and eveningDrop, the grade's rank 1 (A+) to 6 (F) for bufferbloat, per month for outages, per package and year for priceIncreases); null: not enough data",
    }),
  })
  .openapi("CompanyCard");

export const companyListResponse = z.object({
  success: z.literal(true),
  items: z.array(companyCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(COMPANY_SORTS),
  seed: z.string().nullable().openapi({ description: "The random order's seed: send it back for the next pages" }),
});

const provinceRef = z.object({ code: z.number().int(), value: z.string(), url: z.string() });
export const companyProfileSchema = companyCardSchema
  .omit({ provinceCode: true })
  .extend({
    province: provinceRef.nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    kepAddress: z.string().nullable(),
    corporateTitle: z.string().nullable(),
    webUrl: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    about: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    metaTitle: z.string().nullable(),
    metaKeywords: z.string().nullable(),
    metaDescription: z.string().nullable(),
    packagesFooterText: z.string().nullable(),
    provinces: z.array(provinceRef),
    services: z.array(z.object({ name: z.string(), description: z.string().nullable(), logo: z.string().nullable() })),
    selfManaged: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi("CompanyProfile");
export const companyProfileResponse = z.object({ success: z.literal(true), company: companyProfileSchema });

export const ownCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    publishState: z.enum(["pending", "published", "rejected", "unpublished"]),
    editPending: z.boolean().openapi({ description: "An edit of the published version waits for an administrator" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("OwnCompany");
export const ownCompaniesResponse = z.object({ success: z.literal(true), companies: z.array(ownCompanySchema) });
export const companyCreatedResponse = z.object({ success: z.literal(true), id: z.number().int(), slug: z.string(), publishState: z.literal("pending") });
export const companyUpdatedResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  outcome: z.enum(["edited", "submitted"]).openapi({ description: "submitted: an edit of a published company waits for approval; edited: an unpublished one changed (still waiting)" }),
});
/* ---------- administrators' company screens (isletme/onay, the edit page's sponsorship and flags) ---------- */

const changeValue = z.unknown().openapi({
  description:
    "The field's value as stored, as JSON (null when empty or, for a new profile, before): text, a number (typeId, subTypeId, provinceCode), a boolean, a list of plate codes or tags, or the services [{name, description, logo}]. Logos are file names under /media/company-logos/. Show as text, never as markup",
});
export const approvalQueueItemSchema = z
  .object({
    companyId: z.number().int(),
    kind: z.enum(["new", "edit"]).openapi({ description: "new: a profile never published; edit: a proposed edit of a published one (the published version stays live meanwhile)" }),
    name: z.string().openapi({ description: "The company's name (the live one for an edit)" }),
    ownerName: z.string().nullable(),
    submittedAt: z.string().openapi({ format: "date-time" }),
    changes: z.array(
      z
        .object({
          field: z.enum(DIFF_FIELDS),
          before: changeValue,
          after: changeValue,
        })
        .openapi("ApprovalChange"),
    ).openapi({ description: "What changed, field by field (every filled field for a new profile), in the form's order" }),
  })
  .openapi("ApprovalQueueItem");
export const approvalQueueResponse = z.object({
  success: z.literal(true),
  waiting: z
    .object({ new: z.number().int(), edit: z.number().int(), shown: z.number().int() })
    .openapi({ description: "How many wait in all; the list holds the oldest `shown` of each kind" }),
  items: z.array(approvalQueueItemSchema).openapi({ description: "Oldest first" }),
});
export const approvalDecisionResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  name: z.string(),
  kind: z.enum(["new", "edit"]),
  mailed: z.boolean().openapi({ description: "Whether the owner was mailed (false: no owner, or an erased account)" }),
});
export const sponsorshipPeriodSchema = z
  .object({
    startsAt: z.string().openapi({ format: "date-time" }),
    endsAt: z.string().openapi({ format: "date-time", description: "Exclusive: the first moment the label is gone" }),
    state: z.enum(["past", "current", "upcoming"]),
  })
  .openapi("SponsorshipPeriod");
/** A sponsorship period (a company's or a package's) as the API gives it, with its state at `now`. */
export function period(p: SponsorshipPeriod, now: number) {
  const state = p.endsAt.getTime() <= now ? "past" : p.startsAt.getTime() <= now ? "current" : "upcoming";
  return { startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString(), state } as const;
}
export const sponsorshipsResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  sponsoredNow: z.boolean(),
  periods: z.array(sponsorshipPeriodSchema).openapi({ description: "Latest first (at most 20)" }),
});
export const sponsorshipSetResponse = z.object({ success: z.literal(true), companyId: z.number().int(), period: sponsorshipPeriodSchema });
export const sponsorshipEndedResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  ended: z.number().int().openapi({ description: "Running periods ended now" }),
  removed: z.number().int().openapi({ description: "Periods not yet started, deleted" }),
});
export const companyFlagsBody = z
  .object({
    verified: z.boolean().optional().openapi({ description: "Absent: false, as an unticked box on the page" }),
    selfManaged: z.boolean().optional().openapi({ description: "Absent: false, as an unticked box on the page" }),
    visible: z.enum(["published", "unpublished"]).optional().openapi({ description: "Take a published profile down, or put it back; only for a published or unpublished one (409 otherwise)" }),
  })
  .openapi("CompanyFlags");
export const companyFlagsResponse = z.object({
  success: z.literal(true),
  companyId: z.number().int(),
  verified: z.boolean(),
  selfManaged: z.boolean(),
  publishState: z.enum(COMPANY_PUBLISH_STATES),
});
