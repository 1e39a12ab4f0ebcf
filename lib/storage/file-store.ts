/** Where uploaded files live. Keys are opaque paths chosen by the service (`<teamId>/<documentId>/<name>`). */
export type FileStore = {
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Uint8Array>;
  delete: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
};

/**
 * Next bundles lib/storage into more than one server chunk, each with its own copy of this class, and the store is
 * kept on globalThis: the one the inline worker made at boot throws its chunk's FileNotFoundError into a route that
 * checks against another copy. A registered symbol is the same in every copy, so `instanceof` goes by it.
 */
const FILE_NOT_FOUND = Symbol.for("quarry.storage.file-not-found");

export class FileNotFoundError extends Error {
  readonly [FILE_NOT_FOUND] = true;

  constructor(key: string) {
    super(`No stored file at ${key}`);
    this.name = "FileNotFoundError";
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [FILE_NOT_FOUND]?: unknown })[FILE_NOT_FOUND] === true;
  }
}
