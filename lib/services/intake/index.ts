/**
 * Intake: what every way in (multipart, URL, e-mail, MCP; into a parser or a classifier) shares before a file
 * becomes a document — the batch's checks, the type read from the bytes, safe downloads, the upload's answer, and
 * the stored parts of a split. Documents and classifiers build their own rows and queue their own jobs on top.
 */
export { downloadAll, fileNameOf } from "./download";
export { checkBatchShape, checkFileTypes, MAX_FILE_BYTES, withCleanNames, type CheckedFile, type IncomingFile, type IntakeReceiver } from "./files";
export { storeSplitParts, type StoredPart } from "./split-parts";
export { startedUploadItem } from "./started-item";
