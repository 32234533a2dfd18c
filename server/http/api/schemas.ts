import { z } from "../../platform/api-zod";
import { localizedName } from "../../platform/api-shapes";

export { errorResponse, localizedName, messageResponse, successResponse } from "../../platform/api-shapes";
import { CALLBACK_SLOTS, DELIVERY_CHANNELS, DELIVERY_STATES, LEAD_KINDS, LEAD_STATES, SERVICE_KINDS, TECHNOLOGIES, WEBHOOK_FAILURES } from "../../../common/packages";
import { sponsorshipPeriodSchema } from "../../companies/api-schemas";


/** Request and response shapes of /api/v1, shared by the handlers and the OpenAPI document. */
export const citySchema = z.object({ code: z.number().int(), value: z.string() }).openapi("City");
export const citiesResponse = z.array(citySchema);

export const footerCitySchema = z.object({ url: z.string(), value: z.string() }).openapi("FooterCity");
export const footerCitiesResponse = z.array(footerCitySchema);

export const blogCategorySchema = z.object({ id: z.number().int(), name: localizedName, url: z.string() }).openapi("BlogCategory");
export const blogCategoriesResponse = z.array(blogCategorySchema);

export const subTypeSchema = z.object({ id: z.number().int(), key: z.string(), url: z.string(), name: localizedName }).openapi("CorporateSubType");
export const corporateTypeSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    url: z.string(),
    name: localizedName,
    corporate_sub_types: z.array(subTypeSchema),
  })
  .openapi("CorporateType");
export const subTypesResponse = z.object({ sub_types: z.array(corporateTypeSchema) });

/* ---------- administrators' package sponsorship (its period: the companies' shape) ---------- */

export const packageSponsorshipResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  sponsoredNow: z.boolean().openapi({ description: "Labelled sponsored right now" }),
  period: z.union([sponsorshipPeriodSchema, z.null()]).openapi({ description: "The package's one period (a new one replaces it); null: none" }),
});
export const packageSponsorshipSetResponse = z.object({ success: z.literal(true), packageId: z.number().int(), period: sponsorshipPeriodSchema });
export const packageSponsorshipEndedResponse = z.object({
  success: z.literal(true),
  packageId: z.number().int(),
  outcome: z.enum(["ended", "removed"]).openapi({ description: "ended: the running period ended now; removed: a period not yet started was deleted" }),
});
/* ---------- infrastructure query (/ttservice/…) ---------- */

export const infraNodeSchema = z
  .object({ code: z.number().int().openapi({ description: "The node's code: the parent code of the next level's call" }), value: z.string() })
  .openapi("InfraNode");
export const infraNodesResponse = z.array(infraNodeSchema);

const infraLevelSchema = z.enum(["province", "district", "subdistrict", "village", "neighbourhood", "street", "building", "flat"]);
export const addressPartSchema = z.object({ level: infraLevelSchema, code: z.number().int(), value: z.string() }).openapi("AddressPart");

export const flatRefSchema = z
  .object({
    bbk: z.number().int().openapi({ description: "Building-section code (BBK): the flat's code and the answer page's URL" }),
    uavt: z.number().int().nullable().openapi({ description: "National address code (UAVT), 10 digits" }),
    address: z.array(addressPartSchema).openapi({ description: "Province … flat, top to bottom" }),
  })
  .openapi("Flat");
export const flatResponse = z.object({ flat: flatRefSchema });

export const technologyAnswerSchema = z
  .object({
    technology: z.enum(["FIBER", "VDSL", "ADSL"]),
    available: z.boolean(),
    freePort: z.boolean().nullable(),
    maxDownMbps: z.number().nullable(),
    maxUpMbps: z.number().nullable(),
    fttx: z.enum(["FTTH", "FTTB", "FTTC"]).nullable().openapi({ description: "Fiber only; FTTB tops out near 100 Mbps" }),
    lineEnd: z
      .object({ kind: z.enum(["exchange", "cabinet"]), name: z.string().nullable(), distanceM: z.number().nullable() })
      .nullable(),
    openWorkOrder: z.boolean(),
    estimatedDownMbps: z.number().nullable().openapi({ description: "Copper only: the speed the line length allows" }),
  })
  .openapi("TechnologyAnswer");

export const flatAnswerSchema = flatRefSchema
  .extend({
    technologies: z.array(technologyAnswerSchema).openapi({ description: "FIBER, VDSL, ADSL; none available = no service found" }),
    fetchedAt: z.string().openapi({ format: "date-time" }),
    source: z.enum(["demo", "database", "http"]).openapi({ description: "demo answers are generated examples, to be labelled as such" }),
  })
  .openapi("FlatAnswer");
export const flatAnswerResponse = z.object({ answer: flatAnswerSchema });
export const infraReportResponse = z.object({ success: z.literal(true), id: z.number().int().openapi({ description: "The stored report" }) });
// ---- speedtest ----
export const testIdParam = z.string().regex(/^[\w-]{22}$/).openapi({ description: "The test id from POST /speedtest/start" });
export const speedtestStartResponse = z
  .object({ testId: z.string(), sliceMs: z.number().int(), maxPhaseMs: z.number().int() })
  .openapi("SpeedtestStart");
export const speedtestUploadResponse = z
  .object({
    received: z.number().int().openapi({ description: "Bytes of this request's body" }),
    slices: z.array(z.number().int()).openapi({ description: "Bytes the server received per slice (sliceMs) on all upload streams of the test" }),
  })
  .openapi("SpeedtestUpload");
export const speedtestFinishResponse = z
  .object({
    receipt: z.string().openapi({ description: "The signed receipt of the server's counts: POST /speedtest/results needs it" }),
    upload: z.number().openapi({ description: "Upload, Mbit/s, measured by the server (steady-window mean)" }),
    uploadSlices: z.number().int(),
  })
  .openapi("SpeedtestFinish");
export const speedtestResultSchemaOut = z
  .object({
    id: z.string(),
    download: z.number(),
    upload: z.number(),
    ping: z.number(),
    pingMin: z.number(),
    jitter: z.number(),
    loadedDown: z.number(),
    loadedUp: z.number(),
    grade: z.enum(["A+", "A", "B", "C", "D", "F"]),
    provider: z.string().nullable().openapi({ description: "The provider's name: the chosen company's, or the label an older client typed" }),
    company: z
      .object({ id: z.number().int(), name: z.string(), isDemo: z.boolean() })
      .nullable()
      .openapi({ description: "The internet provider chosen (GET /speedtest/providers)" }),
    package: z
      .object({
        id: z.number().int(),
        title: z.string(),
        downloadMbps: z.number().int().nullable(),
        uploadMbps: z.number().int().nullable(),
        path: z.string().nullable().openapi({ description: "The package page's Turkish path while the package is public" }),
        isDemo: z.boolean(),
      })
      .nullable()
      .openapi({ description: "The provider's internet package chosen; its promised speeds were stored with the result" }),
    city: z.object({ code: z.number().int(), name: z.string() }).nullable(),
    district: z.string().nullable().openapi({ description: "The district within the province, as GET /speedtest/districts names it" }),
    promisedDown: z.number().nullable().openapi({ description: "Promised download, Mbit/s: the package's when one was chosen, else typed" }),
    promisedUp: z.number().nullable(),
    share: z
      .object({ download: z.number().nullable(), upload: z.number().nullable() })
      .openapi({ description: "Measured / promised (0.87 = 87%); null without a promised speed" }),
    shared: z.boolean().openapi({ description: "Shown to whoever has its link; false: kept in its owner's history only" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("SpeedtestResult");
export const speedtestSavedResponse = z.object({ success: z.literal(true), id: z.string() });
export const speedtestResultResponse = z.object({ success: z.literal(true), result: speedtestResultSchemaOut });
export const speedtestResultsResponse = z.object({ success: z.literal(true), results: z.array(speedtestResultSchemaOut) });
export const ownSpeedtestsResponse = z.object({
  success: z.literal(true),
  results: z.array(speedtestResultSchemaOut),
  total: z.number().int().openapi({ description: "All of the person's results" }),
  page: z.number().int().openapi({ description: "The page given (a page past the last is empty)" }),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
});
export const speedtestStatsResponse = z.object({
  success: z.literal(true),
  by: z.enum(["city", "provider"]),
  days: z.number().int().openapi({ description: "The window: tests of the last this many days" }),
  minCount: z.number().int().openapi({ description: "A group whose tests come from fewer different addresses than this is left out" }),
  groups: z.array(
    z
      .object({
        key: z.string().openapi({ description: "The province's plate code, or the provider's company id" }),
        name: z.string(),
        count: z.number().int().openapi({ description: "Tests counted: at most one per address, provider and day" }),
        addresses: z.number().int().openapi({ description: "The different addresses they came from" }),
        download: z.number().openapi({ description: "Median, Mbit/s" }),
        upload: z.number().openapi({ description: "Median, Mbit/s" }),
        ping: z.number().openapi({ description: "Median, ms" }),
        isDemo: z.boolean().openapi({ description: "A demo company (to be labelled as such)" }),
      })
      .openapi("SpeedtestStatsGroup"),
  ),
});
export const speedtestProvidersResponse = z.object({
  success: z.literal(true),
  providers: z.array(z.object({ id: z.number().int(), name: z.string(), isDemo: z.boolean() }).openapi("SpeedtestProvider")),
});
export const speedtestPackagesResponse = z.object({
  success: z.literal(true),
  packages: z.array(
    z
      .object({
        id: z.number().int(),
        title: z.string(),
        technology: z.enum(TECHNOLOGIES).nullable(),
        downloadMbps: z.number().int().nullable().openapi({ description: "Promised (\"up to\") download, Mbit/s" }),
        uploadMbps: z.number().int().nullable(),
        isDemo: z.boolean(),
      })
      .openapi("SpeedtestPackageChoice"),
  ),
});
export const speedtestDistrictsResponse = z.object({ success: z.literal(true), city: z.number().int(), districts: z.array(z.string()) });

/* ---------- packages ---------- */

const kurus = (description: string) => z.number().int().openapi({ description: `${description}, in kuruş (1 ₺ = 100)` });

export const packageCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    serviceKind: z.enum(["internet", "hosting", "server", "tv"]),
    technology: z.enum(TECHNOLOGIES).nullable(),
    downloadMbps: z.number().int().nullable(),
    uploadMbps: z.number().int().nullable(),
    quotaGb: z.number().int().nullable().openapi({ description: "Monthly quota; null = unlimited" }),
    company: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), segment: z.string() }),
    path: z.string().openapi({ description: "The package page's Turkish path" }),
    priceKurus: kurus("Monthly price without commitment"),
    monthlyPriceKurus: kurus("Regular monthly price (with commitment when there is one)"),
    commitmentMonths: z.number().int(),
    totalCostKurus: kurus("Everything paid over horizonMonths: fees, modem rental, activation"),
    horizonMonths: z.number().int().openapi({ description: "The commitment, or 12 without one" }),
    effectiveMonthlyKurus: kurus("totalCost / horizonMonths"),
    priceAfterCommitmentKurus: kurus("Monthly fee (with modem) once the commitment ends"),
    pricePerMbpsKurus: z.number().int().nullable(),
    activationFeeKurus: kurus("Activation fee"),
    modemOffer: z.enum(["free", "rental", "own"]),
    modemRentalKurus: kurus("Monthly modem rental"),
    tvPlatform: z.string().nullable(),
    priceConfirmedOn: z.string().openapi({ format: "date" }),
    isDemo: z.boolean(),
    sponsored: z.boolean().openapi({ description: "Labelled only; never changes results or order" }),
    withdrawn: z.boolean(),
    imageUrl: z.string().nullable().openapi({ description: "Path of the package's image on this site (WebP, 640×480, cached for a year), or null", example: "/media/package-images/Xq3v9TzK1bW2mN4pR7sY8uA0.webp" }),
  })
  .openapi("PackageCard");

const terminationRowSchema = z.object({
  month: z.number().int(),
  discountsReceivedKurus: z.number().int(),
  remainingFeesKurus: z.number().int(),
  feeKurus: z.number().int(),
});

export const costSummarySchema = z
  .object({
    horizonMonths: z.number().int(),
    monthlyPriceKurus: z.number().int(),
    totalCostKurus: z.number().int(),
    effectiveMonthlyKurus: z.number().int(),
    priceAfterCommitmentKurus: z.number().int(),
    afterCommitmentChangeKurus: z.number().int(),
    firstYearKurus: z.number().int(),
    secondYearKurus: z.number().int(),
    termination: z.array(terminationRowSchema),
    terminationMinKurus: z.number().int(),
    terminationMaxKurus: z.number().int(),
  })
  .openapi("PackageCost");

const facetSchema = z.record(z.string(), z.number().int());
export const packageSearchResponse = z.object({
  success: z.literal(true),
  items: z.array(packageCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    kind: facetSchema,
    tech: facetSchema,
    speed: facetSchema,
    commitment: facetSchema,
    company: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
    tv: z.number().int(),
    activation: z.number().int(),
    modem: facetSchema,
  }),
  city: z.object({ code: z.number().int(), url: z.string(), value: z.string() }).nullable(),
  flat: z
    .object({
      bbk: z.number().int(),
      address: z.string(),
      provinceCode: z.number().int().nullable(),
      technologies: z.array(z.object({ technology: z.enum(TECHNOLOGIES), maxDownMbps: z.number().nullable() })),
    })
    .nullable()
    .openapi({ description: "With the flat filter: the flat, and the highest download speed its line carries per technology available there (null: no known limit)" }),
});

export const packageTermsSchema = z.record(z.string(), z.unknown()).openapi("PackageTerms", { description: "Every stored term of the package (see PackageTerms in common/package-types.ts)" });

export const packageDetailResponse = z.object({
  success: z.literal(true),
  package: z.object({
    card: packageCardSchema,
    terms: packageTermsSchema,
    company: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), segment: z.string(), isDemo: z.boolean(), packagesFooterText: z.string().nullable() }),
    provinces: z.array(z.number().int()),
    cost: costSummarySchema,
    requestable: z.boolean().openapi({ description: "On sale: takes subscription and call-me requests, and reviews" }),
    reviewCount: z.number().int().openapi({ description: "Confirmed reviews" }),
    score: z.number().nullable().openapi({ description: "Mean score of confirmed reviews, one decimal" }),
  }),
});

export const compareResponse = z.object({
  success: z.literal(true),
  items: z.array(packageCardSchema.extend({ cost: costSummarySchema, terms: packageTermsSchema })),
  cheapestIds: z.array(z.number().int()),
  fastestIds: z.array(z.number().int()),
});

export const compareBody = z.object({ ids: z.array(z.number().int().min(1)).max(4) });

/** The commitment-end reminder. */
export const reminderResponse = z
  .discriminatedUnion("state", [
    z.object({
      success: z.literal(true),
      state: z.literal("pending").openapi({
        description: "A confirmation link is on its way to the address; the reminder is sent only once it is opened (also the answer when the address already has this reminder)",
      }),
    }),
    z.object({
      success: z.literal(true),
      state: z.literal("active").openapi({ description: "A verified account's reminder: on at once" }),
      created: z.boolean().openapi({ description: "false: the account already had this reminder; nothing was stored twice" }),
      email: z.string().openapi({ description: "The account's address the mail goes to" }),
      remindOn: z.string().openapi({ description: "The day the mail goes (YYYY-MM-DD, in Turkey)", example: "2027-04-14" }),
    }),
  ])
  .openapi("ReminderRequested");

export const ownReminderSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(["pending", "active", "sent"]),
    endsOn: z.string().openapi({ description: "The end of the commitment (YYYY-MM-DD)", example: "2027-05-14" }),
    remindOn: z.string().openapi({ description: "The day of the mail (YYYY-MM-DD)", example: "2027-04-14" }),
    province: z.string().nullable(),
    pkg: z
      .object({ id: z.number().int(), title: z.string(), company: z.string(), path: z.string().openapi({ description: "The package page's path" }) })
      .nullable()
      .openapi({ description: "null: the package is no longer listed" }),
  })
  .openapi("OwnReminder");
export const ownRemindersResponse = z.object({ success: z.literal(true), reminders: z.array(ownReminderSchema) });

/** The dashboard's package screens and lead inbox. */
export const managedPackageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    serviceKind: z.enum(SERVICE_KINDS),
    technology: z.enum(TECHNOLOGIES).nullable(),
    downloadMbps: z.number().int().nullable(),
    uploadMbps: z.number().int().nullable(),
    priceKurus: z.number().int().openapi({ description: "Monthly price without commitment, in kuruş" }),
    monthlyPriceKurus: z.number().int().openapi({ description: "The headline monthly price (with commitment when there is one), in kuruş" }),
    commitmentMonths: z.number().int(),
    priceConfirmedOn: z.string().openapi({ format: "date" }),
    withdrawnAt: z.string().openapi({ format: "date-time" }).nullable(),
    isDemo: z.boolean(),
    imageUrl: z.string().nullable().openapi({ description: "Path of the package's image on this site (WebP, 640×480), or null. Images are uploaded on the web dashboard only", example: "/media/package-images/Xq3v9TzK1bW2mN4pR7sY8uA0.webp" }),
  })
  .openapi("ManagedPackage");
export const managedPackagesResponse = z.object({
  success: z.literal(true),
  company: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  packages: z.array(managedPackageSchema),
});
export const packageWrittenResponse = z.object({ success: z.literal(true), id: z.number().int() });
export const packageWithdrawnResponse = z.object({ success: z.literal(true), id: z.number().int(), withdrawn: z.boolean() });

/** The flat a request is for, as stored with it (the inbox, the webhook). */
export const leadFlatSchema = z
  .object({
    code: z.number().int().openapi({ description: "The flat's BBK code (the infrastructure query's flat code)", example: 910000001 }),
    address: z.string().openapi({ description: "The flat's address as the infrastructure source gave it when the request was sent", example: "İZMİR, KONAK, ALSANCAK MAH, 1. SOKAK, 1, 3" }),
  })
  .nullable()
  .openapi("LeadFlat", { description: "The flat the request is for, when the person sent it from the infrastructure answer page; null otherwise" });

export const callbackSlotSchema = z
  .enum(CALLBACK_SLOTS)
  .openapi("CallbackSlot", { description: "When the person would like to be called back, in Turkey's time: any, morning (09–12), afternoon (12–17), evening (17–21)" });

/** The body of a company webhook's `lead.created` call (server/leads/deliver-lead.ts leadWebhookBody). */
export const leadCreatedWebhookBody = z
  .object({
    type: z.literal("lead.created"),
    timestamp: z.string().openapi({ format: "date-time" }),
    data: z.object({
      reference: z.string().openapi({ example: "GB-7K2M-QX4P" }),
      kind: z.enum(LEAD_KINDS),
      source: z.enum(["package", "profile"]).openapi({ description: "Sent from a package page, or from the company's profile (no package)" }),
      company: z.object({ id: z.number().int(), name: z.string() }),
      package: z.object({ id: z.number().int(), title: z.string(), url: z.string().openapi({ description: "The package's url slug" }) }).nullable(),
      firstName: z.string().openapi({ description: "Subscribe: the name; call-me: the full name" }),
      lastName: z.string().nullable().openapi({ description: "Subscribe: the surname; call-me: null" }),
      phone: z.string().openapi({ description: "E.164", example: "+905321234567" }),
      flat: leadFlatSchema,
      callbackSlot: callbackSlotSchema,
      consent: z.object({ text: z.string().openapi({ description: "The exact consent text the person agreed to" }), at: z.string().openapi({ format: "date-time" }) }),
    }),
  })
  .openapi("LeadCreatedWebhook");

export const inboxLeadSchema = z
  .object({
    id: z.number().int(),
    reference: z.string().openapi({ example: "GB-7K2M-QX4P" }),
    kind: z.enum(LEAD_KINDS),
    name: z.string(),
    phone: z.string().openapi({ description: "E.164", example: "+905321234567" }),
    packageTitle: z.string().nullable().openapi({ description: "null: a request sent from the company profile (no package chosen)" }),
    flat: leadFlatSchema,
    callbackSlot: callbackSlotSchema,
    state: z.enum(LEAD_STATES),
    notes: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    deliveries: z.array(
      z.object({
        channel: z.enum(DELIVERY_CHANNELS),
        state: z.enum(DELIVERY_STATES),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        lastStatus: z.number().int().nullable(),
      }),
    ),
  })
  .openapi("InboxLead");
export const inboxLeadsResponse = z.object({ success: z.literal(true), leads: z.array(inboxLeadSchema) });
export const deliverySettingsResponse = z.object({
  success: z.literal(true),
  mail: z.string().nullable().openapi({ description: "null: the company's own e-mail" }),
  webhookUrl: z.string().nullable(),
  hasSecret: z.boolean(),
});
export const deliverySettingsBody = z.object({
  mail: z.string().nullable().optional().openapi({ description: "Where requests are mailed; empty or null: the company's own e-mail" }),
  webhookUrl: z.string().nullable().optional().openapi({ description: "An http(s) address on the internet (local and private addresses are refused); empty or null: none" }),
  rotateSecret: z.boolean().optional().openapi({ description: "Make a new signing secret" }),
});
export const deliverySettingsSavedResponse = z.object({
  success: z.literal(true),
  mail: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  webhookSecret: z.string().nullable().openapi({ description: "The Standard Webhooks signing secret (whsec_…), only when it was made by this call; keep it" }),
});
export const webhookTestResponse = z.object({
  success: z.literal(true),
  answer: z.object({
    status: z.number().int().nullable().openapi({ description: "The webhook's HTTP status; null when it could not be reached" }),
    ok: z.boolean(),
    reason: z
      .enum(WEBHOOK_FAILURES)
      .nullable()
      .openapi({ description: "Why the call failed, as a class (never the receiver's body or the network error): refused, timeout, tls, dns, http (a status outside 2xx), private, invalid, network; null when it answered 2xx" }),
    ms: z.number().int().min(0).openapi({ description: "Milliseconds from the start of the call to its answer or failure" }),
    message: z.string().openapi({ description: "The same, in words, in the caller's language" }),
  }),
});
export const leadUpdateBody = z.object({ state: z.enum(LEAD_STATES), notes: z.string().nullable().optional() });

/* ---------- mailed opt-in links: an infrastructure alert's, a commitment reminder's ---------- */

export const alertLinkResponse = z.object({
  success: z.literal(true),
  state: z.enum(["pending", "active", "sent", "unsubscribed"]),
  bbk: z.number().int().openapi({ description: "The watched flat's code (its answer: POST /ttservice/query)" }),
  waitsFor: z.enum(["fiber", "fiberOrPort"]).openapi({ description: "fiber: the flat had a free copper port when the alert was asked for; fiberOrPort: it had no free port at all" }),
  unsubscribeOnly: z.boolean().openapi({ description: "An unsubscribe link (it is in every mail): it cannot confirm" }),
});
export const alertStateResponse = z.object({ success: z.literal(true), state: z.enum(["pending", "active", "sent", "unsubscribed"]) });
export const reminderLinkResponse = z.object({
  success: z.literal(true),
  state: z.enum(["pending", "active", "sent", "unsubscribed"]).openapi({ description: "unsubscribed: an unsubscribe link whose reminder is gone" }),
  endsOn: z.string().nullable().openapi({ description: "The end of the commitment (YYYY-MM-DD)" }),
  remindOn: z.string().nullable().openapi({ description: "The day of the mail (YYYY-MM-DD)" }),
  pkg: z
    .object({ title: z.string(), company: z.string(), path: z.string().openapi({ description: "The package page's path" }) })
    .nullable()
    .openapi({ description: "null: the package is no longer listed" }),
  unsubscribeOnly: z.boolean().openapi({ description: "An unsubscribe link (it is in every mail): it cannot confirm" }),
});
export const reminderStateResponse = z.object({ success: z.literal(true), state: z.enum(["pending", "active", "sent", "unsubscribed"]) });

export const infraReportsResponse = z.object({
  success: z.literal(true),
  reports: z.array(
    z
      .object({
        id: z.number().int(),
        bbk: z.number().int(),
        provinceCode: z.number().int().nullable(),
        actualTechnology: z.enum(["FIBER", "VDSL", "ADSL", "NONE"]),
        actualDownMbps: z.number().int().nullable(),
        note: z.string().nullable().openapi({ description: "The sender's words: show as text, never as markup" }),
        source: z.string().openapi({ description: "The infrastructure source whose answer was reported" }),
        createdAt: z.string().openapi({ format: "date-time" }),
      })
      .openapi("InfraReport"),
  ).openapi({ description: "The latest 100, newest first" }),
});

