import { randomBytes } from "node:crypto";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "@/tests/support/s3-server";
import { FileNotFoundError, type FileStore } from "./file-store";
import { normalizePrefix, s3FileStore, StorageError } from "./s3-store";

/** Against a real S3-compatible server (s3rver, in process), not a mock: what goes over the wire is what S3 gets. */
describe("S3 file store", () => {
  let s3: TestS3;
  let store: FileStore;
  let prefixed: FileStore;

  beforeAll(async () => {
    s3 = await startTestS3();
    const options = { bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true };
    store = s3FileStore({ ...options, prefix: "" });
    prefixed = s3FileStore({ ...options, prefix: "/tenant-a/quarry/" });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("stores, reads, tells existence and deletes", async () => {
    await store.put("team/doc/invoice.pdf", new TextEncoder().encode("%PDF-1.4 invoice"), "application/pdf");
    expect(new TextDecoder().decode(await store.get("team/doc/invoice.pdf"))).toBe("%PDF-1.4 invoice");
    expect(await store.exists("team/doc/invoice.pdf")).toBe(true);
    expect(await s3.keys("team/")).toEqual(["team/doc/invoice.pdf"]);

    await store.delete("team/doc/invoice.pdf");
    expect(await store.exists("team/doc/invoice.pdf")).toBe(false);
    expect(await s3.has("team/doc/invoice.pdf")).toBe(false);
  });

  it("keeps the content type it was given", async () => {
    await store.put("team/doc/sheet.csv", new TextEncoder().encode("a,b\n1,2\n"), "text/csv");
    const described = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "team/doc/sheet.csv" }));
    expect(described.ContentType).toBe("text/csv");
    expect(described.ContentLength).toBe(8);
  });

  it("reads a missing key as FileNotFoundError and deletes it without complaint", async () => {
    await expect(store.get("team/doc/never-stored.pdf")).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.exists("team/doc/never-stored.pdf")).toBe(false);
    await expect(store.delete("team/doc/never-stored.pdf")).resolves.toBeUndefined();
  });

  it("round-trips binary bytes exactly, every byte value and a multi-megabyte body", async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index);
    const large = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
    await store.put("team/doc/bytes.bin", everyByte, "application/octet-stream");
    await store.put("team/doc/large.bin", large, "application/octet-stream");
    expect(Buffer.from(await store.get("team/doc/bytes.bin")).equals(Buffer.from(everyByte))).toBe(true);
    const read = await store.get("team/doc/large.bin");
    expect(read.byteLength).toBe(large.byteLength);
    expect(Buffer.from(read).equals(Buffer.from(large))).toBe(true);
  });

  it("puts every key under the prefix, and sees only its own keys", async () => {
    await prefixed.put("team/doc/a.pdf", new Uint8Array([1, 2, 3]), "application/pdf");
    expect(await s3.keys("tenant-a/")).toEqual(["tenant-a/quarry/team/doc/a.pdf"]);
    expect(await s3.has("team/doc/a.pdf")).toBe(false);
    expect([...(await prefixed.get("team/doc/a.pdf"))]).toEqual([1, 2, 3]);

    await store.put("team/doc/unprefixed.pdf", new Uint8Array([9]), "application/pdf");
    expect(await prefixed.exists("team/doc/unprefixed.pdf")).toBe(false);
    await expect(prefixed.get("team/doc/unprefixed.pdf")).rejects.toBeInstanceOf(FileNotFoundError);

    await prefixed.delete("team/doc/a.pdf");
    expect(await s3.keys("tenant-a/")).toEqual([]);
    expect(await store.exists("team/doc/unprefixed.pdf")).toBe(true);
  });

  it("refuses keys with empty, . or .. segments, which could leave the prefix", async () => {
    for (const key of ["../escape.txt", "team/../../other/x.pdf", "team//doc.pdf", "./x", "/abs.pdf"]) {
      await expect(prefixed.put(key, new Uint8Array([1]), "text/plain")).rejects.toThrow("Invalid storage key");
    }
    expect(await s3.keys("other/")).toEqual([]);
  });

  it("reports a failing server by operation and key, never with the credentials", async () => {
    const wrong = s3FileStore({ bucket: "no-such-bucket", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true, prefix: "" });
    const error = await wrong.put("team/doc/a.pdf", new Uint8Array([1]), "application/pdf").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/^S3 put of team\/doc\/a\.pdf failed: NoSuchBucket \(HTTP 404\)$/);

    const secret = "wJalrXUtnFEMI-never-print-this-secret";
    const unsigned = s3FileStore({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "AKIAUNKNOWNKEY", secretAccessKey: secret, forcePathStyle: true, prefix: "" });
    const refused = (await unsigned.get("team/doc/a.pdf").catch((caught: unknown) => caught)) as Error;
    expect(refused).toBeInstanceOf(StorageError);
    expect(refused.message).toMatch(/^S3 get of team\/doc\/a\.pdf failed: InvalidAccessKeyId \(HTTP 403\)$/);
    expect(`${refused.message} ${refused.stack ?? ""} ${JSON.stringify(refused)}`).not.toContain(secret);
  });
});

describe("S3 key prefix", () => {
  it("normalises slashes to one trailing slash, or none", () => {
    expect(normalizePrefix("")).toBe("");
    expect(normalizePrefix("/")).toBe("");
    expect(normalizePrefix("quarry")).toBe("quarry/");
    expect(normalizePrefix("/a/b//")).toBe("a/b/");
  });
});
