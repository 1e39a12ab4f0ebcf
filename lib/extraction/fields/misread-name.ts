/**
 * Marks of a misread that a seller's printed name does not have: a closing bracket with no opening one
 * ("ENTERPRISE SETIA ALAM) SDN BHD": the name's start is on a line above and its bracket was lost) or the reverse,
 * a digit between two letters ("S00N", "HEAL7H"), and a first word in lower case before capitalised ones ("egi Cash &
 * Carry": its capital lost; no seller in the dev sets' ground truth starts so). A name must match letter for letter,
 * so on an OCR'd page such a value is more likely wrong than right, and an empty field beats a wrong one.
 */
export function misreadName(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth += 1;
    else if (char === ")" && --depth < 0) return true;
  }
  return depth !== 0 || /\p{L}\d+\p{L}/u.test(text) || /^\p{Ll}+\s+\P{Ll}*\p{Lu}/u.test(text) || brokenMarks(text);
}

/** Short words in lower case that names do print between capitalised words ("Taste of the World", "Café de Paris"). */
const PARTICLES = new Set(["of", "de", "du", "da", "di", "la", "le", "el", "y", "e", "a", "an", "at", "by", "in", "on", "to", "n", "and", "the", "et", "und", "van", "von", "der", "den"]);

/**
 * Marks of OCR's slips that printed names do not show: a zero beside letters ("AEON C0.", "HAI-0", "0ld Town"), a
 * comma or a doubled stop between initials ("MR, D,I,Y,", "D.I.."), and a fragment of one or two lower-case letters
 * between words that is no particle ("PappaR i ch", "Taste Of The Wor ld": a word split in two).
 */
function brokenMarks(text: string): boolean {
  if (/\p{L}-?0(?![\p{L}\d])|(?<![\p{L}\d])0\p{Ll}/u.test(text)) return true;
  if (/(?<![\p{L}])\p{L},\p{L}(?![\p{L}])|\p{L}\.\.(?!\.)/u.test(text)) return true;
  const words = text.split(/\s+/);
  return words.some((w, i) => i > 0 && /^\p{Ll}{1,2}$/u.test(w) && !PARTICLES.has(w));
}
