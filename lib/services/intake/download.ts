import "server-only";
import { isSafeFetchError, safeFetch } from "@/lib/net";
import { validationError } from "@/lib/services/errors";
import type { IncomingFile } from "./files";

const PARALLEL_DOWNLOADS = 4;

/** Downloads every URL, a few at a time, through the safe fetch; the first failure fails the whole batch. Classifier uploads use it too. */
export async function downloadAll(urls: readonly string[]): Promise<IncomingFile[]> {
  const files: IncomingFile[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      files[index] = await download(urls[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, urls.length) }, worker));
  return files;
}

async function download(url: string, index: number): Promise<IncomingFile> {
  const where = `urls[${index}] (${url.slice(0, 200)})`;
  try {
    const response = await safeFetch(url);
    if (response.status < 200 || response.status > 299) throw validationError(`Could not download ${where}: the server answered HTTP ${response.status}`);
    return { name: fileNameOf(response.url, response.headers), bytes: response.body, declaredType: response.headers.get("content-type") ?? undefined };
  } catch (error) {
    if (isSafeFetchError(error)) throw validationError(`Could not download ${where}: ${error.message}`);
    throw error;
  }
}

/** The name a person would expect: the server's Content-Disposition filename, else the last path segment. */
export function fileNameOf(url: string, headers: Headers): string {
  const disposition = headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  try {
    if (encoded) return decodeURIComponent(encoded).trim();
  } catch {
    // a malformed encoding: fall through to the plain name
  }
  if (plain?.trim()) return plain.trim();
  const segment = new URL(url).pathname.split("/").filter(Boolean).pop();
  if (!segment) return new URL(url).hostname;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed percent-encoding (`%ff`) is a name, not a 500
  }
}
