/** Where uploaded files live. Keys are opaque paths chosen by the service (`<teamId>/<documentId>/<name>`). */
export type FileStore = {
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Uint8Array>;
  delete: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
};

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file at ${key}`);
    this.name = "FileNotFoundError";
  }
}
