import { describe, expect, it } from "vitest";
import { textPdf } from "../support/fixture-files";
import { baseUrl, call, unique } from "../support/http";
import { keysPerTest, makeParser } from "../support/parsers";

/**
 * GET /parsers/{parserId}/documents/{documentId}/words (issue 23): the words the engine read, with their boxes,
 * which the review workspace picks from on images and scanned pages.
 */
const { acme, globex } = keysPerTest();

type Words = { pages: Array<{ page: number; words: Array<{ text: string; x: number; y: number; w: number; h: number; line: number; block: number }> }> };

async function upload(parserId: string, lines: string[]): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(lines))], { type: "application/pdf" }), `${unique("words").replace(/\W+/g, "-")}.pdf`);
  const response = await fetch(`${baseUrl()}/api/v1/process/${parserId}/files`, { method: "POST", headers: { authorization: `Bearer ${acme()}` }, body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { documentId: string }[] }).result[0]!.documentId;
}

describe("a document's words", () => {
  it("lists each page's words with page-relative boxes and their line, once the document is read", async () => {
    const parser = await makeParser(acme(), { fields: [{ name: "vendor", type: "text" }] });
    const documentId = await upload(parser.id, ["Global Wholesaler Ltd", "Invoice Number: INV-7"]);
    const path = `/api/v1/parsers/${parser.id}/documents/${documentId}/words`;
    await expect
      .poll(async () => (await call<{ status: string }>(`/api/v1/parsers/${parser.id}/documents/${documentId}`, { key: acme() })).body.status, { timeout: 90_000, interval: 300 })
      .toMatch(/^(processed|in_review)$/);
    const response = await call<Words>(path, { key: acme() });
    expect(response.status).toBe(200);
    const words = response.body.pages[0]!.words;
    expect(response.body.pages[0]!.page).toBe(1);
    expect(words.map((word) => word.text)).toEqual(expect.arrayContaining(["Global", "Wholesaler", "Ltd", "INV-7"]));
    const global = words.find((word) => word.text === "Global")!;
    const wholesaler = words.find((word) => word.text === "Wholesaler")!;
    const invoice = words.find((word) => word.text === "INV-7")!;
    // One line, left to right; the invoice number on a line below; every box inside the page.
    expect(wholesaler.line).toBe(global.line);
    expect(wholesaler.x).toBeGreaterThan(global.x);
    expect(invoice.line).not.toBe(global.line);
    expect(invoice.y).toBeGreaterThan(global.y);
    for (const word of words) {
      expect(word.x + word.w).toBeLessThanOrEqual(1.0001);
      expect(word.y + word.h).toBeLessThanOrEqual(1.0001);
      expect(word.w).toBeGreaterThan(0);
    }
    // Another team sees no such document.
    const other = await call<{ error: boolean }>(path, { key: globex() });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(true);
  });
});
