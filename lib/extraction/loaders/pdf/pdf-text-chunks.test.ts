import { describe, expect, it } from "vitest";
import { isFlatMessage, isTextChunkMessage, patchTextChunkCopies, shallowTextChunk } from "./pdf-text-chunks";
import { loadPdfjs } from "./pdf-runtime";

/** A port like pdfjs's LoopbackPort: it deep-copies through the global structuredClone and keeps what it delivered. */
class CopyingPort {
  delivered: unknown[] = [];
  postMessage(message: unknown, transfer?: Transferable[]): void {
    this.delivered.push(structuredClone(message, transfer ? { transfer } : undefined));
  }
}

const textBatch = (): { sourceName: string; targetName: string; stream: number; streamId: number; chunk: { items: object[]; styles: Record<string, object>; lang: null } } => ({ sourceName: "worker", targetName: "main", stream: 4, streamId: 7, chunk: { items: [{ str: "Total", dir: "ltr", width: 20, height: 9, transform: [9, 0, 0, 9, 40, 700], fontName: "g_d0_f1", hasEOL: false }], styles: { g_d0_f1: { fontFamily: "sans-serif", ascent: 0.9, descent: -0.2, vertical: false } }, lang: null } });

describe("text chunk copies", () => {
  it("recognises a text-content batch and nothing else as one", () => {
    expect(isTextChunkMessage(textBatch())).toBe(true);
    expect(isTextChunkMessage({ ...textBatch(), stream: 6 })).toBe(false);
    expect(isTextChunkMessage({ stream: 4, chunk: { fnArray: [], argsArray: [], lastChunk: false } })).toBe(false);
    expect(isTextChunkMessage({ stream: 4, chunk: { items: [], styles: {}, extra: new Uint8Array(1) } })).toBe(false);
  });

  it("treats a message as flat only when every value is a primitive", () => {
    expect(isFlatMessage({ sourceName: "main", targetName: "worker", stream: 6, streamId: 1, desiredSize: 100 })).toBe(true);
    expect(isFlatMessage({ stream: 6, reason: { message: "x" } })).toBe(false);
    expect(isFlatMessage({ data: new Uint8Array(2) })).toBe(false);
    expect(isFlatMessage(new Map())).toBe(false);
    expect(isFlatMessage("text")).toBe(false);
  });

  it("gives the same message a deep copy gives, in a new envelope and chunk", () => {
    const batch = textBatch();
    const copy = shallowTextChunk(batch);
    expect(copy).toEqual(structuredClone(batch));
    expect(copy).not.toBe(batch);
    expect(copy.chunk).not.toBe(batch.chunk);
    // The worker starts a new batch by replacing the chunk's items and styles: the copy keeps the sent ones.
    batch.chunk.items = [];
    batch.chunk.styles = {};
    expect(copy.chunk.items).toHaveLength(1);
  });

  it("delivers batches and flat messages without the deep copy, the rest deep-copied, and restores structuredClone", () => {
    const nativeClone = globalThis.structuredClone;
    patchTextChunkCopies(CopyingPort.prototype);
    patchTextChunkCopies(CopyingPort.prototype);
    const port = new CopyingPort();
    const batch = textBatch();
    const pull = { sourceName: "main", targetName: "worker", stream: 6, streamId: 7, desiredSize: 100 };
    const operators = { stream: 4, chunk: { fnArray: [1, 2], argsArray: [[0], [1]], lastChunk: false } };
    port.postMessage(batch);
    port.postMessage(pull);
    port.postMessage(operators);
    expect(globalThis.structuredClone).toBe(nativeClone);
    const [gotBatch, gotPull, gotOperators] = port.delivered as [typeof batch, typeof pull, typeof operators];
    expect(gotBatch).toEqual(batch);
    expect(gotBatch.chunk.items).toBe(batch.chunk.items);
    expect(gotPull).toEqual(pull);
    expect(gotPull).not.toBe(pull);
    expect(gotOperators).toEqual(operators);
    expect(gotOperators.chunk.fnArray).not.toBe(operators.chunk.fnArray);
  });

  it("reads a page's text through the patched port as before", async () => {
    const pdfjs = await loadPdfjs();
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const made = await PDFDocument.create();
    const page = made.addPage([300, 200]);
    const font = await made.embedFont(StandardFonts.Helvetica);
    page.drawText("Invoice total 123.45", { x: 20, y: 150, size: 12, font });
    const doc = await pdfjs.getDocument({ data: await made.save(), verbosity: 0 }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    await doc.loadingTask.destroy();
    expect(content.items.map((item) => ("str" in item ? item.str : "")).join("")).toBe("Invoice total 123.45");
  });
});
