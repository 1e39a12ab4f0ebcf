import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { FileNotFoundError, type FileStore } from "./file-store";

export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, …); unset → AWS. */
  endpoint?: string;
  /** Both or neither; neither → the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Prepended to every key (`quarry/` → `quarry/<teamId>/<documentId>/<name>`), to share a bucket. */
  prefix: string;
};

/**
 * A failed S3 call, described by operation, key and the service's error code only. The SDK's error is deliberately not
 * kept as `cause`: it carries the raw response and request metadata, and callers log errors whole.
 */
export class StorageError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`S3 ${operation} of ${key} failed: ${describe(cause)}`);
    this.name = "StorageError";
  }
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? "?"})`;
  // Network and credential-provider errors: their name and message, which hold no secret (unlike the request).
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return "unknown error";
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}

/** The prefix as `a/b/` (or empty), whatever slashes it was given with. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, "");
  return trimmed ? `${trimmed}/` : "";
}

/**
 * Files in one S3 bucket (AWS or any S3-compatible server). The same contract as the local store: a missing key
 * reads as FileNotFoundError, delete of a missing key is fine, and keys with empty, `.` or `..` segments are refused
 * (some servers and proxies normalise them, which would let a key leave the prefix).
 */
export function s3FileStore(options: S3StoreOptions): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // Checksums only where S3 requires them. The SDK's default since 3.729 (a CRC32 header on every upload, checked
    // on every download) is refused by several S3-compatible servers (R2 when it came out, Backblaze B2, OVH, older
    // MinIO). The SDK still sends one where an operation requires it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const prefix = normalizePrefix(options.prefix);
  const objectKey = (key: string) => {
    if (key.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) throw new Error(`Invalid storage key: ${key}`);
    return prefix + key;
  };
  const call = async <T>(operation: string, key: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof FileNotFoundError) throw error;
      throw new StorageError(operation, key, error);
    }
  };
  return {
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      await call("put", key, () => client.send(new PutObjectCommand({ Bucket: options.bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength })));
    },
    async get(key) {
      const Key = objectKey(key);
      return call("get", key, async () => {
        try {
          const response = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
          if (!response.Body) throw new FileNotFoundError(key);
          return await response.Body.transformToByteArray();
        } catch (error) {
          if (isMissing(error)) throw new FileNotFoundError(key);
          throw error;
        }
      });
    },
    async delete(key) {
      const Key = objectKey(key);
      await call("delete", key, () => client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key })));
    },
    async exists(key) {
      const Key = objectKey(key);
      return call("head", key, async () => {
        try {
          await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key }));
          return true;
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
      });
    },
  };
}
