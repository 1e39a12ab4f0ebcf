import fs from "node:fs/promises";
import path from "node:path";
import { FileNotFoundError, type FileStore } from "./file-store";

/**
 * Files on local disk under one root. Writes go to a temporary name first and are renamed into place, so a
 * crash never leaves a half-written file under a real key. Keys cannot climb out of the root.
 */
export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new FileNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
