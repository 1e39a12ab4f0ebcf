import "server-only";
import { eq } from "drizzle-orm";
import type { PageWords } from "@/lib/contracts/page-words";
import { documentLayouts } from "@/lib/db/schema";
import { boxInScannedFrame } from "@/lib/extraction/source-frame";
import { assertPermission, type ServiceContext } from "../context";
import { getDocumentInParser } from "./internal";

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * GET /parsers/{parserId}/documents/{documentId}/words: the words of the page model kept after extraction. A page
 * OCR turned upright to read is drawn back onto the page as scanned, as its source boxes are (source-frame.ts),
 * so the words sit on the stored image. A document not read yet has no pages.
 */
export async function getDocumentWords(ctx: ServiceContext, { parserId, documentId }: { parserId: string; documentId: string }): Promise<PageWords> {
  assertPermission(ctx, "documents.read");
  const { document } = await getDocumentInParser(ctx.db, { access: ctx, parserId, documentId });
  const [stored] = await ctx.db.select({ layout: documentLayouts.layout }).from(documentLayouts).where(eq(documentLayouts.documentId, document.id)).limit(1);
  if (!stored) return { pages: [] };
  return {
    pages: stored.layout.pages.map((page) => ({
      page: page.n,
      words: page.words.map((word) => {
        const box = page.r ? boxInScannedFrame(word, page.r) : word;
        return { text: word.t, x: clamp01(box.x), y: clamp01(box.y), w: clamp01(box.w), h: clamp01(box.h), line: word.l, block: word.b };
      }),
    })),
  };
}
