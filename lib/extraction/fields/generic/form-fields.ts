/**
 * Form-style answers for any field: filled AcroForm fields (matched to the parser's field by the form field's
 * name, tooltip or printed label) and check boxes printed as glyphs ("☑ Yes", "[x] Smoker"), for boolean fields and
 * for the options of select fields.
 */
import { parseDate, type DateOrder } from "../../../normalise/dates";
import { parseAmount } from "../../../normalise/amounts";
import type { FieldDefinition, FormField, PageModel, SourceBox } from "../../types";
import type { DocLine } from "../document-lines";
import { sameRow } from "../document-lines";
import { stem } from "./field-intent";
import type { GenericValue } from "./generic-fields";

/** Share of words two labels must have in common (Dice coefficient over stems) to be the same question. */
const MIN_LABEL_MATCH = 0.6;

/**
 * A label's words, stemmed: accents folded ("Présences" is "presences", not "pr" and "sences"), and a run of
 * Chinese or Japanese characters kept as one word ("采样时间"), so labels in those scripts match too.
 */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => stem(w) || w.toLowerCase())
    .filter((w) => (w.length > 1 || /\p{Script=Han}/u.test(w)) && !/^\d+$/.test(w));
}

/** Dice coefficient of two word sets: 1 when they name the same words, whatever the order or inflection. */
export function labelMatch(a: string, b: string): number {
  const x = new Set(words(a));
  const y = new Set(words(b));
  if (x.size === 0 || y.size === 0) return 0;
  const common = [...x].filter((w) => y.has(w)).length;
  return (2 * common) / (x.size + y.size);
}

function fieldNames(field: FieldDefinition): string[] {
  const name = field.name.replace(/[_\-.]+/g, " ");
  return field.description ? [name, field.description] : [name];
}

/** The printed text a form field answers: the line ending just left of it on its row, else the line right above. */
function printedLabel(formField: FormField, page: number, lines: DocLine[]): string | undefined {
  const onPage = lines.filter((l) => l.page === page);
  const left = onPage
    .filter((l) => sameRow(l.box, formField.box) && l.box.x + l.box.w <= formField.box.x + 0.01)
    .sort((a, b) => b.box.x + b.box.w - (a.box.x + a.box.w))[0];
  if (left) return left.text;
  const above = onPage
    .filter((l) => l.box.y + l.box.h <= formField.box.y + 0.002 && formField.box.y - (l.box.y + l.box.h) < 0.03)
    .filter((l) => l.box.x < formField.box.x + formField.box.w && formField.box.x < l.box.x + l.box.w)
    .sort((a, b) => b.box.y - a.box.y)[0];
  return above?.text;
}

function converted(field: FieldDefinition, formField: FormField, order: DateOrder): string | number | boolean | null {
  const { value } = formField;
  if (field.type === "boolean") {
    if (typeof value === "boolean") return value;
    if (/^(?:yes|y|true|x|on|1|ja|oui)$/i.test(value.trim())) return true;
    if (/^(?:no|n|false|off|0|nein|non)$/i.test(value.trim())) return false;
    return null;
  }
  if (typeof value === "boolean") return null;
  if (field.type === "date") return parseDate(value, order);
  if (field.type === "number" || field.type === "currency") return parseAmount(value);
  if (field.type === "select") {
    const options = field.options ?? [];
    return options.find((o) => o.toLowerCase() === value.trim().toLowerCase()) ?? null;
  }
  // Text is the answer exactly as filled in.
  return value;
}

/** The filled form field that answers this parser field best, converted to its type; null if none matches. */
export function acroFormValue(field: FieldDefinition, model: PageModel, lines: DocLine[], order: DateOrder): GenericValue | null {
  let best: { formField: FormField; page: number; match: number } | null = null;
  for (const page of model.pages) {
    for (const formField of page.formFields ?? []) {
      const labels = [formField.name, formField.name.split(".").pop() ?? "", formField.label ?? "", printedLabel(formField, page.number, lines) ?? ""];
      const match = Math.max(...fieldNames(field).flatMap((name) => labels.map((label) => labelMatch(name, label))));
      if (match >= MIN_LABEL_MATCH && (!best || match > best.match)) best = { formField, page: page.number, match };
    }
  }
  if (!best) return null;
  const value = converted(field, best.formField, order);
  if (value === null) return null;
  const source: SourceBox = { page: best.page, ...best.formField.box };
  const match = Math.round(best.match * 100) / 100;
  return { value, source, raw: String(best.formField.value), confidence: 0.9 + 0.1 * match, evidence: { strategy: "acroform", match } };
}

const TICKED = /[☑☒✓✔✗✘■]|\[\s*[xX✓✔]\s*\]|\(\s*[xX]\s*\)/u;
const UNTICKED = /[☐□]|\[\s*\]|\(\s*\)/u;
const BOX = new RegExp(`${TICKED.source}|${UNTICKED.source}`, "gu");

/** A box glyph and its label; "☑ Yes ☐ No" after a question label the question, and the answer is in `answer`. */
type Tick = { ticked: boolean; label: string; line: DocLine; answer?: boolean };
const YES = /^(?:yes|ja|oui|si|true)$/i;
const NO = /^(?:no|nein|non|false)$/i;

/** Each box glyph on a line with the words right after it (up to the next box): "☑ Yes ☐ No" → two ticks. */
function ticksOf(line: DocLine): Tick[] {
  const out: Tick[] = [];
  const marks = [...line.text.matchAll(BOX)];
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.index ?? line.text.length;
    const after = line.text.slice(m.index + m[0].length, end).trim();
    const question = line.text.slice(0, marks[0]!.index).trim();
    const ticked = TICKED.test(m[0]);
    if ((YES.test(after) || NO.test(after)) && question) out.push({ ticked, label: question, line, answer: YES.test(after) });
    else out.push({ ticked, label: after || line.text.slice(0, m.index).trim(), line });
  });
  return out;
}

/** A boolean field answered by a printed check box whose label is the field's, or a select field by its ticked option. */
export function checkboxValue(field: FieldDefinition, lines: DocLine[]): GenericValue | null {
  const ticks = lines.flatMap(ticksOf);
  if (ticks.length === 0) return null;
  const evidence = (match: number) => ({ strategy: "checkbox" as const, match: Math.round(match * 100) / 100 });
  const source = (t: Tick): SourceBox => ({ page: t.line.page, ...t.line.box });
  if (field.type === "boolean") {
    let best: { tick: Tick; match: number } | null = null;
    // A yes/no pair answers with its ticked box; an unticked "Yes" says nothing by itself.
    for (const tick of ticks.filter((t) => t.answer === undefined || t.ticked)) {
      const match = Math.max(...fieldNames(field).map((name) => labelMatch(name, tick.label)));
      if (match >= MIN_LABEL_MATCH && (!best || match > best.match)) best = { tick, match };
    }
    return best ? { value: best.tick.answer ?? best.tick.ticked, source: source(best.tick), raw: best.tick.line.text, confidence: 0.8, evidence: evidence(best.match) } : null;
  }
  if (field.type === "select") {
    // An option printed exactly as the ticked label wins over ones that only share its words ("C corporation" is
    // not "S corporation", though one-letter words do not count in the match).
    const optionsOf = (tick: Tick) => {
      const exact = (field.options ?? []).filter((o) => tick.label.toLowerCase() === o.toLowerCase());
      return exact.length > 0 ? exact : (field.options ?? []).filter((o) => labelMatch(o, tick.label) >= 0.99);
    };
    const chosen = ticks.filter((t) => t.ticked).flatMap((tick) => optionsOf(tick).map((option) => ({ tick, option })));
    // Two ticked options of one select field: the form does not single one out.
    const [only, other] = chosen;
    if (!only || (other && other.option !== only.option)) return null;
    return { value: only.option, source: source(only.tick), raw: only.tick.line.text, confidence: 0.8, evidence: evidence(1) };
  }
  return null;
}

/** Whether the document prints the select field's options beside check boxes: then only a ticked box answers it. */
export function hasOptionBoxes(field: FieldDefinition, lines: DocLine[]): boolean {
  const options = (field.options ?? []).map((o) => o.toLowerCase());
  return lines.flatMap(ticksOf).some((tick) => options.includes(tick.label.toLowerCase()));
}

/** The labels of the ticked boxes of the given lines ("[X] Married filing jointly" → "Married filing jointly"). */
export function tickedLabels(lines: DocLine[]): Array<{ label: string; line: DocLine }> {
  return lines.flatMap(ticksOf).filter((t) => t.ticked && t.answer === undefined && t.label.length > 0).map((t) => ({ label: t.label, line: t.line }));
}
