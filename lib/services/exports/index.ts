export { exportDocuments, type ExportFile } from "./export";
