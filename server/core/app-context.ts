import type { Redis } from "ioredis";
import type { Config } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import type { ChangeFrequency } from "../../common/routes/registry";
import type { JobWorker } from "../jobs/worker";
import type { MailTransport } from "../mail/mailer";
import type { GuestPageCache } from "../platform/guest-page-cache";
import type { Logger } from "../platform/logger";
import type { OpenUploadFile } from "../platform/receive-upload";
import type { ShortCache } from "../platform/short-cache";
import type { LimiterFactory } from "../security/rate-limit";
import type { InfrastructureSource } from "./infrastructure-source";

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
  /** Figures every visitor sees alike, kept PAGE_CACHE_SECONDS (the home page's sections). */
  pageCache: ShortCache;
  /** Guest pages rendered once and kept PAGE_CACHE_SECONDS (decision 018); absent when that is 0. */
  guestPages?: GuestPageCache;
  /** The areas of the site (server/modules.ts): what each brings to the jobs, sitemap, summary and erasure. */
  modules: readonly AreaModule[];
  close(): Promise<void>;
}

/** What a background job gets: the long-lived parts it may use (no request, no caches). */
export type JobDeps = Pick<AppContext, "db" | "mail" | "log" | "config" | "infrastructure" | "modules">;

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
  /** The area's labelled demo data (SEED_DEMO); run in the order of the modules list. */
  seedDemo?: (db: Database, deps: { config: Config; log: Logger }) => Promise<void>;
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
