import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { DUMMY_ACCOUNT } from "s3rver/lib/models/account";

/**
 * A real S3-compatible server for tests: s3rver, in this process, on a free loopback port, keeping its objects in a
 * temporary directory, with one bucket. `client` talks to it directly, to look at the bucket behind the app's back.
 */
export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** A key pair of this server's own, random, so a test can look for the secret where it must not be. */
  accessKeyId: string;
  secretAccessKey: string;
  client: S3Client;
  /** Every key in the bucket (under a prefix, if given). */
  keys: (prefix?: string) => Promise<string[]>;
  has: (key: string) => Promise<boolean>;
  stop: () => Promise<void>;
};

export async function startTestS3(bucket = "quarry-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "quarry-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: `AKIA${randomBytes(8).toString("hex").toUpperCase()}`, secretAccessKey: randomBytes(24).toString("base64url") };
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    ...credentials,
    client,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async stop() {
      client.destroy();
      DUMMY_ACCOUNT.revokeAccessKey(credentials.accessKeyId);
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

