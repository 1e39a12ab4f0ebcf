import "server-only";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import type { FileStore } from "./file-store";
import { localFileStore } from "./local-store";
import { signFileToken, type SignedFile } from "./signed-url";

export { FileNotFoundError, type FileStore } from "./file-store";
export { verifyFileToken } from "./signed-url";

const FILE_URL_TTL_MS = 60 * 60 * 1000;

type StoreGlobal = { __quarryFileStore?: FileStore };
const store = globalThis as StoreGlobal;

/** The configured store: local disk under DATA_DIR/files (STORAGE=local, the default). */
export function fileStore(): FileStore {
  if (store.__quarryFileStore) return store.__quarryFileStore;
  const config = env();
  if (config.STORAGE !== "local") throw new Error(`STORAGE=${config.STORAGE} is not available in this build; use STORAGE=local`);
  store.__quarryFileStore = localFileStore(path.join(config.dataDir, "files"));
  return store.__quarryFileStore;
}

/** A signed link to a stored file, valid for an hour. */
export function signedFileUrl(file: SignedFile, now = new Date()): string {
  const token = signFileToken(authSecret(), file, new Date(now.getTime() + FILE_URL_TTL_MS));
  return `${env().publicBaseUrl}/api/files/${token}`;
}

export function storageKey(teamId: string, documentId: string, fileName: string): string {
  const safe = fileName.replace(/[^\w.\- ]+/g, "_").slice(-120) || "file";
  return `${teamId}/${documentId}/${safe}`;
}
