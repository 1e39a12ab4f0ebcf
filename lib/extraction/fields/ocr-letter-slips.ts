/**
 * "GR0UND FL00R", "TAMAN REK0", "N0.3": PP-OCR reads an O as a zero in a word of capitals. A word of capitals and
 * zeros only, with two capitals or more, has letters there: no label of SROIE's 386 training receipts (170 vendors)
 * has a zero in such a word. "N0" before a number is NO. Words with another digit ("L1-044B", "SS20", postcodes) stay
 * as read. Applied to OCR'd addresses; a name with such a zero is left empty instead (`misread-name.ts`).
 */
export function letterOForZero(text: string): string {
  return text
    .replace(/(?<![\p{L}\d])(?=(?:[\p{Lu}0]*\p{Lu}){2})[\p{Lu}0]*0[\p{Lu}0]*(?![\p{L}\d])/gu, (word) => word.replace(/0/g, "O"))
    .replace(/(?<![\p{L}\d])N0(?=[.:]?\s*\d)/gu, "NO");
}

/**
 * Capital I and small l look alike in print, and PP-OCR swaps them: "MASAl" (MASAI), "JIn Besar" (Jln), "lpoh" (Ipoh).
 * In an OCR'd address: a small l in a word otherwise of capitals (two or more) is an I; a capital I straight after a
 * word's first capital and before small letters is an l ("JIn", "KIang"); a small l starting a word before another
 * consonant ("lpoh") is an I, since no address word starts so.
 */
export function letterIOrEll(text: string): string {
  return text
    .replace(/(?<![\p{L}\d])(?=(?:[\p{Lu}l]*\p{Lu}){2})[\p{Lu}l]*l[\p{Lu}l]*(?![\p{L}\d])/gu, (word) => word.replace(/l/g, "I"))
    .replace(/(?<![\p{L}\d])(\p{Lu})I(?=\p{Ll}+(?![\p{L}\d]))/gu, "$1l")
    .replace(/(?<![\p{L}\d])l(?=[bcdfghjkmnpqrsvwxz]\p{Ll}*(?![\p{L}\d]))/gu, "I");
}

/**
 * "B1750 MASAI": a postcode of five characters whose first is a B before four digits, then the town: the B is an 8.
 * (A B between digits is mended by `mendNumberLetters`.)
 */
export function postcodeLeadingB(text: string): string {
  return text.replace(/(?<![\p{L}\d])B(?=\d{4}\s+\p{L})/gu, "8");
}
