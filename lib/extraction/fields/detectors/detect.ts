/**
 * Typed detectors for fields the invoice vocabulary does not know. The field's definition picks the detector
 * (choose.ts); the detector fills the field only on clear evidence, in this order:
 *   1. its value next to a label that matches the field (anchors.ts): after the colon, right of it, or under it;
 *   2. the only well-formed value of its kind in the whole document (e-mail, phone, URL, ids with check digits,
 *      periods), when there is exactly one;
 *   3. where the page puts it (header-blocks.ts): the name at the top of a résumé, the letterhead, the addressee
 *      block, the signature under a letter's closing, a section under its heading.
 * Anything else abstains. Confidence follows the evidence (label match × position, uniqueness, placement) and is
 * then calibrated with everything else (confidence/).
 */
import { findDates, type DateOrder } from "../../../normalise/dates";
import type { FieldDefinition } from "../../types";
import { sameRow, type DocLine } from "../document-lines";
import type { GenericValue } from "../generic/generic-fields";
import { labelMatch, tickedLabels } from "../generic/form-fields";
import { findAnchors, numericTail, valueRegions, type Anchor, type Region } from "./anchors";
import { AFTER_KNOWN, chooseDetector, definitionText, type DetectorKind } from "./choose";
import { addresseeBlocks, authorUnderTitle, headerParty, institutionNamed, payeeNamed, titleBlock, letterhead, nameAtTop, salutation, sectionUnder, signature, yearInTitle, type Placed } from "./header-blocks";
import { findPeriods, monthPeriod } from "./periods";
import { labelWordSet } from "./label-words";
import { localeOrder } from "../date-order";
import { NUMERIC, READERS, UNIQUE_OK, withoutDates, type Reader } from "./readers";
import { CONFIDENCE, decide, GENERIC_HEADS, labelOf, result, round, STRICT_FACTOR, wrapsOnto, type Scored } from "./detect-shared";
import { CITY_LINE, findSignedAmounts, organisationName, personName, STREET_LINE } from "./typed-values";

/** Generic label words that do name what a detector reads (see anchors.ts); a bare "Name:" on a form is a person's. */
const KIND_WORDS: Partial<Record<DetectorKind, ReadonlySet<string>>> = {
  person: new Set(["nam"]),
  date: new Set(["dat"]),
  "period-start": new Set(["dat"]),
  "period-end": new Set(["dat"]),
  address: new Set(["address"]),
  money: new Set(["amount", "total"]),
};
const anchorsFor = (kind: DetectorKind, field: FieldDefinition, lines: DocLine[]) => findAnchors(field, lines, KIND_WORDS[kind]);

/** Numbers for number and currency fields (as the rest of the engine returns them), text otherwise. */
function typed(field: FieldDefinition, value: string): string | number {
  if (field.type !== "number" && field.type !== "currency") return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** "Street, City, ST 12345" from the lines of a region: a street line and the city line after it (or one line with both). */
function addressIn(regionLines: DocLine[], all: DocLine[], text?: string): { value: string; lines: DocLine[] } | null {
  const oneLine = text?.trim() ?? "";
  const split = /^(.*\d.*?),\s*(.+)$/.exec(oneLine);
  if (split && STREET_LINE.test(split[1]!.trim()) && CITY_LINE.test(split[2]!.trim())) return { value: oneLine, lines: regionLines };
  const street = regionLines.find((l) => STREET_LINE.test(l.text.trim()));
  if (!street) return null;
  const after = all.filter((l) => l.page === street.page && l.box.y > street.box.y && l.box.y - street.box.y < 0.09 && Math.abs(l.box.x - street.box.x) < 0.03).sort((a, b) => a.box.y - b.box.y);
  const city = after.find((l) => CITY_LINE.test(l.text.trim()));
  if (city) return { value: `${street.text.trim()}, ${city.text.trim()}`, lines: [street, city] };
  // "Service Address: 14113 STOWE DR": a street line alone after its label's colon, no city line under it.
  return oneLine && STREET_LINE.test(oneLine) && after.length === 0 ? { value: oneLine, lines: regionLines.slice(0, 1) } : null;
}

/** The detector's value in one place near a label (its first line, or for an address its street and city lines). */
function readRegion(kind: DetectorKind, field: FieldDefinition, region: Region & { wholePeriod?: boolean }, lines: DocLine[], order: DateOrder, reader = READERS[kind]): { value: string; lines: DocLine[] } | null {
  const first = region.text.split("\n")[0]!;
  const on = (value: string | null | undefined) => (value ? { value, lines: region.lines.slice(0, 1) } : null);
  if (reader) {
    const hit = reader(first, field, order)[0]?.value;
    // "Beginning" over "balance" over "4,267.93": a label set over two lines of its column, its value under both.
    const second = region.lines[1];
    if (hit || !second || region.lines.length < 2 || /\d/.test(first) || first.trim().split(/\s+/).length > 3) return on(hit);
    const under = reader(second.text, field, order)[0]?.value;
    return under ? { value: under, lines: [second] } : null;
  }
  switch (kind) {
    case "person": {
      const name = personName(first);
      if (name || region.lines.length === 0) return on(name);
      // "Samuel   Kowalski" under "First name and initial | Last name": a name split into two phrases of its row.
      const head = region.lines[0]!;
      const next = lines.filter((l) => l.page === head.page && l.index !== head.index && sameRow(l.box, head.box) && l.box.x > head.box.x + head.box.w && l.box.x - (head.box.x + head.box.w) < 0.15).sort((a, b) => a.box.x - b.box.x)[0];
      const joined = next ? personName(`${head.text} ${next.text}`) : null;
      return joined && next ? { value: joined, lines: [head, next] } : null;
    }
    case "organisation":
      return on(organisationName(first, false));
    case "address":
      // After a colon or on a line of its own the whole text may hold street and city; under a label, its lines.
      return addressIn(region.lines, lines, region.factor === 1 || region.lines.length === 1 ? region.text : undefined);
    case "subject":
      return on(region.factor === 1 && first.trim().length > 2 ? first.trim() : null);
    case "date":
    case "period-start":
    case "period-end": {
      // Next to a period's label a month and year alone is the whole month ("Pay Period: January 2026").
      const period = findPeriods(first, order)[0] ?? (kind !== "date" && region.wholePeriod ? monthPeriod(first) : undefined);
      if (!period) return on(findDates(first, order)[0]?.iso);
      return kind === "date" ? null : on(kind === "period-start" ? period.start : period.end);
    }
    default:
      return null;
  }
}

/**
 * Money as the document writes it: with cents, or — on a document that prints no amount with cents at all ("Net Pay
 * 81500", "Total Deductions 10500": payslips and bills of countries that write whole amounts) — whole numbers too.
 * Still only next to the field's label.
 */
function moneyReader(lines: DocLine[], order: DateOrder): Reader {
  const withCents = READERS.money!;
  const whole = !lines.some((l) => withCents(l.text, MONEY_FIELD, order).length > 0);
  return whole ? (text, _field, o) => findSignedAmounts(withoutDates(text, o), { whole: true }) : withCents;
}
const MONEY_FIELD: FieldDefinition = { name: "amount", type: "currency" };

/** Words of a label that name one end of a period, or a date, rather than the period itself. */
const PERIOD_END_WORDS = /\b(?:start|starts|starting|from|begin|beginning|end|ends|ending|through|thru|last|first|until|to|closing|due|date|dated)\b/i;

/** Kinds whose value is free words, which a narrow column wraps onto the next line. */
const WRAPPABLE: ReadonlySet<DetectorKind> = new Set(["person", "organisation", "subject"]);

function labelled(kind: DetectorKind, field: FieldDefinition, anchors: Anchor[], lines: DocLine[], order: DateOrder, strict = false): Scored[] {
  const out: Scored[] = [];
  const reader = kind === "money" && anchors.length > 0 ? moneyReader(lines, order) : READERS[kind];
  for (const anchor of anchors.slice(0, 8)) {
    // Only a label naming the whole period ("Pay Period", not "Period ending" nor "Service through") spans a month.
    const label = labelOf(anchor);
    const wholePeriod = /\b(?:period|month)\b/i.test(label) && !PERIOD_END_WORDS.test(label);
    const regions = valueRegions(anchor, lines).filter((r) => !strict || r.factor >= STRICT_FACTOR).map((r) => ({ ...r, wholePeriod }));
    // A name wrapped onto the line under its label ("AGENCY: Federal Aviation" over "Administration …") is cut short.
    if (anchor.rest && WRAPPABLE.has(kind) && wrapsOnto(anchor.line, lines)) continue;
    const tail = !anchor.rest && NUMERIC.has(kind) ? numericTail(anchor) : "";
    if (tail) regions.unshift({ lines: [anchor.line], text: tail, factor: 1, wholePeriod });
    // The nearest readable place belongs to this label; farther ones belong to other labels.
    for (const region of regions) {
      const found = readRegion(kind, field, region, lines, order, reader);
      if (!found) continue;
      out.push({ value: found.value, lines: found.lines, raw: region.text.split("\n")[0]!, score: anchor.match * region.factor });
      break;
    }
  }
  return out;
}

/** The document's distinct values of the kind; phone numbers printed as a fax are left out unless the field asks for one. */
/** Parties a contact field may belong to: "customer_email" is not whichever e-mail address the page prints. */
const PARTY = /\b(?:customer|client|buyer|recipient|supplier|vendor|seller|sender|employer|employee|bank|landlord|tenant|patient|doctor|physician|agent|broker|insurer|shipper|consignee|carrier|emergency|billing|shipping)\b/g;
const CONTACT_KINDS: ReadonlySet<DetectorKind> = new Set(["email", "phone", "url"]);
/** Where a page's footer starts (share of the page height from its top). */
const FOOTER_TOP = 0.94;

/**
 * A résumé's own contact: the one value of the kind in the few lines under the candidate's name (the name at the top,
 * header-blocks.ts), when the document prints others too (a portal's footer, a copy on a later page).
 */
function underName(kind: DetectorKind, field: FieldDefinition, lines: DocLine[], order: DateOrder): Scored | null {
  const reader = READERS[kind];
  const name = reader && CONTACT_KINDS.has(kind) && ROLE.self.test(definitionText(field)) ? nameAtTop(lines) : null;
  const last = name?.lines[name.lines.length - 1];
  if (!reader || !last) return null;
  const near = lines.filter((l) => l.page === last.page && l.box.y > last.box.y && l.box.y - last.box.y < 0.1).slice(0, 4);
  const hits = near.flatMap((line) => reader(line.text, field, order).map((hit) => ({ hit, line })));
  const distinct = new Set(hits.map((h) => h.hit.value.toLowerCase()));
  if (distinct.size !== 1) return null;
  return { value: hits[0]!.hit.value, lines: [hits[0]!.line], raw: hits[0]!.line.text, score: 0.7 };
}

function uniqueValue(kind: DetectorKind, field: FieldDefinition, lines: DocLine[], order: DateOrder): Scored | null {
  const reader = READERS[kind];
  if (!reader) return null;
  const text = definitionText(field);
  const wantsFax = /\bfax\b/.test(text);
  // A contact field naming a party takes the document's only value of its kind only beside that party's word.
  const parties = CONTACT_KINDS.has(kind) ? [...new Set(text.match(PARTY) ?? [])] : [];
  const nearParty = (line: DocLine) => {
    const around = lines.filter((l) => l.page === line.page && l.index >= line.index - 2 && l.index <= line.index).map((l) => l.text.toLowerCase()).join(" ");
    return parties.some((p) => around.includes(p));
  };
  const selfContact = CONTACT_KINDS.has(kind) && ROLE.self.test(text);
  const seen = new Map<string, Scored>();
  for (const line of lines) {
    if (kind === "phone" && !wantsFax && /\bfax\b/i.test(line.text)) continue;
    // A page's footer prints the publisher's contacts (a job portal's), not the candidate's: a résumé puts those
    // under the name at the top.
    if (selfContact && line.box.y > FOOTER_TOP) continue;
    for (const hit of reader(line.text, field, order)) {
      const key = hit.value.toLowerCase().replace(/[^a-z0-9@]/g, "");
      if (!seen.has(key)) seen.set(key, { value: hit.value, lines: [line], raw: line.text, score: CONFIDENCE.unique });
    }
  }
  const only = seen.size === 1 ? [...seen.values()][0]! : null;
  return only && (parties.length === 0 || nearParty(only.lines[0]!)) ? only : null;
}

/**
 * When something starts ("Time the meeting starts"): the first time of day the document prints, the one its
 * opening line or header gives ("tenue le 20 juin, à 16h00" before "levée à 16h05"). Only the start: where an
 * event ends is not reliably the last time printed.
 */
function firstTime(field: FieldDefinition, lines: DocLine[], order: DateOrder): Scored | null {
  if (!/\b(?:start|starts|begin|begins|opens|opening|commence)\b/.test(definitionText(field))) return null;
  for (const line of lines) {
    const hit = READERS.time!(line.text, field, order)[0];
    if (hit) return { value: hit.value, lines: [line], raw: line.text, score: 0.55 };
  }
  return null;
}

/** A year printed on a line of its own ("2023" beside a form's title), when the document has exactly one such line. */
function loneYear(lines: DocLine[]): Scored | null {
  const alone = lines.filter((l) => /^(?:19|20)\d{2}$/.test(l.text.trim()));
  const distinct = new Set(alone.map((l) => l.text.trim()));
  return distinct.size === 1 ? { value: alone[0]!.text.trim(), lines: [alone[0]!], raw: alone[0]!.text, score: 0.6 } : null;
}

const placedScore = (placed: Placed | null): Scored | null => (placed ? { value: placed.value, lines: placed.lines, raw: placed.lines[0]?.text ?? "", score: placed.score } : null);

const MONEY_WITH_CENTS = /\d[.,]\d{2}(?![\d./-])/;
const PERIOD_LABEL = /\b(?:period|statement|billing|service|cycle|dates?|read)\b/i;

/**
 * A charge's period: money with its cents after it on its row (on its line, or a line right of it at the same height),
 * the period standing bare or after "for" ("Energy for 07-01-2017 to 07-31-2017 … -15,406.06"), with no period's
 * label of its own ("Billing period", "Service dates").
 */
function chargedAfter(line: DocLine, period: { index: number; length: number }, lines: DocLine[]): boolean {
  const before = line.text.slice(0, period.index);
  if (!/(?:^|\bfor|\bfrom)\s*$/i.test(before) || PERIOD_LABEL.test(before)) return false;
  const middle = line.box.y + line.box.h / 2;
  const row = lines.filter((l) => l !== line && l.page === line.page && Math.abs(l.box.y + l.box.h / 2 - middle) < line.box.h / 2);
  // "Read Dates:" printed left of the period in a column of its own labels it.
  if (row.some((l) => l.box.x + l.box.w <= line.box.x + 0.001 && (/[:：]\s*$/.test(l.text) || PERIOD_LABEL.test(l.text)))) return false;
  if (MONEY_WITH_CENTS.test(line.text.slice(period.index + period.length))) return true;
  return row.some((l) => l.box.x >= line.box.x + line.box.w - 0.001 && MONEY_WITH_CENTS.test(l.text));
}

function uniquePeriod(kind: "period-start" | "period-end", lines: DocLine[], order: DateOrder): Scored | null {
  // A charge line's period ("for 07-01-2017 to 07-31-2017 … -15,406.06", "Adjusted Billing Dates 11/30/20 - 12/31/20
  // 8,356.53") dates that charge, not the document: a bill of several meters prints no one period of its own.
  const found = lines.flatMap((line) => findPeriods(line.text, order).filter((p) => !chargedAfter(line, p, lines)).map((p) => ({ p, line })));
  const distinct = new Set(found.map((f) => `${f.p.start}/${f.p.end}`));
  if (distinct.size !== 1) return null;
  const { p, line } = found[0]!;
  return { value: kind === "period-start" ? p.start : p.end, lines: [line], raw: line.text, score: CONFIDENCE.unique };
}

const ROLE = {
  sender: /\b(?:sender|signed|signer|signatory|author|wrote|written|from)\b/,
  recipient: /\b(?:recipient|addressed|addressee|to whom|greeted)\b/,
  holder: /\b(?:holder|account|customer|client|member|tenant|policyholder)\b/,
  self: /\b(?:candidate|applicant|resume|résumé|cv|full name|your name)\b/,
  other: /\b(?:recipient|customer|buyer|supplier|vendor|client|addressee)\b/,
  author: /\b(?:author|writer)\b/,
  issuer: /\b(?:provider|issued|issuer|biller|payee|utility)\b/,
};

function placedPerson(field: FieldDefinition, lines: DocLine[]): Placed | null {
  const text = definitionText(field);
  // "First author of the paper": the name under the title, not a letter's signer.
  if (ROLE.author.test(text) && /\bfirst author\b|\b(?:paper|article|publication|study|manuscript)\b/.test(text)) return authorUnderTitle(lines);
  if (ROLE.sender.test(text)) return signature(lines) ?? headerParty(lines, "from");
  if (ROLE.recipient.test(text)) {
    const blocks = addresseeBlocks(lines);
    return blocks.length === 1 ? blocks[0]! : (headerParty(lines, "to") ?? salutation(lines));
  }
  if (ROLE.holder.test(text)) {
    const blocks = addresseeBlocks(lines);
    const loose = blocks.length === 0 ? addresseeBlocks(lines, true) : [];
    return blocks.length === 1 ? blocks[0]! : loose.length === 1 ? loose[0]! : null;
  }
  if (ROLE.self.test(text)) return nameAtTop(lines);
  if (ROLE.author.test(text)) return authorUnderTitle(lines);
  return null;
}

function placedOrganisation(field: FieldDefinition, lines: DocLine[]): Placed | null {
  if (ROLE.other.test(definitionText(field))) return null;
  // The company that issued a bill ("provider", "utility company that issued the bill") also stands in its remittance line.
  return letterhead(lines) ?? institutionNamed(field.name, lines) ?? (ROLE.issuer.test(definitionText(field)) ? payeeNamed(lines) : null);
}

/** The ticked box's label: the one ticked box under the field's label, else the document's one ticked box. */
function placedCheckbox(anchors: Anchor[], lines: DocLine[]): Placed | null {
  for (const anchor of anchors.slice(0, 3)) {
    const near = lines.filter((l) => l.page === anchor.line.page && l.box.y >= anchor.line.box.y - 0.002 && l.box.y - anchor.line.box.y < 0.06);
    const ticked = tickedLabels(near);
    if (ticked.length === 1) return { value: ticked[0]!.label, lines: [ticked[0]!.line], score: 0.75 };
    if (ticked.length > 1) return null;
  }
  const ticked = tickedLabels(lines);
  return ticked.length === 1 ? { value: ticked[0]!.label, lines: [ticked[0]!.line], score: 0.6 } : null;
}

const SUBJECT_LINE = /^(?:re|subject|subj|betreff|objet|onderwerp)\s*:\s*(.{3,})$/i;

/** A letter's subject line: "Re: …", "Subject: …" (the one such line of the document). */
function placedSubject(lines: DocLine[]): Placed | null {
  const found = lines.flatMap((l) => {
    const m = SUBJECT_LINE.exec(l.text.trim());
    return m ? [{ value: m[1]!.trim(), lines: [l], score: 0.7 }] : [];
  });
  return found.length === 1 ? found[0]! : null;
}

function placedSection(field: FieldDefinition, lines: DocLine[]): Placed | null {
  const name = field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  return sectionUnder(lines, (heading) => labelMatch(name, heading) >= 0.99);
}

/**
 * The typed detector's value for a field the vocabulary does not know, or null when its kind is not asked for or
 * the evidence is not clear. Plain dates are left to the label and sentence readers (see `detectDateFallback`).
 */
export function detectField(field: FieldDefinition, lines: DocLine[], documentOrder: DateOrder, options: { known?: boolean } = {}): GenericValue | null {
  const kind = chooseDetector(field);
  if (!kind || kind === "date" || (options.known && !AFTER_KNOWN.has(kind))) return null;
  const order = localeOrder(lines, documentOrder);
  const anchors = anchorsFor(kind, field, lines);
  const decided = decide(labelled(kind, field, anchors, lines, order));
  if (decided && !decided.rival) {
    const { best } = decided;
    const match = round(Math.min(1, best.score));
    return result(typed(field, best.value), best.lines, best.raw, CONFIDENCE.labelBase + CONFIDENCE.labelSpan * match, { strategy: "detector-label", kind, match, typeOk: true });
  }
  if (decided?.rival) return null;
  const unique = UNIQUE_OK.has(kind) ? uniqueValue(kind, field, lines, order) : kind === "period-start" || kind === "period-end" ? uniquePeriod(kind, lines, order) : kind === "year" ? (loneYear(lines) ?? placedScore(yearInTitle(lines))) : null;
  if (unique) return result(typed(field, unique.value), unique.lines, unique.raw, unique.score, { strategy: "detector-unique", kind, typeOk: true });
  const first = kind === "time" ? firstTime(field, lines, order) : null;
  if (first) return result(first.value, first.lines, first.raw, first.score, { strategy: "detector-layout", kind, typeOk: true });
  const contact = underName(kind, field, lines, order);
  if (contact) return result(typed(field, contact.value), contact.lines, contact.raw, CONFIDENCE.placed * (contact.score / 0.7), { strategy: "detector-layout", kind, typeOk: true });
  const placed = kind === "checkbox" ? placedCheckbox(anchors, lines) : kind === "person" ? placedPerson(field, lines) : kind === "organisation" ? placedOrganisation(field, lines) : kind === "section" ? placedSection(field, lines) : kind === "subject" ? placedSubject(lines) : kind === "title" ? titleBlock(lines) : null;
  if (placed) return result(placed.value, placed.lines, placed.lines.map((l) => l.text).join("\n"), CONFIDENCE.placed * (placed.score / 0.7), { strategy: "detector-layout", kind, typeOk: true });
  return null;
}

/**
 * A date field's value next to a loosely matching label ("Period start:" for "Start of the pay period"). In running
 * text (`strict`) only after the label's colon or right of it on its row: "Date of Incident: 01/09/2015" heading a
 * report's prose, not a date somewhere under a word of the label.
 */
export function detectLabelledDate(field: FieldDefinition, lines: DocLine[], documentOrder: DateOrder, options: { strict?: boolean } = {}): GenericValue | null {
  if (chooseDetector(field) !== "date") return null;
  // In running text a bare "Date:" is a signature's, not the one the field asks for: the label must say which date.
  const anchors = anchorsFor("date", field, lines).filter((a) => !options.strict || labelWordSet(labelOf(a)).some((w) => !GENERIC_HEADS.has(w)));
  const order = localeOrder(lines, documentOrder);
  const decided = decide(labelled("date", field, anchors, lines, order, options.strict));
  if (!decided) return inlineDate(field, lines, order);
  if (decided.rival) return null;
  const match = round(Math.min(1, decided.best.score));
  return result(decided.best.value, decided.best.lines, decided.best.raw, CONFIDENCE.labelBase + CONFIDENCE.labelSpan * match, { strategy: "detector-label", kind: "date", match, typeOk: true });
}

/**
 * "Received 4 October 2005", "Published: 6 August 2020": a date whose line starts with the field's own words and
 * nothing else, one that says which date it is (not "Date" alone). One such date in the document, or nothing.
 */
function inlineDate(field: FieldDefinition, lines: DocLine[], order: DateOrder): GenericValue | null {
  const own = new Set(labelWordSet(`${field.name.replace(/[_\-.]+/g, " ")} ${field.description ?? ""}`));
  const found: Array<{ iso: string; line: DocLine }> = [];
  for (const line of lines) {
    const date = findDates(line.text, order)[0];
    if (!date) continue;
    const words = labelWordSet(line.text.slice(0, date.index).replace(/\b(?:on|el|le|am|il)\s*$/i, ""));
    if (words.length === 0 || words.length > 5 || !words.every((w) => own.has(w)) || words.every((w) => GENERIC_HEADS.has(w))) continue;
    found.push({ iso: date.iso, line });
  }
  if (new Set(found.map((f) => f.iso)).size !== 1) return null;
  const match = 0.8;
  return result(found[0]!.iso, [found[0]!.line], found[0]!.line.text, CONFIDENCE.labelBase + CONFIDENCE.labelSpan * match, { strategy: "detector-label", kind: "date", match, typeOk: true });
}

const WEEKDAY = /^(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+/i;

/** A field asking for the date the document itself bears: when it was written, sent or issued. */
const DOCUMENT_DATE = /\b(?:letter|memo|memorandum|notice|document|dated|written|sent|issued|signed|response|report|proposal|submission|publication|published)\b/;

/**
 * A date field nothing else answered: the one date standing alone on its line (a letter's, a form's "Date"). In
 * running text only for the document's own date: a contract's lone date is as often its signing as its effect.
 */
export function detectLoneDate(field: FieldDefinition, lines: DocLine[], documentOrder: DateOrder, options: { narrative?: boolean } = {}): GenericValue | null {
  if (chooseDetector(field) !== "date") return null;
  if (options.narrative && !DOCUMENT_DATE.test(definitionText(field))) return null;
  const order = localeOrder(lines, documentOrder);
  // "Thursday, August 6, 2020" stands alone too: a weekday is part of how the date is written.
  const alone = lines.filter((l) => {
    const text = l.text.trim().replace(WEEKDAY, "");
    const d = findDates(text, order);
    return d.length === 1 && d[0]!.length >= text.length - 1 && /\d{4}/.test(d[0]!.text);
  });
  const distinct = new Set(alone.map((l) => findDates(l.text, order)[0]!.iso));
  if (distinct.size !== 1) return null;
  const line = alone[0]!;
  return result(findDates(line.text.trim().replace(WEEKDAY, ""), order)[0]!.iso, [line], line.text, CONFIDENCE.placed, { strategy: "detector-layout", kind: "date", typeOk: true });
}

