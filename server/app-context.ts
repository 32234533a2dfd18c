import path from "node:path";
import { Redis } from "ioredis";
import type { Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client";
import type { DatabaseLimits } from "./db/limits";
import { seedReferenceData } from "./reference/seed";
import type { AppContext } from "./core/app-context";
import type { AreaModule } from "./core/app-context";
import { areaModules } from "./modules";
import { startJobWorker, type JobHandler } from "./jobs/worker";
import { buildJobHandlers, scheduleRecurringJobs } from "./jobs/handlers";
import { createMailTransport } from "./mail/mailer";
import { openUploadFile, sweepStaleUploads } from "./platform/receive-upload";
import { createLogger, type Logger } from "./platform/logger";
import { createShortCache, type ShortCache } from "./platform/short-cache";
import { createGuestPageCache, type GuestPageCache } from "./platform/guest-page-cache";
import { startPurgeBus } from "./platform/purge";
import { openStorage, type FileStorage } from "./platform/storage";
import { createLimiterFactory } from "./security/rate-limit";
import { createInfrastructureSource } from "./infrastructure/create-source";
import type { InfrastructureSource } from "./core/infrastructure-source";

export interface CreateAppContextOptions {
  config: Config;
  /** Use an already open database (tests). */
  database?: DatabaseHandle;
  log?: Logger;
  extraJobHandlers?: Record<string, JobHandler>;
  /** The areas (all of server/modules.ts unless a test says otherwise). */
  modules?: readonly AreaModule[];
  /** Use this infrastructure source instead of the configured one (tests). */
  infrastructure?: InfrastructureSource;
  /** Use this storage instead of the configured one (tests). */
  storage?: FileStorage;
}

/**
 * Reference data, and each area's labelled demo data (in the order of the modules list) unless
 * SEED_DEMO=0; each step skips what is there.
 */
export async function seedDatabase(db: Database, config: Config, log: Logger, storage: FileStorage, modules: readonly AreaModule[] = areaModules): Promise<void> {
  await seedReferenceData(db);
  if (!config.SEED_DEMO) return;
  for (const module of modules) await module.seedDemo?.(db, { config, log, storage });
}

/** The site's database limits from its settings (decision 035). */
export function databaseLimits(config: Config): DatabaseLimits {
  return { statementMs: config.DB_STATEMENT_TIMEOUT_MS, lockMs: config.DB_LOCK_TIMEOUT_MS, acquireMs: config.DB_ACQUIRE_TIMEOUT_MS };
}

export async function createAppContext(opts: CreateAppContextOptions): Promise<AppContext> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, "pg"),
      limits: databaseLimits(config),
      pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    }));
  const db = database.db;
  const modules = opts.modules ?? areaModules;
  const storage = opts.storage ?? openStorage(config);
  // Seeding and the jobs run under the jobs' limits: a demo catalogue's batch may take longer than a page query.
  await seedDatabase(database.jobsDb, config, log, storage, modules);

  const redis = config.REDIS_URL
    ? // Fails fast while Redis is away (no queue, one retry, 1 s per command): every user of it has a way without.
      new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, lazyConnect: false })
    : undefined;
  redis?.on("error", (err) => log.warn({ err }, "redis error"));

  const infrastructure = opts.infrastructure ?? createInfrastructureSource({ config, db, redis, log });
  const mail = createMailTransport({ db, log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  // The guest pages and kept lists, built before the jobs: a job that changes what readers see (a
  // scheduled post's publication) clears them like a request does.
  const localPages = createShortCache({ keepMs: config.PAGE_CACHE_SECONDS * 1000 });
  const localGuestPages = createGuestPageCache({ keepMs: config.PAGE_CACHE_SECONDS * 1000 });
  // A change clears them on every instance of the site (decision 036), not only on the one that made it.
  const purge = await startPurgeBus({
    database,
    redis,
    log,
    onPurge: (kind) => (kind === "page" ? localPages.clear() : localGuestPages?.clear()),
  });
  const pageCache: ShortCache = {
    get: (key, load) => localPages.get(key, load),
    clear() {
      localPages.clear();
      purge.publish("page");
    },
  };
  const guestPages: GuestPageCache | undefined = localGuestPages && {
    ...localGuestPages,
    clear() {
      localGuestPages.clear();
      purge.publish("guest");
    },
  };
  const jobDeps = { db: database.jobsDb, mail, log, config, infrastructure, modules, pageCache, guestPages, storage };
  const handlers: Record<string, JobHandler> = { ...buildJobHandlers(jobDeps), ...opts.extraJobHandlers };
  await scheduleRecurringJobs(jobDeps);
  const jobs = startJobWorker({ db: database.jobsDb, log, handlers, pollMs: config.JOB_POLL_MS });
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
    modules,
    openUploadFile,
    storage,
    pageCache,
    guestPages,
    async close() {
      await jobs.stop();
      await purge.close();
      mail.close();
      await infrastructure.close?.();
      redis?.disconnect();
      if (!opts.storage) storage.close();
      if (!opts.database) await database.close();
    },
  };
}
