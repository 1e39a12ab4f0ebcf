import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assemblePdf, deflatedZeros, encryptedPdf, flateBombPdf, onePagePdf, tenThousandPagePdf } from "@/tests/support/hostile-files";
import { loadDocument } from "../load-document";
import { checkPdfStreams, MAX_PDF_STREAM_INFLATED_BYTES } from "./pdf-guard";

describe("checkPdfStreams", () => {
  it("lets an ordinary PDF through", async () => {
    await expect(checkPdfStreams(await onePagePdf())).resolves.toEqual({ images: [] });
  });

  it("refuses a FlateDecode stream that inflates to gigabytes, in seconds", async () => {
    const started = performance.now();
    await expect(checkPdfStreams(flateBombPdf(2 * 1024 ** 3))).rejects.toThrow("The PDF contains a compressed stream that inflates beyond the size limit (a decompression bomb)");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("lets a stream through that inflates to just under the limit", async () => {
    const body = deflatedZeros(MAX_PDF_STREAM_INFLATED_BYTES - 1024);
    const pdf = assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${body.length} >>\nstream\n`), body, Buffer.from("\nendstream")])], "/Root 1 0 R");
    await expect(checkPdfStreams(pdf)).resolves.toEqual({ images: [] });
  }, 30_000);

  describe("inflating only what could break a limit", () => {
    afterEach(() => vi.restoreAllMocks());
    const flateStream = (data: Buffer) => Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]);

    it("inflates no stream of an ordinary PDF: deflate expands at most 1032×, far below both limits", async () => {
      const inflate = vi.spyOn(zlib, "inflateSync");
      await checkPdfStreams(assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", flateStream(zlib.deflateSync(Buffer.alloc(64 * 1024)))], "/Root 1 0 R"));
      expect(inflate).not.toHaveBeenCalled();
    });

    it("inflates every stream once their compressed sizes could add up past the per-file limit", async () => {
      const inflate = vi.spyOn(zlib, "inflateSync");
      // Incompressible data: 3 × 0.75 MB compressed could in theory inflate to 2.3 GB, though it holds 2.25 MB.
      const bodies = [0, 1, 2].map(() => flateStream(zlib.deflateSync(randomBytes(768 * 1024), { level: 0 })));
      await expect(checkPdfStreams(assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", ...bodies], "/Root 1 0 R"))).resolves.toEqual({ images: [] });
      expect(inflate).toHaveBeenCalledTimes(3);
    });

    it("inflates the largest streams first, and only until the rest cannot add up past the per-file limit", async () => {
      const inflate = vi.spyOn(zlib, "inflateSync");
      // Twelve streams, each too short to break the per-stream limit; their bounds add up to ~2.5 GB, two real
      // sizes instead of two bounds bring that under 2 GiB. The one larger stream goes first.
      const sizes = [200, 200, 200, 200, 200, 250, 200, 200, 200, 200, 200, 200].map((kb) => kb * 1024);
      const compressed = sizes.map((size) => zlib.deflateSync(randomBytes(size), { level: 0 }));
      inflate.mockClear();
      await expect(checkPdfStreams(assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", ...compressed.map(flateStream)], "/Root 1 0 R"))).resolves.toEqual({ images: [] });
      expect(inflate).toHaveBeenCalledTimes(2);
      // The span the scan takes runs to "endstream" and so holds the end-of-line before it.
      expect((inflate.mock.calls[0]![0] as Buffer).length).toBe(compressed[5]!.length + 1);
    });
  });

  it("lists the declared size of each image XObject", async () => {
    const pdf = assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /XObject /Subtype /Image /Width 912 /Height 179 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\0\nendstream"], "/Root 1 0 R");
    await expect(checkPdfStreams(pdf)).resolves.toEqual({ images: [{ width: 912, height: 179 }] });
  });

  it("refuses an image XObject that declares more pixels than any image Quarry reads", async () => {
    const pdf = assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /XObject /Subtype /Image /Width 20000 /Height 20000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\0\nendstream"], "/Root 1 0 R");
    await expect(checkPdfStreams(pdf)).rejects.toThrow("The PDF contains an image too large to read (20000 × 20000 px)");
  });
});

describe("loadDocument on hostile PDFs", () => {
  it("names a password-protected PDF as such", async () => {
    await expect(loadDocument(encryptedPdf(), "application/pdf", { mode: "fast" })).rejects.toThrow("The PDF is password-protected; upload a copy without a password");
  });

  it("refuses more pages than the limit before reading any, but reads a selection of them", async () => {
    const pdf = await tenThousandPagePdf(2_001);
    await expect(loadDocument(pdf, "application/pdf", { mode: "fast" })).rejects.toThrow("The PDF has 2,001 pages; Quarry reads at most 2,000 pages of a document");
    const selected = await loadDocument(pdf, "application/pdf", { mode: "fast", parsePages: "1-2" });
    expect(selected.pages.map((page) => page.number)).toEqual([1, 2]);
  }, 60_000);
});
