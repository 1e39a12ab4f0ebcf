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
  return depth !== 0 || /\p{L}\d+\p{L}/u.test(text) || /^\p{Ll}+\s+\P{Ll}*\p{Lu}/u.test(text);
}
