import "server-only";
import { UploadFilesFieldsSchema } from "@/lib/contracts/documents";
import type { IncomingFile } from "@/lib/services/intake";
import { validationError, zodValidationError } from "@/lib/services/errors";
import { jsonNestsDeeperThan, tooDeepMessage } from "./json-depth";
import { payloadTooLarge } from "./read-body";
import { assertNoNulCharacter } from "./nul-characters";

/** A whole multipart request: up to 20 files of 100 MB, with room for the form's other fields. */
const UPLOAD_LIMIT_BYTES = 20 * 100 * 1024 * 1024 + 1024 * 1024;

/**
 * Reads the spec's multipart upload: one or many `file` parts, plus `folderId`, and `externalIds` and `custom`
 * as JSON-encoded arrays. Anything malformed is a 400 that says which part.
 */
export async function readUpload(request: Request) {
  if (Number(request.headers.get("content-length") ?? "0") > UPLOAD_LIMIT_BYTES) {
    // The body is left unread, so the connection cannot carry another request: close it after the answer.
    throw payloadTooLarge("The upload is larger than 2 GB", "close");
  }
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw validationError("Send the files as multipart/form-data, each in a part named `file`");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw validationError("The multipart body could not be read");
  }
  const known = new Set(["file", "folderId", "externalIds", "custom"]);
  const unknown = [...new Set(form.keys())].filter((key) => !known.has(key));
  if (unknown.length) throw validationError(`Unrecognized form field${unknown.length > 1 ? "s" : ""}: ${unknown.map((key) => `"${key}"`).join(", ")}`);

  const parts = form.getAll("file");
  if (parts.some((part) => typeof part === "string")) throw validationError("Every `file` part must be a file, not text");
  const files: IncomingFile[] = await Promise.all(
    (parts as File[]).map(async (file, index) => ({ name: file.name || `file-${index + 1}`, bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type || undefined })),
  );

  const fields: Record<string, unknown> = {};
  const folderId = form.get("folderId");
  if (typeof folderId === "string" && folderId !== "") fields.folderId = folderId;
  for (const key of ["externalIds", "custom"] as const) {
    const value = form.get(key);
    if (typeof value !== "string" || value === "") continue;
    if (jsonNestsDeeperThan(value)) throw validationError(tooDeepMessage(key));
    try {
      fields[key] = JSON.parse(value) as unknown;
    } catch {
      throw validationError(`${key} must be a JSON-encoded array, one entry per file`);
    }
  }
  assertNoNulCharacter({ ...fields, fileNames: files.map((file) => file.name) }, "form fields");
  const parsed = UploadFilesFieldsSchema.safeParse(fields);
  if (!parsed.success) throw zodValidationError("form fields", parsed.error);
  return { files, ...parsed.data };
}
