"use client";

import { exportOperations, type ExportRequestInput } from "@/lib/contracts/exports";
import { browserApi } from "@/lib/console/browser-api";

/**
 * Runs an export as the signed-in user and saves the file. The browser calls the public API itself with the
 * console token (as uploads do): the console stays a client of the API with the same checks as any integration,
 * and because this is a fetch and not a navigation, an error answer (a 404 for a document deleted meanwhile, a
 * 403) comes back as JSON the dialog can show instead of a broken download. The price is that the file is
 * gathered in the tab's memory before it is saved; the server still streams it, and what a person exports from
 * the list (10,000 documents is a few MB) fits comfortably.
 */
export type DownloadProgress = { bytes: number };

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

export async function downloadExport(parserId: string, body: ExportRequestInput, onProgress: (progress: DownloadProgress) => void): Promise<{ fileName: string; bytes: number }> {
  // An error answer throws ApiError with the API's own message, which the dialog shows.
  const response = await (await browserApi()).raw(exportOperations.export, { params: { parserId }, body });
  if (!response.body) throw new Error("The export came back empty. Try again.");

  const parts: BlobPart[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress({ bytes });
  }
  const fileName = fileNameOf(response, `export.${body.format}`);
  const url = URL.createObjectURL(new Blob(parts, { type: response.headers.get("content-type") ?? "application/octet-stream" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoking at once can cancel the save in some browsers; a minute is long enough for it to start.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return { fileName, bytes };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
