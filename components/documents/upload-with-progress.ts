"use client";

import type { UploadResultItem } from "@/lib/contracts/documents";
import { consoleToken } from "@/lib/console/browser-api";

/**
 * Uploads one file to a parser with progress events. XMLHttpRequest, because fetch still reports no upload
 * progress in browsers; one request per file, so each file gets its own progress and its own error.
 */
export async function uploadWithProgress(
  parserId: string,
  file: File,
  options: { folderId?: string; onProgress: (fraction: number) => void; /** Another upload endpoint of the same shape (a classifier's). */ path?: string },
): Promise<UploadResultItem> {
  const token = await consoleToken();
  const form = new FormData();
  form.append("file", file, file.name);
  if (options.folderId) form.append("folderId", options.folderId);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", options.path ?? `/api/v1/process/${parserId}/files`);
    request.setRequestHeader("authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => event.lengthComputable && options.onProgress(event.loaded / event.total);
    request.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    request.onload = () => {
      let body: { result?: UploadResultItem[]; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // not JSON: reported below by status
      }
      if (request.status >= 200 && request.status < 300 && body.result?.[0]) resolve(body.result[0]);
      else reject(new Error(body.message ?? `Upload failed (HTTP ${request.status})`));
    };
    request.send(form);
  });
}
