import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  SITE_URL: z.string().url().default("http://localhost:3000"),
  SESSION_SECRET: z.string().min(32).optional(),
  /** US dollars per Turkish lira, for the English price display. */
  USD_PER_TRY: z.coerce.number().positive().default(0.024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed demo data (labelled as such) at start-up. */
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  /** Milliseconds between polls of the job table; 0 disables the worker in this process. */
  JOB_POLL_MS: z.coerce.number().int().min(0).default(2000),
  TRUST_PROXY: z.string().optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, "SESSION_SECRET"> & {
  SESSION_SECRET: string;
  uploadsDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  const dataDir = path.resolve(cfg.DATA_DIR);
  const uploadsDir = path.join(dataDir, "uploads");
  mkdirSync(uploadsDir, { recursive: true });
  return { ...cfg, DATA_DIR: dataDir, uploadsDir, SESSION_SECRET: cfg.SESSION_SECRET ?? localSecret(dataDir) };
}

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
