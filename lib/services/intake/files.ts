import "server-only";
import { randomUUID } from "node:crypto";
import { cleanFileName } from "@/lib/contracts/common";
import { FILE_TYPE_LABELS } from "@/lib/contracts/file-types";
import { detectContentType } from "@/lib/files/detect-content-type";
import { validationError } from "@/lib/services/errors";

export type IncomingFile = { name: string; bytes: Uint8Array; declaredType?: string };

/** A file that passed the checks: its type read from its bytes, and the id its document will have. */
export type CheckedFile = IncomingFile & { contentType: string; id: string };

export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * The files with names fit to show: every way a file arrives (multipart, URL, e-mail; parser or classifier)
 * passes here, so a right-to-left override or a control character in a file name never becomes a document's name
 * (contracts/common.ts). The bytes are stored as they came.
 */
export function withCleanNames(files: readonly IncomingFile[]): IncomingFile[] {
  return files.map((file) => ({ ...file, name: cleanFileName(file.name) }));
}

/** Who takes the files, for the checks and their messages. */
export type IntakeReceiver = { kind: "parser" | "classifier"; acceptedTypes: ReadonlySet<string> };

/** The per-file lists an upload may carry beside the files; each must have one entry per file. */
export type PerFileLists = { externalIds?: readonly unknown[]; custom?: readonly unknown[] };

/** The batch's shape, before any lookup: at least one file, and per-file lists as long as the batch. */
export function checkBatchShape(incoming: readonly IncomingFile[], lists: PerFileLists): IncomingFile[] {
  const files = withCleanNames(incoming);
  if (files.length === 0) throw validationError("Attach at least one file in the `file` field");
  for (const key of ["externalIds", "custom"] as const) {
    const values = lists[key];
    if (values && values.length !== files.length) throw validationError(`${key} must have one entry per file (${files.length}), got ${values.length}`);
  }
  return files;
}

/**
 * Every file's size and type, the type read from its bytes (never trusted from the name or the declared type)
 * against what the receiver accepts. One bad file fails the batch, before anything is stored.
 */
export async function checkFileTypes(files: readonly IncomingFile[], receiver: IntakeReceiver): Promise<CheckedFile[]> {
  return Promise.all(
    files.map(async (file) => {
      if (file.bytes.byteLength === 0) throw validationError(`${file.name} is empty`);
      if (file.bytes.byteLength > MAX_FILE_BYTES) throw validationError(`${file.name} is larger than 100 MB`);
      const contentType = await detectContentType(file.bytes, { declared: file.declaredType, fileName: file.name });
      if (!contentType || !receiver.acceptedTypes.has(contentType)) throw validationError(refusal({ name: file.name, contentType, receiver }));
      return { ...file, contentType, id: randomUUID() };
    }),
  );
}

// People read this in the console: file kinds by name ("Excel workbook"), never MIME types.
function refusal({ name, contentType, receiver }: { name: string; contentType: string | null; receiver: IntakeReceiver }): string {
  const what = contentType ? `a file of a kind this ${receiver.kind} does not accept (${FILE_TYPE_LABELS[contentType] ?? "unknown kind"})` : "not a kind of file Quarry can read";
  const kinds = [...receiver.acceptedTypes].map((type) => FILE_TYPE_LABELS[type] ?? type);
  const fix = receiver.kind === "parser" ? " Change that in the parser's settings." : "";
  return `${name} is ${what}. This ${receiver.kind} accepts: ${kinds.join(", ") || "no file types"}.${fix}`;
}
