import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "./config";

const dataDir = mkdtempSync(path.join(tmpdir(), "gb-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(32) };

describe("TRUST_PROXY", () => {
  it.each([
    ["true", true],
    ["TRUE", true],
    ["false", false],
    ["0", 0],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["loopback, linklocal, uniquelocal", ["loopback", "linklocal", "uniquelocal"]],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8,192.168.1.1", ["10.0.0.0/8", "192.168.1.1"]],
    ["10.0.0.0/255.0.0.0", ["10.0.0.0/255.0.0.0"]],
    ["::1,fc00::/7", ["::1", "fc00::/7"]],
    ["loopback,172.16.0.0/12", ["loopback", "172.16.0.0/12"]],
  ])("accepts %j", (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
    expect(loadConfig({ ...base, TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each(["yes", "maybe", "10.0.0.0/33", "::1/129", "300.1.1.1", "10.0.0.1,", "local host", "-1", "1.5", "1000"])(
    "stops the start on %j with a message naming the variable",
    (raw) => {
      expect(parseTrustProxy(raw)).toBeNull();
      expect(() => loadConfig({ ...base, TRUST_PROXY: raw })).toThrow(
        new RegExp(`Invalid environment:\\n  TRUST_PROXY: "${raw.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}" is not a valid value`),
      );
    },
  );

  it("is off when unset", () => {
    expect(loadConfig(base).TRUST_PROXY).toBeUndefined();
  });
});

describe("SITE_URL", () => {
  it("defaults to the address served (PORT and HOST)", () => {
    expect(loadConfig({ ...base, PORT: "4123" }).SITE_URL).toBe("http://localhost:4123");
    expect(loadConfig({ ...base, PORT: "4123", HOST: "127.0.0.1" }).SITE_URL).toBe("http://127.0.0.1:4123");
    expect(loadConfig({ ...base, PORT: "80", HOST: "::1" }).SITE_URL).toBe("http://[::1]:80");
    expect(loadConfig(base).SITE_URL).toBe("http://localhost:3000");
    expect(loadConfig(base).siteUrlFromAddress).toBe(true);
  });

  it("keeps an explicit SITE_URL", () => {
    const cfg = loadConfig({ ...base, PORT: "4123", SITE_URL: "https://genisbant.example" });
    expect(cfg.SITE_URL).toBe("https://genisbant.example");
    expect(cfg.siteUrlFromAddress).toBe(false);
  });
});

describe("S3_*", () => {
  it("leaves uploads in the folder when no bucket is named", () => {
    expect(loadConfig(base).S3_BUCKET).toBeUndefined();
  });

  it("reads a bucket's settings, path style as a flag", () => {
    const config = loadConfig({ ...base, S3_BUCKET: "uploads", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_FORCE_PATH_STYLE: "1" });
    expect(config).toMatchObject({ S3_BUCKET: "uploads", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
  });

  it.each([
    [{ S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "k" }, /set both or neither/],
    [{ S3_BUCKET: "uploads", S3_SECRET_ACCESS_KEY: "s" }, /set both or neither/],
    [{ S3_BUCKET: "uploads", S3_ENDPOINT: "not a url" }, /S3_ENDPOINT/],
    [{ S3_BUCKET: "x" }, /S3_BUCKET/],
  ])("refuses %j at start-up", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
