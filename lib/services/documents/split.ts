import "server-only";
import { eq } from "drizzle-orm";
import type { SplitDocuments } from "@/lib/contracts/parser-settings";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import type { FieldDefinition, PageModel, SplitRule } from "@/lib/extraction";
import type { FileStore } from "@/lib/storage";
import { storeSplitParts } from "../intake";
import { enqueueExtraction, type ExtractionQueue } from "./queue-extraction";

type DocumentRecord = typeof documents.$inferSelect;

/** The engine's split rule for the parser's setting, or null when this document is not to be split. */
export function splitRuleFor(setting: SplitDocuments, fields: FieldDefinition[]): SplitRule | null {
  if (!setting.enabled) return null;
  if (setting.mode === "everyXPages") return { mode: "every", pages: setting.everyXPages ?? 1 };
  if (setting.mode === "pageRanges") {
    const ranges = (setting.pageRanges ?? "").split(",").map((range) => range.trim()).filter(Boolean);
    return ranges.length ? { mode: "ranges", ranges } : null;
  }
  // partitionKey: a top-level field, or a table's column by its dotted path (`items.sku`).
  const [head, column] = (setting.partitionKey ?? "").split(".");
  const top = fields.find((field) => field.name === head);
  const field = column ? top?.columns?.find((candidate) => candidate.name === column) : top;
  return field ? { mode: "field", field } : null;
}

/**
 * Splits an uploaded PDF into child documents, one per part: each is stored as its own PDF, linked to the
 * upload (parentDocumentId), and queued for extraction. Returns how many parts there were; 0 means the
 * document stays whole and is extracted as it is.
 */
export async function splitIntoChildren(
  db: Db,
  { deps, parent, bytes, pages, rule }: { deps: { store: FileStore; queue: ExtractionQueue }; parent: DocumentRecord; bytes: Uint8Array; pages: PageModel; rule: SplitRule },
): Promise<number> {
  const parts = await storeSplitParts({ store: deps.store, parent, bytes, pages, rule });
  if (parts.length === 0) return 0;
  const children = parts.map((part) => ({
    row: { ...part, parserId: parent.parserId, folderId: parent.folderId, status: "queued" as const, searchText: part.name.toLowerCase() },
  }));
  await db.transaction(async (tx) => {
    await tx.insert(documents).values(children.map((child) => child.row));
    await tx
      .update(documents)
      .set({ status: "processed", pageCount: pages.pages.length, data: {}, fieldMetadata: {}, error: null, processedAt: new Date() })
      .where(eq(documents.id, parent.id));
  });
  for (const child of children) await enqueueExtraction(deps.queue, child.row.id);
  return children.length;
}
