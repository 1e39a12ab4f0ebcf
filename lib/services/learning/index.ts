export { applyParserMemory } from "./extraction-hook";
export { teachFromDocument } from "./teach";
export { exportParserMemory, forgetDeletedDocuments, forgetDocument, forgetParser, getParserMemory, importParserMemory } from "./manage";
export { getParserAccuracy } from "./accuracy";
export { previewParserChange } from "./preview";
