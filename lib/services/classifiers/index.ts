export { createClassifier } from "./create";
export { getClassifier, listClassifiers } from "./get";
export { updateClassifier } from "./update";
export { getClassifierDocument, listClassifierDocuments } from "./documents";
export { reprocessClassifierDocument } from "./reprocess";
export { classifyFromUrls, uploadToClassifier } from "./upload";
export { failInterruptedClassifierDocument, processClassifierDocument, type ClassifyDeps, type PageLoader } from "./process";
export { CLASSIFY_QUEUE } from "./queue";
export { findClassifierMailbox, receiveClassifierEmail, type ClassifierMailbox } from "./inbound-email";
