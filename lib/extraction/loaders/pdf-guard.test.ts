import { describe, expect, it } from "vitest";
import { assemblePdf, deflatedZeros, encryptedPdf, flateBombPdf, onePagePdf, tenThousandPagePdf } from "@/tests/support/hostile-files";
import { loadDocument } from "./load-document";
import { checkPdfStreams, MAX_PDF_STREAM_INFLATED_BYTES } from "./pdf-guard";

describe("checkPdfStreams", () => {
  it("lets an ordinary PDF through", async () => {
    await expect(checkPdfStreams(await onePagePdf())).resolves.toBeUndefined();
  });

  it("refuses a FlateDecode stream that inflates to gigabytes, in seconds", async () => {
    const started = performance.now();
    await expect(checkPdfStreams(flateBombPdf(2 * 1024 ** 3))).rejects.toThrow("The PDF contains a compressed stream that inflates beyond the size limit (a decompression bomb)");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("lets a stream through that inflates to just under the limit", async () => {
    const body = deflatedZeros(MAX_PDF_STREAM_INFLATED_BYTES - 1024);
    const pdf = assemblePdf(["<< /Type /Catalog /Pages 2 0 R >>", Buffer.concat([Buffer.from(`<< /Filter /FlateDecode /Length ${body.length} >>\nstream\n`), body, Buffer.from("\nendstream")])], "/Root 1 0 R");
    await expect(checkPdfStreams(pdf)).resolves.toBeUndefined();
  }, 30_000);

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
