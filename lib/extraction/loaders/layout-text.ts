import { parse, type HTMLElement, type Node } from "node-html-parser";

/**
 * Structured documents (HTML, DOCX, spreadsheets, e-mail) have no geometry. They are rendered to a monospaced
 * "layout text" in which table cells are padded into columns with at least three spaces between them, so the
 * plain-text loader produces one phrase per cell and the table extractor finds real column bands.
 */
const CELL_GAP = "   ";
const MAX_CELL = 60;

export function layoutRows(rows: string[][]): string[] {
  const clean = rows.map((r) => r.map((c) => c.replace(/\s+/g, " ").trim().slice(0, MAX_CELL)));
  const widths: number[] = [];
  for (const row of clean) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return clean
    .filter((row) => row.some((c) => c !== ""))
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join(CELL_GAP).trimEnd());
}

const BLOCK = new Set(["p", "div", "section", "article", "header", "footer", "main", "aside", "address", "blockquote", "pre", "form", "fieldset", "ul", "ol", "dl", "dt", "dd", "figure", "figcaption", "hr", "body", "html"]);
const SKIP = new Set(["script", "style", "head", "noscript", "template", "svg", "iframe", "object"]);

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === 1;
}

function inlineText(node: Node): string {
  if (!isElement(node)) return node.rawText.replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  const tag = node.rawTagName?.toLowerCase() ?? "";
  if (SKIP.has(tag)) return "";
  if (tag === "br") return "\n";
  return node.childNodes.map(inlineText).join("");
}

function tableRows(table: HTMLElement): string[][] {
  return table
    .querySelectorAll("tr")
    .filter((tr) => tr.closest("table") === table)
    .map((tr) => tr.childNodes.filter(isElement).filter((c) => ["td", "th"].includes(c.rawTagName?.toLowerCase() ?? "")).map((c) => inlineText(c).replace(/\s+/g, " ").trim()));
}

/** Converts HTML into layout text: blocks and headings on their own lines, lists as bullets, tables padded. */
export function htmlToLayoutText(html: string): string {
  const root = parse(html, { blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const out: string[] = [];
  let inline = "";
  const flush = () => {
    for (const line of inline.split("\n")) if (line.replace(/\s+/g, " ").trim() !== "") out.push(line.replace(/[ \t]+/g, " ").trim());
    inline = "";
  };
  const walk = (node: Node) => {
    if (!isElement(node)) {
      inline += inlineText(node);
      return;
    }
    const tag = node.rawTagName?.toLowerCase() ?? "";
    if (SKIP.has(tag)) return;
    if (tag === "table") {
      flush();
      out.push("", ...layoutRows(tableRows(node)), "");
      return;
    }
    if (/^h[1-6]$/.test(tag) || tag === "li" || tag === "tr" || BLOCK.has(tag)) {
      flush();
      if (tag === "li") inline += "• ";
      node.childNodes.forEach(walk);
      flush();
      if (/^h[1-6]$/.test(tag) || tag === "p") out.push("");
      return;
    }
    if (tag === "br") {
      inline += "\n";
      return;
    }
    node.childNodes.forEach(walk);
  };
  root.childNodes.forEach(walk);
  flush();
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trim();
}
