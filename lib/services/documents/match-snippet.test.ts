import { describe, expect, it } from "vitest";
import { splitByRanges } from "@/lib/contracts/list-values";
import { matchSnippet } from "./match-snippet";

const doc = (data: Record<string, unknown>, name = "scan-0042.pdf", externalId: string | null = null) => ({ name, externalId, data });

describe("match snippets", () => {
  it("prefers the name, then the external id, then values in field order", () => {
    expect(matchSnippet(doc({ vendor: "Acme" }, "acme-invoice.pdf"), "ACME")).toEqual({ where: "name", text: "acme-invoice.pdf", ranges: [[0, 4]] });
    expect(matchSnippet(doc({ vendor: "Acme" }, "x.pdf", "ACME-7"), "acme")?.where).toBe("externalId");
    expect(matchSnippet(doc({ invoiceNumber: "INV-9", vendor: "Global Wholesaler Ltd" }), "wholesaler")).toEqual({
      where: "vendor",
      text: "Global Wholesaler Ltd",
      ranges: [[7, 17]],
    });
  });

  it("finds table cells and numbers, and cuts long text around the match", () => {
    expect(matchSnippet(doc({ items: [{ sku: "A-1", description: "Blue widget" }] }), "widget")?.where).toBe("items.description");
    expect(matchSnippet(doc({ total: 1234.5 }), "234")).toEqual({ where: "total", text: "1234.5", ranges: [[1, 4]] });
    const long = `${"a".repeat(100)} needle ${"b".repeat(100)}`;
    const snippet = matchSnippet(doc({ notes: long }), "needle")!;
    expect(snippet.text.startsWith("…")).toBe(true);
    expect(snippet.text.endsWith("…")).toBe(true);
    const [[start, end]] = snippet.ranges as [[number, number]];
    expect(snippet.text.slice(start, end)).toBe("needle");
  });

  it("keeps markup as text: the parts are plain strings, the match marked by offsets", () => {
    const snippet = matchSnippet(doc({ vendor: '<img src=x onerror="alert(1)"> Acme' }), "acme")!;
    expect(splitByRanges(snippet.text, snippet.ranges)).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', marked: false },
      { text: "Acme", marked: true },
    ]);
  });

  it("is null when nothing shown matches", () => {
    expect(matchSnippet(doc({ vendor: "Acme" }), "zzz")).toBeNull();
    expect(matchSnippet(doc({}), "  ")).toBeNull();
  });
});
