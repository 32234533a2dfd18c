import path from "node:path";
import { Redis } from "ioredis";
import type { Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import { seedReferenceData } from "./db/seed";
import { seedDemoUsers } from "./accounts/demo-users";
import { seedDemoCompanies } from "./companies/demo-catalogue";
import { seedDemoPackages } from "./packages/demo-packages";
import { startJobWorker, type JobHandler, type JobWorker } from "./jobs/worker";
import { buildJobHandlers, scheduleRecurringJobs } from "./jobs/handlers";
import { createMailTransport, type MailTransport } from "./mail/mailer";
import { openUploadFile, sweepStaleUploads, type OpenUploadFile } from "./contact/receive-upload";
import { createLogger, type Logger } from "./platform/logger";
import { createShortCache, type ShortCache } from "./platform/short-cache";
import { createGuestPageCache, type GuestPageCache } from "./http/guest-pages";
import { createLimiterFactory, type LimiterFactory } from "./security/rate-limit";
import { createInfrastructureSource } from "./infrastructure/create-source";
import type { InfrastructureSource } from "./infrastructure/source";

/**
 * Everything that lives as long as the process: built once in main.ts (or a test), handed to
 * every loader, action and API handler through the request context. Nothing here is a global.
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
  close(): Promise<void>;
}

export interface CreateAppContextOptions {
  config: Config;
  /** Use an already open database (tests). */
  database?: DatabaseHandle;
  log?: Logger;
  extraJobHandlers?: Record<string, JobHandler>;
  /** Use this infrastructure source instead of the configured one (tests). */
  infrastructure?: InfrastructureSource;
}

/** Reference data, and the labelled demo data unless SEED_DEMO=0; each step skips what is there. */
export async function seedDatabase(db: Database, config: Config, log: Logger): Promise<void> {
  await seedReferenceData(db);
  if (config.SEED_DEMO) {
    await seedDemoUsers(db, log);
    await seedDemoCompanies(db, { uploadsDir: config.uploadsDir, log });
    // After the demo companies (issue 10): packages attach to whatever demo companies exist.
    await seedDemoPackages(db, { log });
  }
}

export async function createAppContext(opts: CreateAppContextOptions): Promise<AppContext> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const database =
    opts.database ??
    (await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, "pg") }));
  const db = database.db;
  await seedDatabase(db, config, log);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on("error", (err) => log.warn({ err }, "redis error"));

  const infrastructure = opts.infrastructure ?? createInfrastructureSource({ config, db, redis, log });
  const mail = createMailTransport({ db, log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const jobDeps = { db, mail, log, config, infrastructure };
  const handlers: Record<string, JobHandler> = { ...buildJobHandlers(jobDeps), ...opts.extraJobHandlers };
  await scheduleRecurringJobs(jobDeps);
  const jobs = startJobWorker({ db, log, handlers, pollMs: config.JOB_POLL_MS });
  const limits = createLimiterFactory({ db, redis });
  void sweepStaleUploads(path.join(config.uploadsDir, "tmp")).catch((err) => log.warn({ err }, "upload sweep failed"));

  return {
    config,
    db,
    database,
    log,
    mail,
    jobs,
    limits,
    redis,
    infrastructure,
    openUploadFile,
    pageCache: createShortCache({ keepMs: config.PAGE_CACHE_SECONDS * 1000 }),
    guestPages: createGuestPageCache({ keepMs: config.PAGE_CACHE_SECONDS * 1000 }),
    async close() {
      await jobs.stop();
      mail.close();
      await infrastructure.close?.();
      redis?.disconnect();
      if (!opts.database) await database.close();
    },
  };
}
