/**
 * A fillable PDF form's answers live in its form data, not its text layer: the detectors read them as if printed
 * where their widgets stand. Text and choice fields become a line with their value; a check box becomes "[X] label"
 * or "[ ] label" with the printed text right of it, so labels above, boxes and ticked options read as on paper.
 */
import { normaliseToken } from "../text-tokens";
import type { Box, FormField, PageModel, Word } from "../../types";
import { sameRow, type DocLine } from "../document-lines";

function wordsIn(text: string, box: Box): Word[] {
  const parts = text.split(/\s+/).filter((p) => p.length > 0);
  const chars = Math.max(1, parts.reduce((n, p) => n + p.length + 1, 0));
  // The value's text fills the widget from its left edge, about as wide as its letters at the widget's height.
  const width = Math.min(box.w, chars * box.h * 0.45);
  let x = box.x + box.h * 0.15;
  return parts.map((p) => {
    const w = (width * (p.length + 1)) / chars;
    const word = { text: p, box: { x, y: box.y, w: w * 0.9, h: box.h }, confidence: 1 };
    x += w;
    return word;
  });
}

/** The printed text just right of a check box on its row: the option it ticks. */
function boxLabel(field: FormField, page: number, lines: DocLine[]): DocLine | undefined {
  return lines
    .filter((l) => l.page === page && sameRow(l.box, field.box) && l.box.x >= field.box.x + field.box.w - 0.005 && l.box.x - (field.box.x + field.box.w) < 0.05)
    .sort((a, b) => a.box.x - b.box.x)[0];
}

function fieldLine(field: FormField, page: number, lines: DocLine[]): { text: string; box: Box } | null {
  if (field.kind === "checkbox") {
    const label = boxLabel(field, page, lines);
    if (!label) return null;
    const box = { x: field.box.x, y: Math.min(field.box.y, label.box.y), w: label.box.x + label.box.w - field.box.x, h: Math.max(field.box.h, label.box.h) };
    return { text: `[${field.value === true ? "X" : " "}] ${label.text}`, box };
  }
  return typeof field.value === "string" && field.value.trim() ? { text: field.value.replace(/\s+/g, " ").trim(), box: field.box } : null;
}

/** The document's lines with its filled form fields read in, in reading order and numbered again. */
export function withFormFieldLines(model: PageModel, lines: DocLine[]): DocLine[] {
  const added: Array<Omit<DocLine, "index">> = [];
  for (const page of model.pages) {
    for (const field of page.formFields ?? []) {
      const line = fieldLine(field, page.number, lines);
      if (!line) continue;
      const words = wordsIn(line.text, line.box);
      added.push({ page: page.number, text: line.text, box: line.box, words, tokens: words.map((w) => normaliseToken(w.text)) });
    }
  }
  if (added.length === 0) return lines;
  return [...lines, ...added]
    .sort((a, b) => a.page - b.page || a.box.y - b.box.y || a.box.x - b.box.x)
    .map((line, index) => ({ ...line, index }));
}
