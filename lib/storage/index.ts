import "server-only";
import path from "node:path";
import { authSecret } from "@/lib/secrets/secret";
import { env, type Env } from "@/lib/env";
import type { FileStore } from "./file-store";
import { localFileStore } from "./local-store";
import type { S3StoreOptions } from "./s3-store";
import { fileUrlExpiry, signFileToken, type SignedFile } from "./signed-url";

export { FileNotFoundError, type FileStore } from "./file-store";
export { verifyFileToken } from "./signed-url";

type StoreGlobal = { __quarryFileStore?: FileStore };
const store = globalThis as StoreGlobal;

/** The configured store: local disk under DATA_DIR/files (STORAGE=local, the default) or an S3 bucket (STORAGE=s3). */
export function fileStore(): FileStore {
  if (store.__quarryFileStore) return store.__quarryFileStore;
  store.__quarryFileStore = configuredStore(env());
  return store.__quarryFileStore;
}

function configuredStore(config: Env): FileStore {
  if (config.STORAGE === "local") return localFileStore(path.join(config.dataDir, "files"));
  // env() has checked that the bucket is set (and the keys come in pairs) when STORAGE=s3.
  if (!config.S3_BUCKET) throw new Error("S3_BUCKET is required when STORAGE=s3");
  return lazyS3FileStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}

/**
 * The S3 store, its SDK (tens of MB once loaded) imported on the first file operation: a server on local storage
 * never loads it, and this module stays cheap for every route that only signs file links.
 */
function lazyS3FileStore(options: S3StoreOptions): FileStore {
  let loaded: Promise<FileStore> | undefined;
  const store = () => (loaded ??= import("./s3-store").then(({ s3FileStore }) => s3FileStore(options)));
  return {
    put: async (key, bytes, contentType) => (await store()).put(key, bytes, contentType),
    get: async (key) => (await store()).get(key),
    delete: async (key) => (await store()).delete(key),
    exists: async (key) => (await store()).exists(key),
  };
}

/** A signed link to a stored file, valid for one to two hours (its expiry is on a whole hour: see fileUrlExpiry). */
export function signedFileUrl(file: SignedFile, now = new Date()): string {
  const token = signFileToken(authSecret(), file, fileUrlExpiry(now));
  return `${env().filesBaseUrl}/api/files/${token}`;
}

export function storageKey(teamId: string, documentId: string, fileName: string): string {
  const safe = fileName.replace(/[^\w.\- ]+/g, "_").slice(-120) || "file";
  return `${teamId}/${documentId}/${safe}`;
}
