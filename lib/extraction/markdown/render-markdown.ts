import { pageLines } from "../layout/build-page";
import type { Line, Page, PageModel } from "../types";

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** Rows of phrases: phrases sharing a baseline band. */
function rows(page: Page): Line[][] {
  const out: Line[][] = [];
  for (const line of pageLines(page)) {
    const row = out[out.length - 1];
    const first = row?.[0];
    if (row && first && Math.abs(first.box.y + first.box.h / 2 - (line.box.y + line.box.h / 2)) < Math.min(first.box.h, line.box.h) * 0.6) row.push(line);
    else out.push([line]);
  }
  return out;
}

/**
 * Markdown from layout: a run of ≥ 3 consecutive rows with ≥ 3 phrases each becomes a GFM table, larger text a
 * heading, bullet-led lines list items, everything else paragraphs.
 */
export function renderMarkdown(model: PageModel): string {
  const parts: string[] = [];
  for (const page of model.pages) {
    const pageRows = rows(page);
    const heights = pageRows.flat().map((l) => l.box.h).sort((a, b) => a - b);
    const median = heights[Math.floor(heights.length / 2)] ?? 0;
    let i = 0;
    while (i < pageRows.length) {
      const row = pageRows[i]!;
      let j = i;
      while (j < pageRows.length && (pageRows[j]?.length ?? 0) >= 3) j += 1;
      if (j - i >= 3) {
        const tableRows = pageRows.slice(i, j);
        const width = Math.max(...tableRows.map((r) => r.length));
        const toRow = (r: Line[]) => `| ${Array.from({ length: width }, (_, k) => escapeCell(r[k]?.text ?? "")).join(" | ")} |`;
        parts.push([toRow(tableRows[0]!), `|${" --- |".repeat(width)}`, ...tableRows.slice(1).map(toRow)].join("\n"));
        i = j;
        continue;
      }
      const text = row.map((l) => l.text).join(" ");
      const h = Math.max(...row.map((l) => l.box.h));
      if (/^[•·▪\-*–]\s+/.test(text)) {
        const item = `- ${text.replace(/^[•·▪\-*–]\s+/, "")}`;
        const last = parts[parts.length - 1];
        // Consecutive items form one list.
        if (last !== undefined && last.startsWith("- ")) parts[parts.length - 1] = `${last}\n${item}`;
        else parts.push(item);
      }
      else if (median > 0 && h > median * 1.5 && text.length < 80) parts.push(`## ${text}`);
      else parts.push(text);
      i += 1;
    }
    parts.push("");
  }
  return parts.join("\n\n").replace(/\n{3,}/g, "\n\n").trim() + "\n";
}
