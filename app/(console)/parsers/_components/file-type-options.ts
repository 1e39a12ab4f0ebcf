import { FILE_TYPE_LABELS } from "@/lib/contracts/file-types";

export const FILE_TYPE_OPTIONS = Object.entries(FILE_TYPE_LABELS).map(([mimeType, label]) => ({ mimeType, label }));
