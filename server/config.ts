import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "../common/validation/zod";
import { OUTAGE_MIN_NETWORKS } from "../common/outages";

/**
 * The environment, read once and validated at start-up. Nothing else reads process.env.
 * Secrets never live in the repository: when SESSION_SECRET is unset, a random one is made once
 * and kept in DATA_DIR, so a single machine keeps its sessions across restarts.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("GenişBant <no-reply@genisbant.com.tr>"),
  /** Where contact-form notifications go. */
  OWNER_EMAIL: z.string().email().default("info@genisbant.com.tr"),
  /** Defaults to the address actually served (PORT and HOST). */
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** US dollars per Turkish lira, for the English price display. */
  USD_PER_TRY: z.coerce.number().positive().default(0.024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed demo data (labelled as such) at start-up. */
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /**
   * The port of the speed test's own stream server (a worker thread). 0 (default): a port the
   * system chooses, reached through the site's /api/v1/speedtest only.
   */
  SPEEDTEST_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * Where browsers reach the speed test's streams, e.g. https://speed.example.com/api/v1/speedtest
   * (a test server on its own address). Unset: the site's own /api/v1/speedtest, forwarded.
   */
  SPEEDTEST_PUBLIC_URL: z.string().url().optional(),
  /**
   * Seconds the home page's popular lists and category counts are kept in the process before a
   * refresh (served stale while it runs); 0 reads the database on every request.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * PGlite's shared buffers in MB (the embedded database only). 8 keeps the idle site small
   * (decision 009); a large catalogue (hundreds of MB of tables) reads much faster with 64–128,
   * each MB of it resident once used.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(8),
  /**
   * Let company webhooks point at loopback and private addresses. Only for tests with a local
   * receiver: in production a webhook may only reach public addresses (server/leads/webhook-address.ts).
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /**
   * How long a page or API call may wait for the database (decision 035): one statement
   * (PostgreSQL's statement_timeout), a lock (lock_timeout), a free connection or PGlite's turn.
   * Past them the request gets a 503 with Retry-After. Background jobs have longer limits of their own.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(3000),
  /**
   * An S3-compatible bucket for uploads (decision 037). Unset: DATA_DIR/uploads on this machine's
   * disk, which only one instance can use. The access key may be left out where the SDK finds
   * credentials itself (an instance role); S3_ENDPOINT for a server other than AWS (MinIO, R2,
   * Hetzner, Wasabi), usually with S3_FORCE_PATH_STYLE=1.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  /** Milliseconds between polls of the job table; 0 disables the worker in this process. */
  JOB_POLL_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * The fewest distinct networks whose reports can declare an outage incident (common/outages.ts,
   * where the default is published); a test or a small site may lower it.
   */
  OUTAGE_MIN_NETWORKS: z.coerce.number().int().min(1).max(10_000).default(OUTAGE_MIN_NETWORKS),
  /** Where infrastructure answers come from: demo (generated, labelled), database (CSV import) or http (a reseller API). */
  INFRA_SOURCE: z.enum(["demo", "database", "http"]).default("demo"),
  /** The http source's base URL and key. */
  INFRA_HTTP_URL: z.string().url().optional(),
  INFRA_HTTP_KEY: z.string().optional(),
  /** The http source's deadline for one call, retry included. */
  INFRA_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Express's `trust proxy`: true/false, a hop count, loopback/linklocal/uniquelocal, addresses or CIDR ranges. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = v === undefined ? undefined : parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: "custom",
          message: `"${v}" is not a valid value: use true, false, a hop count, loopback, linklocal, uniquelocal, or comma-separated IP addresses/CIDR ranges`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

export type TrustProxy = boolean | number | string[];

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // A dotted IPv4 netmask (10.0.0.0/255.0.0.0), as proxy-addr accepts.
  return family === 4 && isIP(prefix) === 4;
}

/** The TRUST_PROXY value as Express takes it, or null when it is not one Express understands. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) return Number(value) <= 100 ? Number(value) : null;
  const entries = value.split(",").map((e) => e.trim());
  if (entries.some((e) => !(PROXY_KEYWORDS.has(e) || isAddressOrRange(e)))) return null;
  return entries;
}

export type Config = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "SITE_URL"> & {
  SESSION_SECRET: string;
  SITE_URL: string;
  /** SITE_URL was not set: it follows the address served (serve() fills in a port chosen by the system). */
  siteUrlFromAddress: boolean;
  uploadsDir: string;
};

/** The address a browser on this machine reaches the server at. */
export function servedUrl(host: string, port: number): string {
  const name = ["0.0.0.0", "::", ""].includes(host) ? "localhost" : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  if (cfg.INFRA_SOURCE === "http" && !cfg.INFRA_HTTP_URL) {
    throw new Error("Invalid environment:\n  INFRA_HTTP_URL: required when INFRA_SOURCE=http");
  }
  if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid environment:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  const dataDir = path.resolve(cfg.DATA_DIR);
  const uploadsDir = path.join(dataDir, "uploads");
  mkdirSync(uploadsDir, { recursive: true });
  return {
    ...cfg,
    DATA_DIR: dataDir,
    uploadsDir,
    SESSION_SECRET: cfg.SESSION_SECRET ?? localSecret(dataDir),
    SITE_URL: cfg.SITE_URL ?? servedUrl(cfg.HOST, cfg.PORT),
    siteUrlFromAddress: cfg.SITE_URL === undefined,
  };
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
