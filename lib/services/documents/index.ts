export { deleteDocument, deleteDocuments, type DeletedDocuments } from "./delete";
export { findByRef, getDocument, getDocumentData, getDocumentMarkdown, type DocumentRef } from "./get";
export { getDocumentWords } from "./words";
export { waitForDocument } from "./wait";
export { assertFolderInParser, fullView, getDocumentInParser } from "./internal";
export { listDocuments, searchDocuments, type DocumentPage, type SearchPage } from "./list";
export { locateDocument } from "./locate";
export { moveDocuments, type MovedDocuments } from "./move";
export {
  buildReview,
  documentFileUrl,
  documentSearchText,
  isFailedStatus,
  isProcessedStatus,
  loadReviews,
  markdownUrl,
  NOT_REQUIRED_REVIEW,
  toDataView,
  toDocumentFull,
  toDocumentRow,
  toFieldMetadata,
  type DocumentRecord,
} from "./to-document";
export { updateDocument } from "./update";
export { findInboundMailbox, receiveEmailDocuments, type InboundMailbox } from "./inbound-email";
export { failInterruptedDocument, processDocument } from "./process-document";
export { EXTRACT_QUEUE, type ExtractionQueue } from "./queue-extraction";
export { reprocessDocument } from "./reprocess";
export { updateDocumentData } from "./update-data";
export { uploadDocuments } from "./upload";
export { uploadFromUrls } from "./upload-urls";
