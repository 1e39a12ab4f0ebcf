/**
 * Parts of a page found by where they stand rather than by a label: the name set large at the top of a résumé, the
 * letterhead's company, the addressee block of a letter or statement (a name over a street and a city line), the
 * signature under a letter's closing, and sections found by their headings.
 */
import type { DocLine } from "../document-lines";
import { CITY_LINE, organisationName, personName, STREET_LINE, STREET_NUMBER_LAST, TOWN_LINE } from "./typed-values";

export type Placed = { value: string; lines: DocLine[]; score: number };

const firstPage = (lines: DocLine[]) => lines.filter((l) => l.page === (lines[0]?.page ?? 1));
/** The tallest text line's height on the first page: what a heading or a letterhead is set in. */
const tallest = (lines: DocLine[]) => Math.max(0, ...firstPage(lines).map((l) => l.box.h));

/** An e-mail address or a phone number: the contact details a résumé prints under its name. */
const CONTACT = (text: string) => /@[\w-]+\.\w/.test(text) || /\d{3}[\s.)-]+\d{3}[\s.-]\d{4}/.test(text) || /\+\d{2}[\d\s()-]{8,}/.test(text);
/** How far down the first page a résumé's name may stand (a job portal prints its own header above it). */
const NAME_BAND = 0.45;

type NameLine = { name: string; lines: DocLine[]; h: number; y: number };

/** Person-shaped lines of the band, and a name set over two lines ("CHRISTIAN" over "LARICO DEPAZ") joined. */
function nameLines(band: DocLine[]): NameLine[] {
  const out: NameLine[] = [];
  for (const line of band) {
    const name = personName(line.text);
    if (name) out.push({ name, lines: [line], h: line.box.h, y: line.box.y });
    const next = band.find((l) => l !== line && Math.abs(l.box.x - line.box.x) < 0.02 && Math.abs(l.box.h - line.box.h) < line.box.h * 0.2 && l.box.y > line.box.y && l.box.y - (line.box.y + line.box.h) < line.box.h * 0.8);
    // A one-word line over a name: the first name set on its own line.
    const joined = next && !name && !/\s/.test(line.text.trim()) ? personName(`${line.text} ${next.text}`) : null;
    if (joined && next) out.push({ name: joined, lines: [line, next], h: Math.max(line.box.h, next.box.h), y: line.box.y });
  }
  // "LARICO DEPAZ" under "CHRISTIAN" is the end of that name, not a name of its own.
  return out.filter((c) => c.lines.length > 1 || !out.some((o) => o.lines.length > 1 && o.lines.includes(c.lines[0]!)));
}

/**
 * A résumé's name, by where it stands: a person's name set larger than the text under it, the first line of the
 * page, or the line heading the contact details (an e-mail address or a phone number right under it). Contact
 * details must stand near the top either way. Two different names equally placed: nothing.
 */
export function nameAtTop(lines: DocLine[]): Placed | null {
  const page = firstPage(lines).filter((l) => l.box.y < NAME_BAND).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  if (page.length === 0 || !page.some((l) => CONTACT(l.text))) return null;
  const heights = page.map((l) => l.box.h).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)]!;
  const tallestInBand = heights[heights.length - 1]!;
  const found: Placed[] = [];
  for (const candidate of nameLines(page)) {
    const last = candidate.lines[candidate.lines.length - 1]!;
    const below = page.filter((l) => l.box.y > last.box.y + last.box.h * 0.5).slice(0, 3);
    const headsContact = below.slice(0, 2).some((l) => CONTACT(l.text)) && last.box.y + last.box.h > (below[0]?.box.y ?? 1) - candidate.h * 3;
    const large = candidate.h >= typical * 1.3 && candidate.h >= tallestInBand * 0.95;
    const first = candidate.lines[0] === page.find((l) => !/^\d{1,3}$/.test(l.text.trim()));
    const score = large ? 0.8 : headsContact ? 0.7 : first && candidate.y < 0.2 ? 0.65 : 0;
    if (score > 0) found.push({ value: candidate.name, lines: candidate.lines, score });
  }
  const best = Math.max(0, ...found.map((f) => f.score));
  const top = found.filter((f) => f.score === best);
  return top.length > 0 && top.every((f) => f.value === top[0]!.value) ? top[0]! : null;
}

/** The letterhead: the largest line at the top of the page, naming an organisation (a legal form or an institution word). */
export function letterhead(lines: DocLine[]): Placed | null {
  const page = firstPage(lines);
  // The tallest line of the top band; a smaller title beside it ("Earnings Statement") may stand a point higher.
  const top = [...page].filter((l) => l.box.y < 0.15).sort((a, b) => b.box.h - a.box.h || a.box.y - b.box.y || a.box.x - b.box.x)[0];
  if (!top || top.box.h < tallest(lines) * 0.85) return null;
  // "Summit Foods Corp. - Pay Advice", "Acme Ltd | Invoice": the part naming the organisation.
  const name = top.text.split(/\s+[-–—|]\s+/).map((part) => organisationName(part, true)).find((part) => part !== null) ?? null;
  return name ? { value: name, lines: [top], score: 0.7 } : underTitle(top, page);
}

/**
 * A document's title set over its issuer ("Payslip" over "Innovate Digital Pvt. Ltd."): the line right under a short
 * title, centred under it, when it names an organisation by a legal form or an institution word.
 */
function underTitle(title: DocLine, page: DocLine[]): Placed | null {
  if (title.text.trim().split(/\s+/).length > 4) return null;
  const centre = title.box.x + title.box.w / 2;
  const next = page
    .filter((l) => l.box.y > title.box.y + title.box.h * 0.5 && l.box.y - (title.box.y + title.box.h) < title.box.h * 2)
    .sort((a, b) => a.box.y - b.box.y)[0];
  if (!next || Math.abs(next.box.x + next.box.w / 2 - centre) > 0.05) return null;
  const name = organisationName(next.text, true);
  return name ? { value: name, lines: [next], score: 0.6 } : null;
}

/** A year in the document's title (its top band's tallest line): "Year-end wage summary 2023", "Form W-2 … 2023". */
export function yearInTitle(lines: DocLine[]): Placed | null {
  const page = firstPage(lines);
  const top = [...page].filter((l) => l.box.y < 0.15).sort((a, b) => b.box.h - a.box.h || a.box.y - b.box.y)[0];
  const years = top ? [...top.text.matchAll(/(?<![\d/.,:-])(?:19|20)\d{2}(?![\d/.,:-]\d)/g)].map((m) => m[0]) : [];
  return top && years.length === 1 ? { value: years[0]!, lines: [top], score: 0.6 } : null;
}

/**
 * Blocks of a name over a street line and a city line, in the upper half of the first page. `loose` also takes the
 * street's number after its name ("Any Street 123") and a town without a postcode ("TORONTO, ON").
 */
export function addresseeBlocks(lines: DocLine[], loose = false): Placed[] {
  const page = firstPage(lines).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const out: Placed[] = [];
  for (const [i, line] of page.entries()) {
    if (line.box.y > 0.5) break;
    const name = personName(line.text);
    if (!name) continue;
    const column = page.slice(i + 1).filter((l) => Math.abs(l.box.x - line.box.x) < 0.02 && l.box.y > line.box.y && l.box.y - line.box.y < 0.08);
    const isStreet = (text: string) => STREET_LINE.test(text) || (loose && (STREET_NUMBER_LAST.test(text) || STREET_LINE.test(text.replace(/,$/, ""))));
    // The street right under the name (a loose block allows no line between them), then the town under the street.
    const street = loose ? (isStreet(column[0]?.text.trim() ?? "") ? column[0] : undefined) : column.find((l) => isStreet(l.text.trim()));
    const city = street && column.find((l) => l.box.y > street.box.y && (CITY_LINE.test(l.text.trim()) || (loose && TOWN_LINE.test(l.text.trim()))));
    if (street && city) out.push({ value: name, lines: [line, street, city], score: loose ? 0.6 : 0.7 });
  }
  return out;
}

const CLOSING = /^(?:sincerely|yours (?:sincerely|truly|faithfully)|kind regards|best regards|regards|respectfully|best wishes|warm regards|cordially|with thanks|thank you)[,.]?$/i;

/** The signer: the first person's name in the few lines under a letter's closing ("Sincerely,"). */
export function signature(lines: DocLine[]): Placed | null {
  const closing = lines.findIndex((l) => CLOSING.test(l.text.trim()));
  if (closing < 0) return null;
  for (const line of lines.slice(closing + 1, closing + 4)) {
    const name = personName(line.text);
    if (name) return { value: name, lines: [line], score: 0.75 };
  }
  return null;
}

/** Memo and e-mail headers: "From: Luis Mensah", "To: Leila Nowak". */
export function headerParty(lines: DocLine[], role: "from" | "to"): Placed | null {
  const re = role === "from" ? /^from\s*:\s*(.+)$/i : /^to\s*:\s*(.+)$/i;
  const found = lines.flatMap((l) => {
    const m = re.exec(l.text.trim());
    const name = m ? personName(m[1]!) : null;
    return name ? [{ value: name, lines: [l], score: 0.7 }] : [];
  });
  return found.length === 1 ? found[0]! : null;
}

/** "Dear Ms. Garcia," → the person greeted, as printed after the greeting. */
export function salutation(lines: DocLine[]): Placed | null {
  for (const line of lines) {
    const m = /^dear\s+(.+?),?$/i.exec(line.text.trim());
    const name = m ? personName(m[1]!) : null;
    if (name) return { value: name, lines: [line], score: 0.6 };
  }
  return null;
}

/**
 * A heading is a short line on its own, set taller than the body or in a line of its own with nothing right of it,
 * whose words are the field's; the section is the text under it up to the next heading-sized line.
 */
export function sectionUnder(lines: DocLine[], isHeading: (text: string) => boolean): Placed | null {
  const heading = lines.find((l) => l.text.split(/\s+/).length <= 4 && isHeading(l.text));
  if (!heading) return null;
  const body: DocLine[] = [];
  for (const line of lines.slice(heading.index + 1)) {
    if (line.page !== heading.page || line.box.h >= heading.box.h * 0.95 || body.length >= 6) break;
    body.push(line);
  }
  if (body.length === 0) return null;
  const value = body.map((l) => l.text.trim()).join(" ");
  return { value, lines: body, score: 0.7 };
}

/** Words that name a kind of institution inside its own name ("Royal Bank of Canada", "… Projects Agency"). */
const INSTITUTION = /\b(?:bank|agency|university|school|college|hospital|clinic|council|board|committee|department|ministry|authority|court|district|bureau|administration|commission|institute|foundation|association|union|society|insurance)\b/gi;

/**
 * An organisation named by the kind the field's name asks for: "bank_name" → the first page's name
 * with "Bank" in it. One such name (however often printed) is taken; of several, the one over a postal address
 * (a sender's block: street and city lines under it).
 */
export function institutionNamed(fieldName: string, lines: DocLine[]): Placed | null {
  const kinds = new Set((fieldName.replace(/[_\-.]+/g, " ").match(INSTITUTION) ?? []).map((w) => w.toLowerCase()));
  if (kinds.size === 0) return null;
  const page = firstPage(lines);
  const found = page.flatMap((line) => {
    const name = organisationName(line.text, false);
    const words = name ? (name.match(INSTITUTION) ?? []).map((w) => w.toLowerCase()) : [];
    // "BANK" or "Agency:" alone is the kind, not a name of one.
    return name && words.some((w) => kinds.has(w)) && name.split(/\s+/).length > 1 ? [{ name, line }] : [];
  });
  const distinct = new Set(found.map((f) => f.name.toLowerCase()));
  if (distinct.size === 1) return { value: found[0]!.name, lines: [found[0]!.line], score: 0.6 };
  const addressed = found.filter(({ line }) => {
    const under = page.filter((l) => l.box.y > line.box.y && l.box.y - line.box.y < 0.08 && Math.abs(l.box.x - line.box.x) < 0.03);
    return under.some((l) => STREET_LINE.test(l.text.trim())) && under.some((l) => CITY_LINE.test(l.text.trim()));
  });
  return new Set(addressed.map((f) => f.name.toLowerCase())).size === 1 ? { value: addressed[0]!.name, lines: [addressed[0]!.line], score: 0.6 } : null;
}

/**
 * The document's title: the tallest lines of the first page's upper half, set larger than the text, joined when the
 * title wraps over lines of the same size ("Shift work interventions for" / "reduced work-family conflict").
 * Ligatures a text layer keeps ("ﬂ") are written as letters.
 */
export function titleBlock(lines: DocLine[]): Placed | null {
  const page = firstPage(lines).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  // A title is a few words; a long line of running text set a hair taller is not one.
  const upper = page.filter((l) => l.box.y < 0.5 && /\p{L}{2,}/u.test(l.text) && l.text.trim().split(/\s+/).length <= 14);
  if (upper.length === 0) return null;
  const heights = page.map((l) => l.box.h).sort((a, b) => a - b);
  const typical = heights[Math.floor(heights.length / 2)]!;
  const tallestH = Math.max(...upper.map((l) => l.box.h));
  if (tallestH < typical * 1.15) return null;
  const first = upper.find((l) => l.box.h >= tallestH * 0.95)!;
  const block = [first];
  for (const line of upper.filter((l) => l.box.y > first.box.y)) {
    const last = block[block.length - 1]!;
    if (Math.abs(line.box.h - tallestH) > tallestH * 0.1 || line.box.y - (last.box.y + last.box.h) > tallestH * 0.8) break;
    block.push(line);
  }
  // Two titles of the same size side by side, or a title of many lines, is no single title.
  if (upper.some((l) => !block.includes(l) && l.box.h >= tallestH * 0.95) || block.length > 3) return null;
  const value = block.map((l) => l.text.trim()).join(" ").normalize("NFKC").replace(/\s+/g, " ");
  return value.split(" ").length >= 2 ? { value, lines: block, score: 0.65 } : null;
}

/** The first author: the first person's name printed under the title (of a list "A, B and C", the first). */
export function authorUnderTitle(lines: DocLine[]): Placed | null {
  const title = titleBlock(lines);
  const last = title?.lines[title.lines.length - 1];
  if (!last) return null;
  const under = firstPage(lines).filter((l) => l.box.y > last.box.y && l.box.y - last.box.y < 0.1).sort((a, b) => a.box.y - b.box.y);
  for (const line of under.slice(0, 4)) {
    const name = personName(line.text.split(/\s*,\s*|\s+and\s+|\s*[*†‡¹²³]+\s*/)[0] ?? "");
    if (name) return { value: name, lines: [line], score: 0.6 };
  }
  return null;
}

/** "make checks payable to City of Poway", "mail to: Pacific Power, PO Box 26000": the biller a remittance line names. */
const PAYEE = /\b(?:payable to|mail (?:payments? )?to|remit (?:payments? )?to)\s*:?\s*(?:the\s+)?([^,.;]+)/i;

/**
 * The company that issued a bill, named in its remittance line. Taken only when the document's remittance lines name
 * one company of two words or more (a bare acronym, "LADWP", is how the bill abbreviates it, not its name).
 */
export function payeeNamed(lines: DocLine[]): Placed | null {
  const found = lines.flatMap((line) => {
    const payee = PAYEE.exec(line.text)?.[1]?.trim();
    // "Pacific Power" has a person's name's shape; the party a bill is payable to is its issuer all the same.
    const name = payee ? (organisationName(payee, false) ?? (personName(payee) !== null ? payee.replace(/[,;:]$/, "") : null)) : null;
    return name && name.split(/\s+/).length > 1 ? [{ name, line }] : [];
  });
  const distinct = new Set(found.map((f) => f.name.toLowerCase()));
  if (distinct.size === 1) return { value: found[0]!.name, lines: [found[0]!.line], score: 0.6 };
  // "make payable to LADWP": a bare acronym is the bill's short form; its spelled-out name stands elsewhere.
  const acronyms = new Set(lines.flatMap((line) => {
    const payee = PAYEE.exec(line.text)?.[1]?.trim().replace(/[,;:]$/, "") ?? "";
    return /^\p{Lu}{3,8}$/u.test(payee) ? [payee] : [];
  }));
  return acronyms.size === 1 ? spelledOut([...acronyms][0]!, lines) : null;
}

/** Words an organisation's name carries between the ones its acronym takes the initials of. */
const JOINING = /^(?:of|and|&|the|for|de|du|des|la|le|del|der|und|für)$/i;

/**
 * The name an acronym stands for, printed on the document: capitalised words whose initials spell it, joining words
 * aside ("LADWP" → "Los Angeles Department of Water and Power"). Of several spellings the fullest ("Department" over
 * "DEPT").
 */
export function spelledOut(acronym: string, lines: DocLine[]): Placed | null {
  const letters = acronym.toLowerCase();
  let best: { value: string; line: DocLine } | null = null;
  for (const line of lines) {
    const words = line.text.trim().split(/\s+/);
    for (let start = 0; start < words.length; start += 1) {
      let k = 0;
      let end = start;
      for (; end < words.length && k < letters.length; end += 1) {
        const word = words[end]!.replace(/[,;:.]+$/, "");
        if (end > start && JOINING.test(word)) continue;
        if (!/^\p{Lu}\p{L}+$/u.test(word) || word[0]!.toLowerCase() !== letters[k]) break;
        k += 1;
      }
      if (k < letters.length) continue;
      const value = words.slice(start, end).join(" ").replace(/[,;:.]+$/, "");
      if (!best || value.length > best.value.length) best = { value, line };
    }
  }
  return best ? { value: best.value, lines: [best.line], score: 0.55 } : null;
}
