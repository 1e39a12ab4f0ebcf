/** The single-letter slips OCR makes, shared by the repairs of legal forms and of address words. */

/** Digits tesseract reads for capitals: "D.1.Y." for "D.I.Y.", "4lam" for "Alam". */
export const LETTER_LOOKALIKES: Record<string, string> = { "0": "O", "1": "I", "4": "A", "5": "S", "8": "B" };

/** Same length, exactly one letter different. */
export function oneLetterOff(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let i = 0; i < a.length && differences < 2; i += 1) if (a[i] !== b[i]) differences += 1;
  return differences === 1;
}

/** `longer` is `shorter` with one letter added somewhere. */
export function oneLetterAdded(shorter: string, longer: string): boolean {
  if (longer.length !== shorter.length + 1) return false;
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i += 1;
  return shorter.slice(i) === longer.slice(i + 1);
}
