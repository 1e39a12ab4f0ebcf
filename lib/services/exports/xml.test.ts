import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { collect, DOCUMENTS, pagesOf, plan, TRICKY_TEXT } from "./test-fixtures";
import { writeXml } from "./xml";

/** A strict, non-validating parser: it throws on anything not well-formed, and hands back decoded text. */
type Element = { name: string; attributes: Record<string, string>; children: Element[]; text: string };

function parse(xml: string): Element {
  const parser = new SaxesParser();
  const root: Element = { name: "#document", attributes: {}, children: [], text: "" };
  const stack = [root];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const element: Element = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: "" };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on("text", (text) => void (stack.at(-1)!.text += text));
  parser.on("closetag", () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

const child = (element: Element, name: string) => element.children.find((candidate) => candidate.name === name)!;
const fieldNamed = (data: Element, name: string) => data.children.find((candidate) => candidate.attributes.name === name)!;

describe("XML export", () => {
  it("is well-formed, with any field name as an attribute and every value round-tripping", async () => {
    const xml = await collect(writeXml(plan(), pagesOf(DOCUMENTS)));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const root = parse(xml);
    expect(root.name).toBe("export");
    expect(root.attributes.parserName).toBe("Invoices & <Receipts>");
    expect(child(root, "fields").children.map((field) => field.attributes.name)).toEqual(expect.arrayContaining(["=cmd|' /C calc'!A0", 'a "quoted"\tname & <more>']));
    const documents = root.children.filter((element) => element.name === "document");
    expect(documents).toHaveLength(3);

    const [first, failed, tricky] = documents as [Element, Element, Element];
    expect(child(first, "name").text).toBe('invoice, "one".pdf');
    expect(child(first, "folder").text).toBe("Suppliers / 2025");
    const data = child(first, "data");
    expect(data.children.map((field) => field.attributes.name)).toEqual(["Invoice number", "Total", "Invoice date", "Paid", "Note", "=cmd|' /C calc'!A0", 'a "quoted"\tname & <more>', "Items"]);
    expect(fieldNamed(data, "Total")).toMatchObject({ text: "-12.5", attributes: { type: "currency" } });
    expect(fieldNamed(data, "Note").text).toBe('=HYPERLINK("http://evil.test","click")');
    const items = fieldNamed(data, "Items");
    expect(items.children.map((row) => row.attributes.index)).toEqual(["1", "2"]);
    expect(fieldNamed(items.children[0]!, "SKU").text).toBe("@SUM(A1)");
    expect(fieldNamed(items.children[1]!, "Due").attributes.null).toBe("true");

    expect(failed.attributes.status).toBe("failed");
    expect(child(failed, "error").text).toBe("Could not read the file");
    expect(fieldNamed(child(failed, "data"), "Total").attributes.null).toBe("true");

    // `&amp;` and `&lt;` in a value are text, not entities; a control character XML cannot carry becomes U+FFFD.
    const expected = TRICKY_TEXT.replace("\u0001", "\uFFFD");
    expect(child(tricky, "name").text).toBe(expected);
    expect(fieldNamed(child(tricky, "data"), "Note").text).toBe(expected);
    expect(fieldNamed(child(tricky, "data"), "Items").attributes.null).toBe("true");
  });

  it("puts confidence, page and box on each value with includeSources", async () => {
    const root = parse(await collect(writeXml(plan(true), pagesOf(DOCUMENTS))));
    const data = child(root.children.find((element) => element.name === "document")!, "data");
    expect(fieldNamed(data, "Invoice number").attributes).toMatchObject({ confidence: "0.97", page: "1", x: "0.1", y: "0.2", w: "0.3", h: "0.05" });
    expect(fieldNamed(data, "Total").attributes).toMatchObject({ confidence: "1", corrected: "true" });
    expect(fieldNamed(data, "Total").attributes.page).toBeUndefined();
    const firstRow = fieldNamed(data, "Items").children[0]!;
    expect(fieldNamed(firstRow, "SKU").attributes).toMatchObject({ confidence: "0.9", page: "2" });
  });

  it("writes a valid, empty export when nothing is selected", async () => {
    const root = parse(await collect(writeXml(plan(), pagesOf([]))));
    expect(root.name).toBe("export");
    expect(root.children.map((element) => element.name)).toEqual(["fields"]);
  });
});
