import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// pdf.js and its worker need a browser: a stand-in that counts documents opened and destroyed.
const opened: string[] = [];
const destroyed: string[] = [];
const prepared: string[] = [];
vi.mock("react-pdf", () => ({
  pdfjs: {
    GlobalWorkerOptions: {},
    PDFWorker: class {
      static create() {
        return {};
      }
    },
    getDocument: ({ data }: { data: Uint8Array }) => {
      const name = new TextDecoder().decode(data);
      opened.push(name);
      const page = { rotate: 0, getViewport: () => ({ width: 595, height: 842 }), getOperatorList: async () => void prepared.push(name) };
      return { promise: Promise.resolve({ name, getPage: async () => page }), destroy: async () => void destroyed.push(name) };
    },
  },
}));
vi.mock("../file-cache", () => ({ fetchDocumentFile: async (documentId: string) => new TextEncoder().encode(documentId).buffer }));
vi.mock("./worker-port", () => ({ pdfWorkerPort: () => null, pdfWorkerUrl: () => new URL("https://example.test/pdf.worker.mjs") }));

// A fresh module (and so no documents open) for each test.
let { holdPdf, openPdf, openedPdf, preparePdf } = await import("./open-pdf");

/** Lets pending promises and the release's zero-delay timer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("openPdf", () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ holdPdf, openPdf, openedPdf, preparePdf } = await import("./open-pdf"));
    opened.length = 0;
    destroyed.length = 0;
    prepared.length = 0;
  });
  afterEach(settle);

  it("opens a document once, with page 1's size, and hands the same one to its viewer", async () => {
    const first = await openPdf("doc-a", "/files/a");
    const held = holdPdf("doc-a", "/files/a");
    expect(await held.opened).toBe(first);
    expect(first.firstPage).toEqual({ width: 595, height: 842, rotate: 0 });
    expect(openedPdf("doc-a")).toBe(first);
    expect(opened).toEqual(["doc-a"]);
    held.release();
    await settle();
    // Released, it stays open: going back to it needs no new opening.
    expect(destroyed).toEqual([]);
    expect(openedPdf("doc-a")).toBe(first);
    expect(await holdPdf("doc-a", "/files/a").opened).toBe(first);
    expect(opened).toEqual(["doc-a"]);
  });

  it("keeps a document held again before the release takes effect (React's development double effects)", async () => {
    const held = holdPdf("doc-b", "/files/b");
    await held.opened;
    held.release();
    const again = holdPdf("doc-b", "/files/b");
    await settle();
    expect(destroyed).toEqual([]);
    again.release();
    await settle();
    expect(openedPdf("doc-b")).not.toBeNull();
  });

  it("closes documents opened ahead that no viewer took, oldest first, beyond two", async () => {
    const results = await Promise.allSettled(["doc-c", "doc-d", "doc-e"].map((id) => openPdf(id, `/files/${id}`)));
    await settle();
    // Closed while its file was still on its way: pdf.js never opened it.
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(opened).toEqual(["doc-d", "doc-e"]);
    expect(openedPdf("doc-c")).toBeNull();
    expect(openedPdf("doc-e")).not.toBeNull();
  });

  it("closes the document a viewer released after the one opened ahead, when more than two are shown by no viewer", async () => {
    const shown = holdPdf("doc-f", "/files/f");
    await shown.opened;
    await preparePdf("doc-g", "/files/g");
    const next = holdPdf("doc-g", "/files/g");
    shown.release();
    await settle();
    await openPdf("doc-h", "/files/h");
    await settle();
    expect(destroyed).toEqual([]);
    next.release();
    await settle();
    // Shown by no viewer now: f (released first), h (opened ahead), g (released last). f is closed, the other two kept.
    expect(destroyed).toEqual(["doc-f"]);
    expect(openedPdf("doc-g")).not.toBeNull();
    expect(openedPdf("doc-h")).not.toBeNull();
  });

  it("prepares page 1 of a document opened ahead", async () => {
    await preparePdf("doc-i", "/files/i");
    expect(prepared).toEqual(["doc-i"]);
  });
});
