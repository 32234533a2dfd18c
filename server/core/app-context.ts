import type { Request, Response } from "express";
import type { Redis } from "ioredis";
import type { Locale } from "../../common/format";
import type { Config } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import type { ChangeFrequency } from "../../common/routes/registry";
import type { JobWorker } from "../jobs/worker";
import type { MailTransport } from "../mail/mailer";
import type { GuestPageCache } from "../platform/guest-page-cache";
import type { Logger } from "../platform/logger";
import type { OpenUploadFile } from "../platform/receive-upload";
import type { FileStorage } from "../platform/storage";
import type { ShortCache } from "../platform/short-cache";
import type { LimiterFactory } from "../security/rate-limit";
import type { InfrastructureSource } from "./infrastructure-source";
import type { z } from "../../common/validation/zod";
import type { SearchKind } from "../../common/search/kinds";

/**
 * Everything that lives as long as the process: built once by the composition root
 * (server/app-context.ts) in main.ts or a test, handed to every loader, action and API handler
 * through the request context (decision 001). Nothing here is a global. This file, like the rest
 * of server/core, imports no area: areas import it.
 */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  log: Logger;
  mail: MailTransport;
  jobs: JobWorker;
  limits: LimiterFactory;
  redis?: Redis;
  /** Where infrastructure answers come from (INFRA_SOURCE). */
  infrastructure: InfrastructureSource;
  /** Opens upload files for writing (a test can swap in a failing one, as a full disk would). */
  openUploadFile: OpenUploadFile;
  /** Where accepted uploads are kept: the local folder or an S3 bucket (decision 037). */
  storage: FileStorage;
  /** Figures every visitor sees alike, kept PAGE_CACHE_SECONDS (the home page's sections). */
  pageCache: ShortCache;
  /** Guest pages rendered once and kept PAGE_CACHE_SECONDS (decision 018); absent when that is 0. */
  guestPages?: GuestPageCache;
  /** The areas of the site (server/modules.ts): what each brings to the jobs, sitemap, summary and erasure. */
  modules: readonly AreaModule[];
  close(): Promise<void>;
}

/** What a background job gets: the long-lived parts it may use (no request, no caches). */
export type JobDeps = Pick<AppContext, "db" | "mail" | "log" | "config" | "infrastructure" | "modules" | "pageCache" | "guestPages" | "storage">;

/**
 * What one area of the site (accounts, companies, packages …) brings to the shared machinery.
 * Each area declares its module in `server/<area>/module.ts`; `server/modules.ts` lists them,
 * and the job worker, the sitemap, the dashboard summary, the account purge and the clean-up
 * read that list through the context. Adding an area is its folder and one line there; no core
 * file names an area. Every field is optional: an area declares only what it has.
 */
export interface AreaModule {
  name: string;
  /** Background jobs by kind: what runs a job of that kind. */
  jobs?: Record<string, JobHandlerOf>;
  /** Recurring jobs, booked at every start (each idempotent: one waiting run per kind, however many instances). */
  recurring?: ((db: Database, now: Date) => Promise<void>)[];
  /** Pages for the sitemap. */
  sitemap?: SitemapSource[];
  /** Counts for the dashboard summary (/ozet); several areas may add to one entry. */
  summary?: Partial<Record<SummaryKey, SummaryCounter>>;
  /** Run when an account is erased: detach what the person left in this area from them. */
  anonymisers?: AccountAnonymiser[];
  /** Run by the periodic clean-up: erase what this area keeps no longer than it says; returns rows erased. */
  cleanups?: Record<string, (db: Database, now: Date) => Promise<number>>;
  /** The area's /api/v1 calls: the API router and the OpenAPI document are both built from them. */
  api?: readonly ApiCall[];
  /** Calls this site makes to others' servers on the area's behalf (a company's webhook), for the OpenAPI document. */
  webhooks?: readonly ApiWebhook[];
  /** What the area's records are for the site search: one source per kind it owns (decision 032). */
  search?: readonly SearchSource[];
  /** The area's labelled demo data (SEED_DEMO); run in the order of the modules list. */
  seedDemo?: (db: Database, deps: { config: Config; log: Logger; storage: FileStorage }) => Promise<void>;
}

/**
 * One public record as the site search needs it, built by its area. The search area lower-cases,
 * folds and stems the texts (server/search/documents.ts); the area says only what they are.
 */
export interface SearchDocumentSource {
  refId: number;
  /** The company a package or post belongs to; a company's own id for a company. */
  companyId: number | null;
  /** A post's language; null where the record is the same in both (companies, packages). */
  language: "tr" | "en" | null;
  /** Found from this time on (a scheduled post); null: at once. */
  visibleFrom: Date | null;
  title: string;
  /** One short line under the title in results and suggestions, in each language. */
  subtitle: { tr: string; en: string };
  /** The Turkish path; the English one is the same under /en. */
  path: string;
  isDemo: boolean;
  /** A post's translation, so that results show one of the two. */
  twinRefId: number | null;
  /** Words people search it by besides its name: category, type and technology names in both languages, provider, tags, city. */
  keywords: readonly string[];
  /** Longer text found by its words, ranked below names and keywords (a post's body). */
  body: string;
  /** 0–1: what orders equally good matches (reviews, views). */
  popularity: number;
}

/** How an area hands its records of one kind to the site search. */
export interface SearchSource {
  kind: SearchKind;
  /** The public records among `ids` (an id left out is not public, or gone: its document is removed). */
  documents(db: Database, ids: readonly number[], now: Date): Promise<SearchDocumentSource[]>;
  /** Ids of the kind's table after `afterId`, ascending, at most `limit` (a rebuild walks them all). */
  ids(db: Database, afterId: number, limit: number): Promise<number[]>;
}

/** Runs one job; a throw makes the worker retry it later. */
export type JobHandlerOf = (deps: JobDeps, payload: unknown) => Promise<void>;

export interface SitemapEntry {
  /** The Turkish path; the English twin is listed with it. */
  path: string;
  lastModified?: string;
  changeFrequency?: ChangeFrequency;
}

export type SitemapSource = (app: AppContext) => Promise<SitemapEntry[]> | SitemapEntry[];

/** The four counts of the dashboard summary (/ozet), in display order. */
export const SUMMARY_KEYS = ["companies", "blogPosts", "packages", "comments"] as const;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];

/** Whose records a count covers: the user's own, or everything for an administrator. */
export interface SummaryScope {
  userId: number;
  all: boolean;
}

/**
 * Counts one kind of record in a scope, scoped like `scope.all ? everything : rows owned by
 * scope.userId` (companies: owner; blog posts: author; packages: of the user's companies;
 * comments: reviews and comments on the user's profiles, posts and packages).
 */
export type SummaryCounter = (db: Database, scope: SummaryScope) => Promise<number>;

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface AnonymiseContext {
  tx: Transaction;
  userId: number;
  /** The address the account had (lower-cased), to find records kept by address. */
  formerEmail: string;
  /** The placeholder address the account gets. */
  erasedEmail: string;
  now: Date;
}

/**
 * Detaches what a user left in an area from their person when the account is erased. Runs inside
 * the erasing transaction. What the user wrote stays (a comment keeps its text), but it stops
 * naming them: an area that stores the author's name, e-mail or photo beside a record declares
 * an anonymiser that blanks those fields for `userId`.
 */
export interface AccountAnonymiser {
  name: string;
  run(ctx: AnonymiseContext): Promise<void>;
}

/** The signed-in person as every request sees them (read from a session or a bearer token by server/accounts/sessions.ts). */
export interface SessionUser {
  id: number;
  fullName: string;
  email: string;
  image: string | null;
  isAdmin: boolean;
  accountType: "individual" | "corporate";
  emailVerified: boolean;
}

export type Theme = "light" | "dark";

/** What every loader, action and API handler gets for one request. */
export interface RequestContext {
  app: AppContext;
  locale: Locale;
  theme: Theme;
  /** The cookie-consent choice has been made on this device. */
  consented: boolean;
  csrfToken: string;
  /** Per-request nonce for the Content-Security-Policy of inline scripts. */
  nonce: string;
  ipHash: string | null;
  /**
   * The method the visitor sent. A loader that runs after an action sees a GET request, so a
   * loader that counts a visit reads this to count only real page views, not refused posts.
   */
  method: string;
  /** Client address, for rate-limit keys only; never stored. */
  ip: string;
  /** The signed-in user, if any (session cookie on the site, bearer token or cookie on the API). */
  user: SessionUser | null;
  /** The secret that authenticated this request (to end it on logout). */
  sessionToken?: string;
  /**
   * How the signed-in user was recognised: the site's session cookie (a browser, which a
   * cross-site page can make send it) or a bearer token (an app). Absent for guests.
   */
  credential?: "cookie" | "bearer";
  /**
   * Present when the request renders a whole document (not a client-side navigation's `.data`
   * request, not an API call): values loaders hand to that render alone, never sent again as
   * hydration data (`renderedOnce`, decision 040).
   */
  documentParts?: Map<string, unknown>;
}


/** What an API handler gets: the request's context and the language its answer is written in. */
export type ApiContext = RequestContext & { apiLocale: Locale };

/** Answers one call: its result is sent as JSON; a thrown AppError becomes the error answer. */
export type ApiHandler = (req: Request, res: Response, ctx: ApiContext) => Promise<unknown>;

/**
 * One /api/v1 call, declared once beside its area: what the router serves and what the OpenAPI
 * document says come from this one object (server/http/api/v1.ts and openapi.ts read the
 * modules' lists). Paths are written the OpenAPI way (`/companies/{slug}`).
 */
export interface ApiCall {
  /** operationId: the method name in the mobile apps' generated clients. */
  id: string;
  method?: "get" | "post";
  path: string;
  /**
   * "public" (the default): no credentials; "optional": a bearer token (or the site's session)
   * when there is one; "bearer": 401 E_UNAUTHORIZED without a valid token. The handler's service
   * checks permissions; this says what the document promises.
   */
  auth?: "public" | "optional" | "bearer";
  summary: string;
  tag: string;
  /**
   * The request body. JSON unless `type` says otherwise; a multipart body (files) is streamed by
   * the handler itself, any other is read as JSON up to `bodyLimit`.
   */
  body?: { schema: z.ZodType; type?: string };
  /** How much JSON a POST reads ("16kb"); 100 KB when left out (MAX_API_JSON_BYTES). */
  bodyLimit?: `${number}kb`;
  /** The body is optional (an action whose path says everything). */
  bodyOptional?: boolean;
  /** Path parameters (`{slug}` in the path). */
  params?: z.ZodObject;
  /** Query parameters. */
  query?: z.ZodObject;
  response: z.ZodType;
  /** The answer is not JSON (the speed test's streams): its media type. */
  responseType?: string;
  /** When the call answers 403 E_FORBIDDEN: who is refused. */
  forbidden?: string;
  /** When the call answers 404 E_NOT_FOUND: what is not found. */
  notFound?: string;
  /** When the call answers 409 E_CONFLICT: what the conflict is. */
  conflict?: string;
  /** When the call answers 410 E_GONE: what has expired. */
  gone?: string;
  /** The call asks the infrastructure source, which may be down (503) or answer nonsense (424). */
  upstream?: boolean;
  /** When the call answers 503 E_UNAVAILABLE for a reason of its own (mail or storage): what failed. */
  unavailable?: string;
  /**
   * The call takes an `Idempotency-Key` header (server/platform/idempotency.ts): a retry with the
   * same key from the same client is answered with the first request's result and stored once.
   */
  idempotent?: boolean;
  /**
   * What serves the call. Absent for a call documented here but answered before the API router
   * (the speed test's streams go to their worker thread).
   */
  handler?: ApiHandler;
}

/** A call this site makes to a receiver's server (a company's webhook), documented beside the API. */
export interface ApiWebhook {
  id: string;
  name: string;
  summary: string;
  tag: string;
  body: z.ZodType;
}
