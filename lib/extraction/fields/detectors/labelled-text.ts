/**
 * Free text after a label, for a text field no typed detector reads ("Case tracking number", "Sample type (样本类型)",
 * "job_title" on a Spanish posting): labels whose words are all the field's own, in any language label-words.ts knows.
 */
import type { FieldDefinition } from "../../types";
import type { DocLine } from "../document-lines";
import type { GenericValue } from "../generic/generic-fields";
import { findAnchors, valueRegions, type Anchor } from "./anchors";
import { chooseDetector } from "./choose";
import { CONFIDENCE, decide, GENERIC_HEADS, labelOf, result, round, STRICT_FACTOR, wrapsOnto, type Scored } from "./detect-shared";
import { labelSegments } from "./label-segments";
import { labelWordSet } from "./label-words";

const HAN = /\p{Script=Han}/u;
/**
 * Labels of a text field: lines or a line's label-value pairs whose label words are all the field's own words
 * (in any of the languages label-words.ts knows), naming what the field's name asks for ("Age:" for child_age,
 * "Puesto de trabajo:" for a job title "of the position offered"), or loosely matched labels that print its head word.
 */
function textAnchors(field: FieldDefinition, lines: DocLine[]): Anchor[] {
  const name = field.name.replace(/[_\-.]+/g, " ");
  const own = new Set(labelWordSet(`${name} ${field.description ?? ""}`));
  const head = labelWordSet(name).at(-1);
  if (!head) return [];
  const out: Anchor[] = [];
  for (const line of lines) {
    for (const { label, rest } of labelSegments(line.text)) {
      if (label.split(/\s+/).length > 6) continue;
      const words = [...new Set(labelWordSet(label))];
      if (words.length === 0 || !words.every((w) => own.has(w))) continue;
      // A label in Chinese or Japanese is the field's only when the definition prints it ("Sample type (样本类型)").
      const named = words.some((w) => HAN.test(w)) || (words.includes(head) ? words.length > 1 || !GENERIC_HEADS.has(head) : words.length >= 2);
      if (named) out.push({ line, match: 0.9, rest });
    }
  }
  for (const anchor of findAnchors(field, lines)) {
    if (anchor.match < TEXT_LABEL_MATCH || !labelWordSet(labelOf(anchor)).includes(head)) continue;
    if (!out.some((o) => o.line === anchor.line && o.rest === anchor.rest)) out.push(anchor);
  }
  return out.sort((a, b) => b.match - a.match);
}

/** Last words of a field's name that ask for an identifier. */
const ID_HEADS = new Set(labelWordSet("number id code reference ref"));
const IDENTIFIER = /(?<![\p{L}\d])(?=[\p{L}\d./-]*\d)[\p{L}\d][\p{L}\d./-]{2,}(?![\p{L}\d])/u;

/**
 * "SOLICITATION NO. 36C10B23Q0225", "Policy Number ABC-12345": an identifier printed on its label's line without a
 * colon, for a field asking for a number, id or code, when everything before it is the label's words.
 */
function inlineIdentifier(field: FieldDefinition, text: string): string | null {
  const head = labelWordSet(field.name.replace(/[_\-.]+/g, " ")).at(-1);
  if (!head || !ID_HEADS.has(head)) return null;
  const m = IDENTIFIER.exec(text);
  if (!m) return null;
  const own = new Set(labelWordSet(`${field.name.replace(/[_\-.]+/g, " ")} ${field.description ?? ""}`));
  const before = labelWordSet(text.slice(0, m.index));
  const value = m[0].replace(/[./-]+$/, "");
  return before.length > 0 && before.every((w) => own.has(w)) && text.slice(m.index + m[0].length).trim() === "" ? value : null;
}

/** "1 Vorname", "11 Postleitzahl", "Box 3 Name": a label printed after its box's number. */
const NUMBERED_BOX = /^\s*(?:box\s+)?\d{1,2}[a-z]?\s+\p{L}/iu;

/** The first line under a numbered box's label, starting where the label starts, that is no box label itself. */
function boxAnswer(anchor: Anchor, region: { lines: DocLine[]; factor: number }): boolean {
  const first = region.lines[0];
  if (!first || region.lines.length === 0 || first.index === anchor.line.index || first.box.y <= anchor.line.box.y) return false;
  return Math.abs(first.box.x - anchor.line.box.x) < 0.01 && !NUMBERED_BOX.test(first.text) && !/[:：]\s*$/.test(first.text);
}

/** A label that reads well enough to take free text after it: most of the label's words are the field's. */
const TEXT_LABEL_MATCH = 0.8;
const MAX_TEXT_WORDS = 12;

/** Free text after a label: a few words, not itself a label ("Agency:") nor another field's label, with a letter or digit. */
function labelledText(text: string, otherLabels: ReadonlySet<string>): string | null {
  const value = text.split("\n")[0]!.trim().replace(/^[-–—:：]\s*/, "");
  if (value.length < 1 || value.length > 80 || !/[\p{L}\p{N}]/u.test(value)) return null;
  // Ending in a colon it is a label; holding one, a value run into the next label ("… Gender: Female").
  if (/[:：]/.test(value) || value.split(/\s+/).length > MAX_TEXT_WORDS) return null;
  // A line of underscores or dots is a blank to fill in; "____Philip Acorn____" is typed on one.
  const typed = value.replace(/^[_.\s]{3,}|[_.\s]{3,}$/g, "").trim();
  if (!typed || /^[_.\s]+$/.test(typed)) return null;
  if (otherLabels.has(typed.toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, " ").trim())) return null;
  return typed;
}

/**
 * A text field no typed detector reads ("Case tracking number", "Sample type (样本类型)"): the text after its label's
 * colon up to the next label on the line, or the text right of the label on its row. Only for a label that is mostly
 * the field's words; a different value under an equally good label makes it abstain.
 */
export function detectLabelledText(field: FieldDefinition, lines: DocLine[], otherLabels: ReadonlySet<string> = new Set()): GenericValue | null {
  if (field.type !== "text" || chooseDetector(field) !== null) return null;
  const out: Scored[] = [];
  // The label must name what the field's name asks for ("age" for child_age): "Child's residence at the time of
  // incident" shares the description's words but asks another question.
  for (const anchor of textAnchors(field, lines).slice(0, 8)) {
    // "AGENCY: Federal Aviation" over "Administration (FAA), DOT.": a value wrapped onto the line under its label
    // is cut short; where it ends is a guess, so such a label is passed over.
    if (anchor.rest && wrapsOnto(anchor.line, lines)) continue;
    const inline = anchor.rest ? null : inlineIdentifier(field, anchor.line.text);
    if (inline) {
      out.push({ value: inline, lines: [anchor.line], raw: anchor.line.text, score: anchor.match * STRICT_FACTOR });
      continue;
    }
    // A form's numbered box ("9 Straße", "12 Wohnort") holds its answer under its label, within the box.
    const boxed = !anchor.rest && NUMBERED_BOX.test(labelOf(anchor));
    for (const region of valueRegions(anchor, lines).filter((r) => r.factor >= STRICT_FACTOR || (boxed && boxAnswer(anchor, r)))) {
      const value = labelledText(region.text, otherLabels);
      // "股票代码 股票代码": the label painted again, not its value.
      if (!value || value.includes(labelOf(anchor).trim())) continue;
      // "2 Nachname" right of "1 Vorname": the next box's label, not this box's answer.
      if (boxed && NUMBERED_BOX.test(value)) continue;
      out.push({ value, lines: region.lines.slice(0, 1), raw: region.text.split("\n")[0]!, score: anchor.match * region.factor });
      break;
    }
  }
  const decided = decide(out);
  if (!decided || decided.rival) return null;
  const match = round(Math.min(1, decided.best.score));
  return result(decided.best.value, decided.best.lines, decided.best.raw, CONFIDENCE.labelBase + CONFIDENCE.labelSpan * match, { strategy: "detector-label", kind: "text", match, typeOk: true });
}
