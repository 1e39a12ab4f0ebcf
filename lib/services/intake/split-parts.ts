import "server-only";
import type { PageModel, SplitRule } from "@/lib/extraction";
import { randomUUID } from "node:crypto";
import { storageKey, type FileStore } from "@/lib/storage";

/** A stored part as the row that records it starts: what every kind of part copies from its upload. */
export type StoredPart<Custom = unknown> = {
  id: string;
  teamId: string;
  parentDocumentId: string;
  name: string;
  externalId: string | null;
  custom: Custom;
  source: "split";
  contentType: "application/pdf";
  fileKey: string;
  fileSize: number;
};

/**
 * The parts of a split (a parser's or a classifier's), each written to the store as its own PDF. Fewer than two
 * planned parts: none, and the document stays whole.
 */
export async function storeSplitParts<Custom>({
  store,
  parent,
  bytes,
  pages,
  rule,
}: {
  store: FileStore;
  parent: { id: string; teamId: string; name: string; externalId: string | null; custom: Custom };
  bytes: Uint8Array;
  pages: PageModel;
  rule: SplitRule;
}): Promise<StoredPart<Custom>[]> {
  // The splitter (and pdf-lib with it) loads with the first split, not with every route that imports this service.
  const { planSplit, writePdfParts } = await import("@/lib/extraction/pages/split-documents");
  const plan = planSplit(pages, rule);
  if (plan.length <= 1) return [];
  const files = await writePdfParts(bytes, plan);
  const base = parent.name.replace(/\.pdf$/i, "");
  const parts: StoredPart<Custom>[] = [];
  for (const [index, file] of files.entries()) {
    const id = randomUUID();
    const name = `${base} (part ${index + 1} of ${files.length}).pdf`;
    const fileKey = storageKey(parent.teamId, id, name);
    await store.put(fileKey, file, "application/pdf");
    // A part keeps the upload's external id with its number, so an integration can tell the parts apart.
    parts.push({
      id,
      teamId: parent.teamId,
      parentDocumentId: parent.id,
      name,
      externalId: parent.externalId ? `${parent.externalId}#${index + 1}` : null,
      custom: parent.custom,
      source: "split",
      contentType: "application/pdf",
      fileKey,
      fileSize: file.byteLength,
    });
  }
  return parts;
}
