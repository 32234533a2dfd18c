import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver ships no types: what the tests use of it.
// @ts-expect-error -- no declaration file
import S3rver from "s3rver";
import type { S3Settings } from "../../server/platform/storage";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The storage settings for this server (s3Storage). */
  settings: S3Settings;
  /** The environment an instance of the site needs to use it. */
  env: Record<string, string>;
  /** Stops the server (a test of a bucket that went away) and starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, on its own folder and a port the system chooses) with one
 * bucket, for the storage tests and the cluster suite. Its credentials are s3rver's fixed ones.
 */
export async function startTestS3(bucket = "genisbant-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "gb-s3-"));
  let port = 0;
  let server: S3rverInstance | null = null;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] }) as S3rverInstance;
    const info = await server.run();
    port = info.port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true, requestTimeoutMs: 3000 };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
    async stop() {
      await server?.close();
      server = null;
    },
    start,
    async close() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
