import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// pdf.js and its worker need a browser: a stand-in that counts documents opened and destroyed.
const opened: string[] = [];
const destroyed: string[] = [];
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
      const page = { rotate: 0, getViewport: () => ({ width: 595, height: 842 }) };
      return { promise: Promise.resolve({ name, getPage: async () => page }), destroy: async () => void destroyed.push(name) };
    },
  },
}));
vi.mock("../file-cache", () => ({ fetchDocumentFile: async (documentId: string) => new TextEncoder().encode(documentId).buffer }));
vi.mock("./worker-port", () => ({ pdfWorkerPort: () => null, pdfWorkerUrl: () => new URL("https://example.test/pdf.worker.mjs") }));

const { holdPdf, openPdf, openedPdf } = await import("./open-pdf");

/** Lets pending promises and the release's zero-delay timer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("openPdf", () => {
  beforeEach(() => {
    opened.length = 0;
    destroyed.length = 0;
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
    expect(destroyed).toEqual(["doc-a"]);
    expect(openedPdf("doc-a")).toBeNull();
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
    expect(destroyed).toEqual(["doc-b"]);
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
});
