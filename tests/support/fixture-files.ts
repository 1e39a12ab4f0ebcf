import http from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A PDF with one page of text lines, as an invoice would print them. */
export async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font }));
  return pdf.save();
}

export const FIXTURE_INVOICE = ["Globex Corporation", "Invoice Number: INV-URL-7", "Invoice Date: 2024-05-02", "Total: 99.50 EUR"];

/**
 * A loopback file server for URL import tests; the app server is told to allow exactly its address
 * (SAFE_FETCH_ALLOW), as DESIGN §1.1 intends for tests.
 */
export async function startFixtureServer(): Promise<{ baseUrl: string; hostPort: string; close: () => Promise<void> }> {
  const invoice = await textPdf(FIXTURE_INVOICE);
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (path === "/invoice.pdf") {
      response.writeHead(200, { "content-type": "application/pdf", "content-length": invoice.byteLength });
      response.end(Buffer.from(invoice));
    } else if (path === "/download") {
      response.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="from-header.pdf"' });
      response.end(Buffer.from(invoice));
    } else if (path === "/to-metadata") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
